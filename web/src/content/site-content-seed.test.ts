import { describe, expect, it } from 'vitest';
import seed from './site-content.seed.json';
import { editorTextToRichText, richTextToEditorText, sanitizeRichText } from '@contract/site/rich-text';
import { describeChanges } from '@contract/site/site-content-changes';
import {
  checkContent,
  checkSection,
  unconfirmedValues,
  type ContentSections,
} from '@contract/site/site-content-checks';
import {
  contentOfSeed,
  GENERAL_FAQ_COUNT,
  productsOf,
  SECTION_IDS,
  sectionValues,
  TESTIMONIAL_COUNT,
  productSection,
  type ContentSeed,
  type ProductContent,
  type SectionId,
} from '@contract/site/site-content';
import { PRODUCT_SLUGS } from '@contract/base/catalogue';

const contentSeed = seed as ContentSeed;
const valueOf = <T>(id: SectionId) => structuredClone(contentSeed[id].value) as T;

describe('the committed seed', () => {
  it('holds every section the contract names, and nothing else', () => {
    expect(Object.keys(contentSeed).sort()).toEqual([...SECTION_IDS].sort());
  });

  it('passes every check a publish makes', () => {
    expect(checkContent(contentSeed)).toEqual([]);
  });

  it('counts what the spec counts: 3 ranges, 12 products, 13 questions, 4 reviews', () => {
    const content = contentOfSeed(contentSeed);
    expect(content.categories).toHaveLength(3);
    expect(productsOf(content)).toHaveLength(12);
    expect(content.faqs).toHaveLength(GENERAL_FAQ_COUNT);
    expect(content.testimonials).toHaveLength(TESTIMONIAL_COUNT);
    expect(sectionValues(content)).toEqual(
      Object.fromEntries(SECTION_IDS.map((id) => [id, contentSeed[id].value])),
    );
  });

  it("marks what today's TypeScript marked PLACEHOLDER, and the new trade terms and registrations", () => {
    const unconfirmed = unconfirmedValues(contentSeed);
    expect(unconfirmed.map((value) => `${value.section} ${value.field}`)).toEqual(
      expect.arrayContaining([
        'product-machine-weft facts.length',
        'product-machine-weft facts.packing',
        'site-facts phone',
        'site-facts gstin',
        'trade-terms minimumOrder',
      ]),
    );
    // The spec states the machine weft bundle: not a stand-in.
    expect(unconfirmed.map((value) => `${value.section} ${value.field}`)).not.toContain(
      'product-machine-weft facts.unit',
    );
    expect(unconfirmed.find((value) => value.field === 'phone')?.message).toBe(
      'Contact and company details · Phone still shows the sample “+91 98765 43210”.',
    );
  });
});

describe('what the owner reads when a value is wrong', () => {
  it.each([
    [
      'product-machine-weft',
      (v: { facts: Record<string, unknown> }) => (v.facts.unit = ''),
      'Machine Weft · Sold as: is empty.',
    ],
    [
      'product-machine-weft',
      (v: Record<string, unknown>) => (v.shortDescription = 'x'.repeat(170)),
      'Machine Weft · Card text: is 10 characters too long (at most 160).',
    ],
    [
      'product-machine-weft',
      (v: Record<string, unknown>) => (v.photo = { id: '0123456789abcdef', alt: '' }),
      "Machine Weft · Photo's description: is empty.",
    ],
    [
      'site-facts',
      (v: Record<string, unknown>) => (v.phone = '98765 43210'),
      'Contact and company details · Phone: is not in the right form. Write it with the country code, as a buyer abroad dials it: +91 98765 43210.',
    ],
    [
      'trade-terms',
      (v: { shipping: { maxDays: number }[] }) => v.shipping.slice(0, 1).forEach((row) => (row.maxDays = 1)),
      "Trade terms · Region 1's transit days: the fewest days must not be more than the most.",
    ],
    [
      'faqs',
      (v: { items: unknown[] }) => v.items.pop(),
      'General questions · Questions: the site shows exactly 13 questions; there are 12.',
    ],
  ] as const)('%s: %s', (id, change, message) => {
    const value = valueOf<never>(id);
    (change as (v: unknown) => void)(value);
    expect(checkSection(id, value).map((problem) => problem.message)).toEqual([message]);
  });
});

describe('what changed, in words', () => {
  it('names the product, the field and both values, and a new photo', () => {
    const before: ContentSections = contentSeed;
    const machineWeft = valueOf<{ facts: Record<string, unknown>; photo: unknown }>('product-machine-weft');
    machineWeft.facts.unit = 'Bundle of 100 g';
    machineWeft.photo = {
      id: '0123456789abcdef',
      alt: 'A machine weft on a table',
    };
    const terms = valueOf<Record<string, unknown>>('trade-terms');
    terms.leadTime = '10 working days';
    const after = {
      ...Object.fromEntries(SECTION_IDS.map((id) => [id, contentSeed[id].value])),
      'product-machine-weft': machineWeft,
      'trade-terms': terms,
    };
    expect(
      describeChanges(Object.fromEntries(SECTION_IDS.map((id) => [id, before[id]?.value])), after),
    ).toEqual([
      'Machine Weft · new photo',
      'Machine Weft · Sold as: “100 g bundle” → “Bundle of 100 g”',
      "Machine Weft · Photo's description: set to “A machine weft on a table”",
      'Trade terms · Lead time: “7–15 working days from the confirmed order” → “10 working days”',
    ]);
  });
});

describe("the seed's descriptions", () => {
  const descriptions = PRODUCT_SLUGS.map(
    (slug) => [slug, (contentSeed[productSection(slug)].value as ProductContent).description] as const,
  );

  it.each(descriptions)(
    '%s is already clean, and reads back exactly as stored after the editor shows it',
    (_, description) => {
      expect(sanitizeRichText(description)).toBe(description);
      expect(editorTextToRichText(richTextToEditorText(description))).toBe(description);
    },
  );
});
