/**
 * Phone numbers checked against their country's numbering plan: what the visitor typed for the
 * country they chose, as the enquiry stores it; whether it is a real number there; its country;
 * and how that country writes it (`+1 212 555 0100`, `+44 7911 123456`, `+91 98765 43210`).
 *
 * The plans come from libphonenumber-js (Google's libphonenumber metadata, kept up to date by its
 * maintainers) rather than a table of our own, and this is the contract's one import from outside
 * itself: the forms, the functions and the inbox must judge a number by the same plans, and the
 * library is plain data and functions (no Node, no DOM), so the contract still compiles alone.
 * The public site loads this module only when a number abroad is typed or a country other than
 * India is chosen (its `min` plans weigh about 27 KB gzipped); India's rule needs no plan.
 *
 * Part of the contract: imports the contract and libphonenumber-js.
 */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { countryInSentence, countryOfCallingCode, isCountry, phoneMessage } from './countries';
import { withoutHiddenCharacters } from './hidden-characters';
import {
  compactPhone,
  e164Of,
  INDIA,
  INDIAN_PHONE_PATTERN,
  INTERNATIONAL_PHONE_PATTERN,
  normaliseTypedPhone,
  storedPhoneOf,
} from './phone';

const isInternational = (compact: string) => compact.startsWith('+');

/**
 * What `phone` stores for what the visitor typed with `country` chosen: India's ten digits as
 * today ("+91 98765 43210", "098765-43210"); a number written with `+` or `00` as that country's
 * whatever was chosen; any other number as `country`'s national number ("07911 123456" for the
 * United Kingdom is "+447911123456"). Something that is no number is returned as typed (trimmed).
 */
export function preparePhone(raw: string, country: string): string {
  const visible = withoutHiddenCharacters(raw);
  const compact = compactPhone(visible.trim());
  if ((country === INDIA || !isCountry(country)) && !isInternational(compact))
    return normaliseTypedPhone(visible);
  const parsed = parsePhoneNumberFromString(
    compact,
    isInternational(compact) ? undefined : (country as CountryCode),
  );
  if (!parsed || !/^[0-9+]+$/.test(compact)) return normaliseTypedPhone(visible);
  return storedPhoneOf(parsed.number);
}

/**
 * Whether a stored `phone` is a number a salesperson can reach: any ten digits for India (the
 * spec's rule), and abroad a number that exists in its country's plan.
 */
export function isReachablePhone(stored: string): boolean {
  if (INDIAN_PHONE_PATTERN.test(stored)) return true;
  if (!INTERNATIONAL_PHONE_PATTERN.test(stored)) return false;
  return parsePhoneNumberFromString(stored)?.isValid() ?? false;
}

/** The message for a stored `phone` typed with `country` chosen, or null when it is reachable. */
export function phoneProblem(stored: string, country: string): string | null {
  return isReachablePhone(stored) ? null : phoneMessage(phoneCountry(stored) ?? country);
}

/**
 * The country of a stored (or typed international) number: India for ten digits; abroad the
 * country its plan gives (+1 416 is Canada), or the main country of its dialling code; null for
 * anything else.
 */
export function phoneCountry(phone: unknown): string | null {
  const e164 = e164Of(phone) ?? (typeof phone === 'string' ? compactPhone(phone.trim()) : '');
  if (!/^\+[0-9]{1,15}$/.test(e164)) return null;
  if (e164.startsWith('+91')) return INDIA;
  const planned = parsePhoneNumberFromString(e164)?.country;
  return planned && isCountry(planned) ? planned : countryOfCallingCode(e164.slice(1));
}

/** What the sales team may do with a stored number: dial it, or read why it cannot be dialled. */
export type PhoneValidity = { valid: true; e164: string; display: string } | { valid: false; note: string };

/**
 * Whether a stored `phone` is a number that exists in its country's numbering plan, for every
 * reader that would dial it (the sales email, the WhatsApp alert, the inbox, the digest). The form
 * keeps the spec's rule for India (any ten digits), so `0000000000` and `+1` with 14 digits are
 * stored; here they read as "not a valid number for India" and "… for the United States" (`+999…`,
 * a code no country has, as "not a valid phone number"), and nobody is offered a call or a chat.
 * The plans are the `min` set the forms load: they know each country's lengths and leading digits
 * (Indian numbers start 1-9 and mobiles 6-9), not every range (`1111111111` passes; the `max` set,
 * twice the weight in the inbox, would refuse it).
 */
export function phoneValidity(phone: unknown): PhoneValidity {
  const e164 = e164Of(phone);
  const parsed = e164 ? parsePhoneNumberFromString(e164) : undefined;
  // The plan must take the number as stored: `+910123456789` parses as the nine digits after the 0.
  if (e164 && parsed?.isValid() && parsed.number === e164)
    return { valid: true, e164, display: parsed.formatInternational() };
  const country = phoneCountry(phone);
  return {
    valid: false,
    note: country ? `not a valid number for ${countryInSentence(country)}` : 'not a valid phone number',
  };
}

/**
 * A stored number as its country writes it for the world: `+91 98765 43210`, `+1 212 555 0100`,
 * `+44 7911 123456`; the E.164 number when its plan has no grouping for it; null when it is no
 * number the contract stores.
 */
export function displayPhone(phone: unknown): string | null {
  const e164 = e164Of(phone);
  if (!e164) return null;
  const parsed = parsePhoneNumberFromString(e164);
  return parsed?.isValid() ? parsed.formatInternational() : e164;
}

/**
 * A stored number as its own country dials it at home, for a form that edits it beside its
 * country: `98765 43210` stays ten digits, `+12125550100` is `(212) 555-0100`.
 */
export function nationalPhone(phone: unknown): string {
  const e164 = e164Of(phone);
  if (!e164) return typeof phone === 'string' ? phone : '';
  if (e164.startsWith('+91')) return e164.slice(3);
  const parsed = parsePhoneNumberFromString(e164);
  return parsed?.isValid() ? parsed.formatNational() : e164;
}
