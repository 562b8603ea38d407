/**
 * The checks every piece of the site's content must pass, with messages an owner understands: the
 * inbox's editor shows them beside the field as the owner types, and the build and a publish
 * refuse content that fails any of them, with the same words. Also the values that still hold the
 * site's sample text (`unconfirmed`), named as the owner sees them.
 *
 * Part of the contract: imports only the contract.
 */
import { plural } from '../base/words';
import { isRecord } from '../base/records';
import { EMAIL_PATTERN } from '../enquiry/enquiry';
import { hasHiddenCharacters } from '../enquiry/hidden-characters';
import { richTextWords } from './rich-text';
import {
  GENERAL_FAQ_COUNT,
  INCOTERMS,
  PHOTO_ID_PATTERN,
  PRODUCT_FACT_LABELS,
  SECTION_IDS,
  sectionKind,
  sectionSlug,
  TESTIMONIAL_COUNT,
  TESTIMONIAL_STARS,
  valueAtPath,
  type SectionId,
  type SectionKind,
} from './site-content';

/** One thing wrong with the content: which section, which field (a dotted path), and what to do. */
export type ContentProblem = { section: SectionId; field: string; message: string };

type TextRule = {
  label: string;
  max: number;
  min?: number;
  /** May be left empty (then the site leaves it out). */
  optional?: boolean;
  /** Several lines allowed (an answer, a review). */
  multiline?: boolean;
  pattern?: RegExp;
  /** What to write, when the pattern refuses it. */
  hint?: string;
};

/** The limits of each text, by section kind and field; `*` stands for a list item's number. */
export const TEXT_RULES: { [K in SectionKind]: Record<string, TextRule> } = {
  product: {
    name: { label: 'Name', min: 3, max: 60 },
    shortDescription: { label: 'Card text', min: 40, max: 160 },
    'facts.length': { label: PRODUCT_FACT_LABELS.length, max: 40 },
    'facts.textureAndColour': { label: PRODUCT_FACT_LABELS.textureAndColour, max: 80 },
    'facts.unit': { label: PRODUCT_FACT_LABELS.unit, max: 40 },
    'facts.packing': { label: PRODUCT_FACT_LABELS.packing, max: 80 },
    'faqs.*.question': { label: 'Question', min: 8, max: 160 },
    'faqs.*.answer': { label: 'Answer', min: 20, max: 600, multiline: true },
    imageAlt: { label: "Drawing's description", min: 10, max: 200 },
    'photo.alt': {
      label: "Photo's description",
      min: 10,
      max: 200,
      hint: 'Say what the photo shows, for buyers who cannot see it.',
    },
  },
  category: {
    title: { label: 'Title', min: 3, max: 60 },
    description: { label: 'Description', min: 40, max: 300 },
    imageAlt: { label: "Drawing's description", min: 10, max: 200 },
  },
  'trade-terms': {
    minimumOrder: { label: 'Minimum order', max: 120 },
    leadTime: { label: 'Lead time', max: 120 },
    paymentTerms: { label: 'Payment terms', max: 160 },
    samples: { label: 'Samples', max: 160 },
    'shipping.*.region': { label: 'Region', max: 40 },
  },
  'site-facts': {
    legalName: { label: 'Registered name', min: 3, max: 80 },
    phone: {
      label: 'Phone',
      max: 20,
      pattern: /^\+[1-9][0-9 ]{7,17}[0-9]$/,
      hint: 'Write it with the country code, as a buyer abroad dials it: +91 98765 43210.',
    },
    whatsapp: {
      label: 'WhatsApp number',
      max: 20,
      pattern: /^\+[1-9][0-9 ]{7,17}[0-9]$/,
      hint: 'Write it with the country code: +91 98765 43210.',
    },
    salesEmail: {
      label: 'Sales email',
      max: 254,
      pattern: EMAIL_PATTERN,
      hint: 'Write a whole address: sales@example.com.',
    },
    streetAddress: { label: 'Street address', min: 3, max: 120 },
    postalCode: {
      label: 'PIN code',
      max: 6,
      pattern: /^[1-9][0-9]{5}$/,
      hint: 'Six digits, such as 641018.',
    },
    businessHours: { label: 'Business hours', min: 5, max: 80 },
    iec: {
      label: 'IEC',
      max: 10,
      pattern: /^[A-Z0-9]{10}$/,
      hint: 'The ten letters and digits of the Importer-Exporter Code, as the DGFT issued it.',
    },
    gstin: {
      label: 'GSTIN',
      max: 15,
      pattern: /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/,
      hint: 'The fifteen characters of the GST number, such as 33ABCDE1234F1Z5.',
    },
    'social.x': {
      label: 'X (Twitter) page',
      max: 120,
      optional: true,
      pattern: /^https:\/\/(?:www\.)?(?:x|twitter)\.com\/[A-Za-z0-9_]{1,15}\/?$/,
      hint: 'The whole address, such as https://x.com/yourname, or leave it empty.',
    },
    'social.youtube': {
      label: 'YouTube channel',
      max: 120,
      optional: true,
      pattern:
        /^https:\/\/(?:www\.)?youtube\.com\/(?:@[\w.-]{3,30}|channel\/[\w-]{10,40}|c\/[\w.-]{1,60})\/?$/,
      hint: 'The whole address, such as https://www.youtube.com/@yourname, or leave it empty.',
    },
    'social.instagram': {
      label: 'Instagram page',
      max: 120,
      optional: true,
      pattern: /^https:\/\/(?:www\.)?instagram\.com\/[A-Za-z0-9_.]{1,30}\/?$/,
      hint: 'The whole address, such as https://www.instagram.com/yourname, or leave it empty.',
    },
  },
  faqs: {
    'items.*.question': { label: 'Question', min: 8, max: 160 },
    'items.*.answer': { label: 'Answer', min: 20, max: 600, multiline: true },
  },
  testimonials: {
    'items.*.reviewMessage': { label: 'Review', min: 20, max: 400, multiline: true },
    'items.*.author': { label: 'Name', min: 2, max: 60 },
    'items.*.authorProfession': { label: 'Work and city', min: 3, max: 60 },
  },
};

/** A product description's limit, counted in the words a visitor reads. */
export const DESCRIPTION_MAX_CHARS = 2_500;
export const PRODUCT_FAQS = { min: 1, max: 8 };
export const SHIPPING_REGIONS = { min: 1, max: 10 };
export const TRANSIT_DAYS_MAX = 120;

/** A field's rule: its own, or its list's (`faqs.2.answer` → `faqs.*.answer`). */
export function textRule(kind: SectionKind, field: string): TextRule | undefined {
  return TEXT_RULES[kind][field] ?? TEXT_RULES[kind][field.replace(/\.\d+\./g, '.*.')];
}

/** How the owner knows a section: the product's name, "Trade terms" … */
export function sectionTitle(id: SectionId, value?: unknown): string {
  const kind = sectionKind(id);
  const named = (valueAtPath(value, kind === 'category' ? 'title' : 'name') as string | undefined)?.trim();
  if (kind === 'product') return named || sectionSlug(id);
  if (kind === 'category') return `The range “${named || sectionSlug(id)}”`;
  return {
    'trade-terms': 'Trade terms',
    'site-facts': 'Contact and company details',
    faqs: 'General questions',
    testimonials: 'Reviews',
  }[kind];
}

/** How the owner knows a field: "Sold as", "Question 3", "Europe's transit days". */
export function fieldLabel(id: SectionId, field: string): string {
  const kind = sectionKind(id);
  const item = /\.(\d+)\./.exec(field);
  const number = item ? ` ${Number(item[1]) + 1}` : '';
  if (field === 'description') return 'Description';
  if (field === 'incoterms') return 'Incoterms';
  if (field === 'photo') return 'Photo';
  if (field === 'shipping') return 'Shipping regions';
  if (/^shipping\.\d+\.(minDays|maxDays)$/.test(field)) return `Region${number}'s transit days`;
  if (/^(items|faqs)$/.test(field)) return kind === 'testimonials' ? 'Reviews' : 'Questions';
  if (/^items\.\d+\.starRating$/.test(field)) return `Review${number}'s stars`;
  const rule = textRule(kind, field);
  return rule ? `${rule.label}${number}` : field;
}

const oneLine = (text: string) => !/[\r\n\u2028\u2029]/.test(text);

/** What is wrong with one text, in the owner's words; null when nothing is. */
export function textProblem(rule: TextRule, value: unknown): string | null {
  if (typeof value !== 'string') return 'is missing.';
  const text = value.trim();
  if (!text) return rule.optional ? null : 'is empty.';
  if (hasHiddenCharacters(value))
    return 'has invisible characters in it (they come with pasted text): type it again.';
  if (!rule.multiline && !oneLine(value)) return 'must be one line.';
  if (value.length > rule.max)
    return `is ${plural(value.length - rule.max, 'character')} too long (at most ${rule.max}).`;
  if (rule.min !== undefined && text.length < rule.min)
    return `is too short: write at least ${rule.min} characters.`;
  if (rule.pattern && !rule.pattern.test(value)) return `is not in the right form. ${rule.hint ?? ''}`.trim();
  return null;
}

/** Every text field of a section's value, as dotted paths with their values (lists expanded). */
function textFields(kind: SectionKind, value: unknown): [string, unknown][] {
  const fields: [string, unknown][] = [];
  for (const pattern of Object.keys(TEXT_RULES[kind])) {
    if (!pattern.includes('*')) {
      if (pattern === 'photo.alt' && !isRecord(valueAtPath(value, 'photo'))) continue;
      fields.push([pattern, valueAtPath(value, pattern)]);
      continue;
    }
    const [listPath = '', itemField = ''] = pattern.split('.*.');
    const list = valueAtPath(value, listPath);
    if (Array.isArray(list))
      list.forEach((item, index) =>
        fields.push([`${listPath}.${index}.${itemField}`, valueAtPath(item, itemField)]),
      );
  }
  return fields;
}

/** Everything wrong with one section's value; empty when it may be published. */
export function checkSection(id: SectionId, value: unknown): ContentProblem[] {
  const kind = sectionKind(id);
  const problems: ContentProblem[] = [];
  const title = sectionTitle(id, value);
  const add = (field: string, message: string) =>
    problems.push({ section: id, field, message: `${title} · ${fieldLabel(id, field)}: ${message}` });
  if (!isRecord(value)) {
    problems.push({ section: id, field: '', message: `${title}: nothing is saved for it yet.` });
    return problems;
  }
  for (const [field, text] of textFields(kind, value)) {
    const rule = textRule(kind, field);
    const problem = rule && textProblem(rule, text);
    if (problem) add(field, problem);
  }
  const countOf = (field: string, range: { min: number; max: number }, noun: string) => {
    const list = value[field];
    if (!Array.isArray(list)) add(field, `the list is missing.`);
    else if (list.length < range.min || list.length > range.max)
      add(
        field,
        range.min === range.max
          ? `the site shows exactly ${plural(range.min, noun)}; there ${list.length === 1 ? 'is' : 'are'} ${list.length}.`
          : `keep between ${range.min} and ${range.max} ${noun}s; there ${list.length === 1 ? 'is' : 'are'} ${list.length}.`,
      );
  };
  if (kind === 'product') {
    if (typeof value.description !== 'string') add('description', 'is missing.');
    else {
      const words = richTextWords(value.description);
      if (!words) add('description', 'is empty.');
      else if (words.length > DESCRIPTION_MAX_CHARS)
        add(
          'description',
          `is ${plural(words.length - DESCRIPTION_MAX_CHARS, 'character')} too long (at most ${DESCRIPTION_MAX_CHARS}).`,
        );
      // Markup the site does not allow is no refusal: every render sanitises it away (rich-text.ts).
    }
    countOf('faqs', PRODUCT_FAQS, 'question');
    if (Array.isArray(value.faqs))
      value.faqs.forEach((faq, index) => {
        const question = valueAtPath(faq, 'question');
        if (typeof question === 'string' && question.trim() && !question.trim().endsWith('?'))
          add(`faqs.${index}.question`, 'should end with a question mark.');
      });
    if (
      value.photo !== null &&
      !(isRecord(value.photo) && typeof value.photo.id === 'string' && PHOTO_ID_PATTERN.test(value.photo.id))
    )
      add('photo', 'is not a photo the site knows: upload it again.');
  }
  if (kind === 'trade-terms') {
    const incoterms = value.incoterms;
    if (!Array.isArray(incoterms) || incoterms.length === 0) add('incoterms', 'choose at least one.');
    else if (
      incoterms.some((term) => !(INCOTERMS as readonly unknown[]).includes(term)) ||
      new Set(incoterms).size !== incoterms.length
    )
      add('incoterms', `choose from ${INCOTERMS.join(', ')}, each once.`);
    countOf('shipping', SHIPPING_REGIONS, 'region');
    if (Array.isArray(value.shipping))
      value.shipping.forEach((row, index) => {
        const min = valueAtPath(row, 'minDays');
        const max = valueAtPath(row, 'maxDays');
        const whole = (days: unknown) =>
          Number.isInteger(days) && (days as number) >= 1 && (days as number) <= TRANSIT_DAYS_MAX;
        if (!whole(min) || !whole(max))
          add(`shipping.${index}.minDays`, `write whole days, from 1 to ${TRANSIT_DAYS_MAX}.`);
        else if ((min as number) > (max as number))
          add(`shipping.${index}.minDays`, 'the fewest days must not be more than the most.');
      });
  }
  if (kind === 'faqs') countOf('items', { min: GENERAL_FAQ_COUNT, max: GENERAL_FAQ_COUNT }, 'question');
  if (kind === 'testimonials') {
    countOf('items', { min: TESTIMONIAL_COUNT, max: TESTIMONIAL_COUNT }, 'review');
    if (Array.isArray(value.items))
      value.items.forEach((item, index) => {
        if (valueAtPath(item, 'starRating') !== TESTIMONIAL_STARS)
          add(`items.${index}.starRating`, `the site shows ${TESTIMONIAL_STARS}-star reviews only.`);
      });
  }
  return problems;
}

/** Each section's value and unconfirmed fields, however they were read (the drafts, the seed). */
export type ContentSections = Partial<Record<SectionId, { value: unknown; unconfirmed?: unknown }>>;

/** Everything wrong with the whole content, section by section, in the editor's order. */
export function checkContent(sections: ContentSections): ContentProblem[] {
  return SECTION_IDS.flatMap((id) => checkSection(id, sections[id]?.value));
}

/** A value that still holds the site's sample text: where it is and what it says. */
export type UnconfirmedValue = { section: SectionId; field: string; message: string };

const quoted = (value: unknown) =>
  typeof value === 'string'
    ? `“${value.length > 60 ? `${value.slice(0, 57)}…` : value}”`
    : JSON.stringify(value);

/** The unconfirmed fields of every section that are still there, named as the owner knows them. */
export function unconfirmedValues(sections: ContentSections): UnconfirmedValue[] {
  return SECTION_IDS.flatMap((id) => {
    const section = sections[id];
    const fields = Array.isArray(section?.unconfirmed)
      ? (section.unconfirmed as unknown[]).filter((f): f is string => typeof f === 'string')
      : [];
    return fields
      .filter((field) => valueAtPath(section?.value, field) !== undefined)
      .map((field) => ({
        section: id,
        field,
        message: `${sectionTitle(id, section?.value)} · ${fieldLabel(id, field)} still shows the sample ${quoted(valueAtPath(section?.value, field))}.`,
      }));
  });
}
