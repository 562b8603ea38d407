/**
 * The enquiry contract: the one definition of what a visitor may write.
 *
 * The web forms (yup schemas), the payload builders, the sales email, the CSV export and the
 * tests all read this file. firestore.rules is written by hand; tests/rules proves, document by
 * document, that the rules and `checkEnquiryDocument` give the same verdict.
 *
 * Pure TypeScript importing only the contract, so both the browser bundle and the Cloud Functions use it.
 */
import { twoDigits } from '../base/time';
import { ENQUIRY_COLLECTION, POPUP_ENQUIRY_COLLECTION, type EnquiryCollection } from './collections';
import { hasHiddenCharacters, withoutHiddenCharacters } from './hidden-characters';
import { normaliseTypedPhone, PHONE_MAX_LENGTH, PHONE_PATTERN } from './phone';
import { checkLeadSource, LEAD_SOURCE_FIELD, leadSourceField, type LeadSource } from './lead-source';
import {
  buildRequestLines,
  checkPopupProduct,
  checkRequestLines,
  isRequestLineProduct,
  POPUP_PRODUCT_FIELD,
  REQUEST_LINES_FIELD,
  type RequestLine,
  type RequestLineInput,
} from './request-lines';

// Where the forms, the rules tests and the inbox have always found the phone's shape.
export { PHONE_PATTERN } from './phone';

/**
 * An enquiry's document ID: chosen by the visitor's browser once per filled form (enquiry-id.ts),
 * in the shape of Firestore's own auto-IDs, so every retry of one submission writes the same
 * document. The rules accept no other shape: a chosen ID never carries line breaks, markup or bidi
 * controls into the sales email, and the inbox knows a link cut short when it sees one.
 */
export const ENQUIRY_ID_LENGTH = 20;
export const ENQUIRY_ID_PATTERN = /^[A-Za-z0-9]{20}$/;

/** Which page a full-form enquiry came from; empty when the form sits anywhere else. */
export const FORM_PAGES = { home: 'Homepage', enquiry: 'Enquirypage', other: '' } as const;
export type FormPage = (typeof FORM_PAGES)[keyof typeof FORM_PAGES];
const FORM_PAGE_VALUES: readonly FormPage[] = Object.values(FORM_PAGES);

export const BUSINESS_OPTIONS = [
  'I am a Wholesaler',
  'I am a Hair Trader',
  'I am a Distributor',
  'I am a Salon Retailer',
  'I am a Hair Stylist',
  'Others',
] as const;
export type BusinessOption = (typeof BUSINESS_OPTIONS)[number];
export const DEFAULT_BUSINESS: BusinessOption = 'I am a Wholesaler';

/** The full form offers these; the contract stores any short text, as the spec says. */
export const ORDER_TYPES = [
  { value: 'bulk', label: 'Bulk' },
  { value: 'retail', label: 'Retail' },
] as const;

/**
 * A sane address, written so that JavaScript and the rules' RE2 read it the same way:
 * - local part: dot-separated runs of common characters (plus-addressing and apostrophes kept),
 *   no leading, trailing or doubled dot;
 * - domain: labels of letters, digits and inner hyphens, each at most 63 characters;
 * - top-level domain: letters (any of the new long ones) or punycode (`xn--h2brj9c`, .भारत).
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9_%+'-]+(\.[A-Za-z0-9_%+'-]+)*@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+([A-Za-z]{2,63}|[Xx][Nn]--[A-Za-z0-9]([A-Za-z0-9-]{0,57}[A-Za-z0-9])?)$/;
/** RFC 5321 allows 64 characters before the @; RE2 has no look-ahead, so this is a second pattern. */
export const EMAIL_LOCAL_PART_LIMIT = /^[^@]{1,64}@/;
/** dd-mm-yyyy with day 01–31 and month 01–12, as the spec stores dates. */
export const DATE_PATTERN = /^(0[1-9]|[12][0-9]|3[01])-(0[1-9]|1[0-2])-[0-9]{4}$/;
/** hh:mm:ss on a 24-hour clock. */
export const TIME_PATTERN = /^([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$/;
/**
 * The visitor's IANA time zone as their browser names it (`America/New_York`, `Asia/Calcutta`,
 * `America/Argentina/Buenos_Aires`, `Etc/GMT+5`): a letter, then letters, digits and `_ + / -`.
 * Only the shape is checked (the rules cannot consult a zone database); a reader that cannot
 * place a zone treats it as unknown.
 */
export const TIME_ZONE_PATTERN = /^[A-Za-z][A-Za-z0-9_+/-]{0,63}$/;

export type FieldRule = {
  /** How sales people see the field in emails and the CSV export. */
  label: string;
  /** Must contain at least one letter or digit, in any script. */
  required: boolean;
  minLength?: number;
  maxLength: number;
  pattern?: RegExp;
  /** A second pattern the value must also match (a limit RE2 cannot put inside the first). */
  alsoPattern?: RegExp;
  oneOf?: readonly string[];
  /**
   * Shown on one line (name, city, company, order type): no control characters or line and
   * paragraph separators that could forge lines in the sales email. (No field of any kind may hold
   * hidden characters: hidden-characters.ts.)
   */
  oneLine?: boolean;
  /** The visitor-facing message when the field is wrong (spec section 5), if the form shows it. */
  message?: string;
  /** The key may be left out (documents stored before it existed stay valid); when present, it keeps the rule. */
  mayBeAbsent?: boolean;
};

export const ENQUIRY_FIELDS = {
  formpage: { label: 'Form', required: false, maxLength: 20, oneOf: FORM_PAGE_VALUES },
  name: { label: 'Name', required: true, maxLength: 100, oneLine: true, message: 'Name is required.' },
  companyname: { label: 'Company', required: false, maxLength: 120, oneLine: true },
  // Ten digits for India, E.164 abroad (phone.ts); a number abroad must also exist in its
  // country's plan, which the forms check (phone-plans.ts) and the rules cannot.
  phone: {
    label: 'Phone',
    required: true,
    maxLength: PHONE_MAX_LENGTH,
    pattern: PHONE_PATTERN,
    message: 'Phone is required and must be a 10-digit number.',
  },
  email: {
    label: 'Email',
    required: true,
    maxLength: 254,
    pattern: EMAIL_PATTERN,
    alsoPattern: EMAIL_LOCAL_PART_LIMIT,
    message: 'Email is required and must be valid.',
  },
  city: { label: 'City', required: true, maxLength: 100, oneLine: true, message: 'City is required.' },
  ordertype: {
    label: 'Order type',
    required: true,
    maxLength: 50,
    oneLine: true,
    message: 'Order Type is required.',
  },
  message: {
    label: 'Message',
    required: true,
    minLength: 10,
    maxLength: 5000,
    message: 'Message is required and must be at least 10 characters long.',
  },
  date: { label: 'Date', required: true, maxLength: 10, pattern: DATE_PATTERN },
  time: { label: 'Time', required: true, maxLength: 8, pattern: TIME_PATTERN },
  timezone: {
    label: 'Time zone',
    required: false,
    maxLength: 64,
    pattern: TIME_ZONE_PATTERN,
    mayBeAbsent: true,
  },
} as const satisfies Record<string, FieldRule>;

export const POPUP_ENQUIRY_FIELDS = {
  name: ENQUIRY_FIELDS.name,
  email: ENQUIRY_FIELDS.email,
  phone: ENQUIRY_FIELDS.phone,
  business: {
    label: 'Business',
    required: true,
    maxLength: 30,
    oneOf: BUSINESS_OPTIONS,
    message: 'Please select a business type.',
  },
  date: ENQUIRY_FIELDS.date,
  time: ENQUIRY_FIELDS.time,
  timezone: ENQUIRY_FIELDS.timezone,
} as const satisfies Record<string, FieldRule>;

type EnquiryField = keyof typeof ENQUIRY_FIELDS;
type PopupEnquiryField = keyof typeof POPUP_ENQUIRY_FIELDS;
type EnquiryPayload = Record<Exclude<EnquiryField, 'timezone'>, string> & {
  timezone?: string;
  lines?: RequestLine[];
  source?: LeadSource;
};
type PopupEnquiryPayload = Record<Exclude<PopupEnquiryField, 'timezone'>, string> & {
  timezone?: string;
  source?: LeadSource;
  /** The product page the popup was on (request-lines.ts). */
  product?: string;
};

export const FIELDS_BY_COLLECTION: Record<EnquiryCollection, Record<string, FieldRule>> = {
  [ENQUIRY_COLLECTION]: ENQUIRY_FIELDS,
  [POPUP_ENQUIRY_COLLECTION]: POPUP_ENQUIRY_FIELDS,
};

/**
 * Keys that hold more than text, each with its own check, and each optional (documents stored
 * before it existed stay valid): the full form's request lines and the popup's product
 * (request-lines.ts), and where the buyer came from, on both forms (lead-source.ts).
 */
export const STRUCTURED_FIELDS_BY_COLLECTION: Record<
  EnquiryCollection,
  Record<string, (value: unknown) => string[]>
> = {
  [ENQUIRY_COLLECTION]: { [REQUEST_LINES_FIELD]: checkRequestLines, [LEAD_SOURCE_FIELD]: checkLeadSource },
  [POPUP_ENQUIRY_COLLECTION]: {
    [LEAD_SOURCE_FIELD]: checkLeadSource,
    [POPUP_PRODUCT_FIELD]: checkPopupProduct,
  },
};

/** Set by the database, never by the visitor: the rules require it to equal the request time. */
export const SERVER_TIMESTAMP_FIELD = 'createdAt';

/** The messages of spec sections 5 and 8 that are not tied to one field. */
export const FORM_MESSAGES = {
  invalid: 'Please fill out the form correctly.',
  termsRequired: 'Please accept the terms and conditions.',
  submitFailed: 'Failed to submit the form. Please try again.',
} as const;

/**
 * Length as the rules count it: `string.size()` in firestore.rules counts UTF-16 code units, like
 * JavaScript's `length` (measured on the emulator: '😀' is 2, 'தமிழ்' is 5), so an emoji costs
 * two characters of a limit on both sides.
 */
function textLength(value: string): number {
  return value.length;
}

/**
 * What makes a required value more than decoration: a letter or a digit of any script (Tamil,
 * Devanagari, Vietnamese ...). Spaces, dots, zero-width and no-break spaces alone are not.
 * The rules say the same with RE2's `\p{L}` and `\p{N}` (checked on the emulator).
 */
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
export function hasLetterOrDigit(value: string): boolean {
  return LETTER_OR_DIGIT.test(value);
}

/**
 * Characters a one-line field refuses: C0 controls (CR, LF, tab ...), DEL and C1 controls (NEL),
 * and the line and paragraph separators, which could forge lines in the sales email.
 */
const NOT_ONE_LINE =
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;
function isOneLine(value: string): boolean {
  return !NOT_ONE_LINE.test(value);
}

type FieldProblem =
  | 'not-text'
  | 'too-long'
  | 'blank'
  | 'hidden-character'
  | 'not-one-line'
  | 'too-short'
  | 'bad-format'
  | 'not-allowed';

/** Which rule a value breaks, or null when it keeps them all. */
export function checkField(rule: FieldRule, value: unknown): FieldProblem | null {
  if (typeof value !== 'string') return 'not-text';
  const length = textLength(value);
  if (length > rule.maxLength) return 'too-long';
  if (rule.required && !hasLetterOrDigit(value)) return 'blank';
  if (hasHiddenCharacters(value)) return 'hidden-character';
  if (rule.oneLine && !isOneLine(value)) return 'not-one-line';
  if (rule.minLength !== undefined && length < rule.minLength) return 'too-short';
  if (rule.pattern && !rule.pattern.test(value)) return 'bad-format';
  if (rule.alsoPattern && !rule.alsoPattern.test(value)) return 'bad-format';
  if (rule.oneOf && !rule.oneOf.includes(value)) return 'not-allowed';
  return null;
}

/**
 * The message a visitor reads for a broken rule: the spec's own words, or, for free text that is
 * too long, the limit (a phone or a choice has no separate length message).
 */
export function fieldMessage(rule: FieldRule, problem: FieldProblem): string {
  const freeText = !rule.pattern && !rule.oneOf;
  if (problem === 'too-long' && freeText)
    return `${rule.label} must be at most ${rule.maxLength} characters.`;
  if (problem === 'not-one-line') return `${rule.label} must be one line of plain text.`;
  if (problem === 'hidden-character') return `${rule.label} must not contain hidden characters.`;
  return rule.message ?? `${rule.label} is not valid.`;
}

/**
 * The contract's verdict on a document a visitor tries to create: a list of problems, empty when
 * the document is acceptable. `createdAt` must be present; that it equals the request time is
 * the rules' job (only the server knows that time).
 */
export function checkEnquiryDocument(collection: EnquiryCollection, doc: Record<string, unknown>): string[] {
  const fields = FIELDS_BY_COLLECTION[collection];
  const structured = STRUCTURED_FIELDS_BY_COLLECTION[collection];
  const allowed = new Set([...Object.keys(fields), ...Object.keys(structured), SERVER_TIMESTAMP_FIELD]);
  const problems: string[] = [];
  for (const key of Object.keys(doc)) {
    if (!allowed.has(key)) problems.push(`${key}: is not part of the contract`);
  }
  for (const key of allowed) {
    if (!(key in doc) && !fields[key]?.mayBeAbsent && !(key in structured))
      problems.push(`${key}: is missing`);
  }
  for (const [key, rule] of Object.entries(fields)) {
    if (!(key in doc)) continue;
    const problem = checkField(rule, doc[key]);
    if (problem) problems.push(`${key}: ${problem}`);
  }
  for (const [key, check] of Object.entries(structured)) if (key in doc) problems.push(...check(doc[key]));
  return problems;
}

/**
 * What the document stores for what the visitor typed: hidden characters removed (they show
 * nothing, so nothing a person typed is lost), then trimmed text; a phone typed for India as its
 * ten digits, or written with its country code as E.164 (phone.ts; a national number abroad is
 * prepared with its country's plan by phone-plans.ts before it gets here).
 */
export function prepareInput(field: string, raw: string): string {
  const visible = withoutHiddenCharacters(raw);
  return field === 'phone' ? normaliseTypedPhone(visible) : visible.trim();
}

/** The visitor's time zone when it has the contract's shape; nothing otherwise, never a refusal. */
function timeZoneField(timeZone: string | undefined): { timezone?: string } {
  return timeZone && TIME_ZONE_PATTERN.test(timeZone) ? { timezone: timeZone } : {};
}

/** dd-mm-yyyy from the visitor's device clock. */
export function formatEnquiryDate(at: Date): string {
  return `${twoDigits(at.getDate())}-${twoDigits(at.getMonth() + 1)}-${at.getFullYear()}`;
}

/** hh:mm:ss, 24-hour, from the visitor's device clock. */
export function formatEnquiryTime(at: Date): string {
  return `${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}:${twoDigits(at.getSeconds())}`;
}

export type EnquiryFormValues = {
  name: string;
  companyname: string;
  phone: string;
  email: string;
  city: string;
  ordertype: string;
  message: string;
  /** What the buyer asks a quote for (request-lines.ts); none when left out. */
  lines?: readonly RequestLineInput[];
};

export type PopupEnquiryFormValues = {
  name: string;
  email: string;
  phone: string;
  business: string;
  /** The catalogue address of the product page the popup is on; anything else is left out. */
  product?: string;
};

/**
 * The full form's document, without `createdAt` (the Firebase module adds the server time); the
 * visit's first touch (`source`) when the browser recorded one that keeps the contract.
 */
export function buildEnquiryPayload(
  values: EnquiryFormValues,
  formpage: FormPage,
  now: Date,
  timeZone?: string,
  source?: unknown,
): EnquiryPayload {
  return {
    formpage,
    name: prepareInput('name', values.name),
    companyname: prepareInput('companyname', values.companyname),
    phone: prepareInput('phone', values.phone),
    email: prepareInput('email', values.email),
    city: prepareInput('city', values.city),
    ordertype: prepareInput('ordertype', values.ordertype),
    message: prepareInput('message', values.message),
    date: formatEnquiryDate(now),
    time: formatEnquiryTime(now),
    ...timeZoneField(timeZone),
    ...buildRequestLines(values.lines ?? []),
    ...leadSourceField(source),
  };
}

/** The popup's document, without `createdAt`. */
export function buildPopupEnquiryPayload(
  values: PopupEnquiryFormValues,
  now: Date,
  timeZone?: string,
  source?: unknown,
): PopupEnquiryPayload {
  return {
    name: prepareInput('name', values.name),
    email: prepareInput('email', values.email),
    phone: prepareInput('phone', values.phone),
    business: prepareInput('business', values.business),
    date: formatEnquiryDate(now),
    time: formatEnquiryTime(now),
    ...timeZoneField(timeZone),
    ...(isRequestLineProduct(values.product) ? { [POPUP_PRODUCT_FIELD]: values.product } : {}),
    ...leadSourceField(source),
  };
}
