/**
 * A buyer's phone number as an enquiry stores it, in one representation nobody downstream has to
 * guess at, and the one way every reader turns it into a number to dial:
 * - an Indian number is its ten digits, as the contract has always stored them (so a document
 *   stored before numbers abroad were taken still means India);
 * - a number abroad is E.164: `+`, the country code (never 91) and the number, 8 to 15 digits.
 * A `+91` number is always stored as its ten digits, so India has exactly one representation.
 * Whether a number abroad exists in its country's numbering plan is phone-plans.ts's question (it
 * needs libphonenumber-js); this module is only the shape, which firestore.rules checks as well.
 *
 * Part of the contract: no imports.
 */

export const INDIA = 'IN';
export const INDIA_CALLING_CODE = '91';

/** Exactly ten digits: an Indian mobile or landline number without the +91 or 0 prefix. */
export const INDIAN_PHONE_PATTERN = /^[0-9]{10}$/;
/**
 * E.164 abroad: `+` then 8 to 15 digits, the first not 0 and the first two not 91. Written without
 * look-ahead, so firestore.rules (RE2) says exactly the same.
 */
export const INTERNATIONAL_PHONE_PATTERN = /^\+([1-8][0-9]{7,14}|9[02-9][0-9]{6,13})$/;
/** What `phone` may hold: either of the two. */
export const PHONE_PATTERN = /^([0-9]{10}|\+([1-8][0-9]{7,14}|9[02-9][0-9]{6,13}))$/;
/** `+` and 15 digits. */
export const PHONE_MAX_LENGTH = 16;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The E.164 number of a stored `phone`: ten digits are India's (`+91…`), an E.164 number is
 * itself; null for anything else (a document written past the contract). The sales email's call
 * and WhatsApp links, the WhatsApp alert, the inbox's buttons and the exports all dial this.
 */
export function e164Of(phone: unknown): string | null {
  const stored = text(phone);
  if (INDIAN_PHONE_PATTERN.test(stored)) return `+${INDIA_CALLING_CODE}${stored}`;
  return INTERNATIONAL_PHONE_PATTERN.test(stored) ? stored : null;
}

/** What `phone` stores for an E.164 number: an Indian one as its ten digits, any other as it is. */
export function storedPhoneOf(e164: string): string {
  const indian = new RegExp(`^\\+${INDIA_CALLING_CODE}([0-9]{10})$`).exec(e164);
  return indian?.[1] ?? e164;
}

/** Spaces, dots, dashes and brackets, which people type inside numbers. */
const NUMBER_PUNCTUATION = /[\s().-]/g;

/**
 * A number as typed with its punctuation gone and an international `00` written as `+`
 * ("0044 7911 123456" is "+447911123456").
 */
export function compactPhone(raw: string): string {
  return raw.replace(NUMBER_PUNCTUATION, '').replace(/^00(?=[1-9])/, '+');
}

/**
 * What the contract stores for a number typed for India, or written with its country code, with
 * no numbering plan at hand: "+91 98765 43210", "098765-43210" and "919876543210" are the ten
 * digits, "+1 212 555 0100" is "+12125550100"; anything else is returned as typed (trimmed) so
 * the message can explain it. (A national number abroad, "07911 123456" for the United Kingdom,
 * needs its country's plan: phone-plans.ts.)
 */
export function normaliseTypedPhone(raw: string): string {
  const compact = compactPhone(raw);
  const national = compact.replace(/^(\+?91(?=[0-9]{10}$)|0(?=[0-9]{10}$))/, '');
  return PHONE_PATTERN.test(national) ? national : raw.trim();
}

/**
 * Who a phone number belongs to, as admission control, the digest, a privacy request and the
 * inbox compare people: an Indian number as its ten digits however it is written (spaces, `+91`,
 * `0091` and a leading 0 ignored), so every key stored before numbers abroad were taken still
 * matches; a number abroad as its E.164 string with the `+`, so `+12125550100` and the Indian
 * `2125550100` are different people by construction.
 */
export function phoneKey(value: unknown): string {
  const compact = compactPhone(text(value).trim()).replace(/[^0-9+]/g, '');
  if (compact.startsWith('+')) {
    const digits = compact.replace(/\D/g, '');
    if (!digits) return '';
    if (digits.length === 12 && digits.startsWith(INDIA_CALLING_CODE)) return digits.slice(2);
    return `+${digits}`;
  }
  const digits = compact.replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith(INDIA_CALLING_CODE)) return digits.slice(2);
  if (digits.length === 11 && digits.startsWith('0')) return digits.slice(1);
  return digits;
}
