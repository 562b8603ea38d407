/**
 * Countries as the phone field, the emails and the inbox name them: the countries and dialling
 * codes of the one table (phone-countries.ts), named in English by the platform's Intl.DisplayNames
 * (every browser and Node has them, so no list of names is shipped), so the form's list, its
 * messages, the sales email and the CSV agree.
 *
 * Part of the contract: imports only the contract.
 */
import { ENQUIRY_FIELDS } from './enquiry';
import { INDIA } from './phone';
import { MAIN_COUNTRY_OF_SHARED_CODE, PHONE_COUNTRY_CODES } from './phone-countries';

/** ISO code and dialling code of every country, in the table's order. */
const CALLING_CODES = new Map(
  PHONE_COUNTRY_CODES.split(' ').map((entry) => [entry.slice(0, 2), entry.slice(2)] as const),
);

let names: { of(code: string): string | undefined } | null | undefined;

/** English country names from the platform, or null where it has none (then codes are shown). */
function displayNames() {
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames(['en'], { type: 'region' });
    } catch {
      names = null;
    }
  }
  return names;
}

let byName: readonly (readonly [code: string, callingCode: string, name: string])[] | undefined;

/** Every country as [ISO code, dialling code, English name], sorted by name. */
export function phoneCountries(): readonly (readonly [code: string, callingCode: string, name: string])[] {
  byName ??= [...CALLING_CODES]
    .map(([code, callingCode]) => [code, callingCode, countryName(code)] as const)
    .sort((a, b) => a[2].localeCompare(b[2], 'en'));
  return byName;
}

/** Names a sentence puts "the" before: "a valid number for the United States". */
const NAMES_WITH_THE = new Set(
  'AE BS CF CK DO FK FO GB GM IO KM KY MH MV NL PH SB SC TC US VA VG VI'.split(' '),
);

export function isCountry(code: unknown): code is string {
  return typeof code === 'string' && CALLING_CODES.has(code);
}

/** "United States"; the code itself for one the table or the platform does not know. */
export function countryName(code: string): string {
  if (!CALLING_CODES.has(code)) return code;
  try {
    return displayNames()?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** "the United States", "India": the name as it reads inside a sentence. */
export function countryInSentence(code: string): string {
  return NAMES_WITH_THE.has(code) ? `the ${countryName(code)}` : countryName(code);
}

/** "1" for the United States, "91" for India. */
export function callingCodeOf(code: string): string | null {
  return CALLING_CODES.get(code) ?? null;
}

/**
 * The country an international number's first digits name, without any numbering plan: the
 * dialling code it starts with (the longest that fits) and, for a code several countries share,
 * the main one (+1 the United States, +44 the United Kingdom). Null when no code fits.
 */
export function countryOfCallingCode(digits: string): string | null {
  for (const length of [3, 2, 1]) {
    const code = digits.slice(0, length);
    if (code.length < length) continue;
    const main = MAIN_COUNTRY_OF_SHARED_CODE[code];
    if (main) return main;
    const single = [...CALLING_CODES].find(([, callingCode]) => callingCode === code);
    if (single) return single[0];
  }
  return null;
}

/**
 * The phone field's message for a country: India keeps the spec's ("Phone is required and must be
 * a 10-digit number."); abroad "Phone is required and must be a valid number for the United States."
 */
export function phoneMessage(country: string): string {
  if (country === INDIA || !isCountry(country)) return ENQUIRY_FIELDS.phone.message;
  return `Phone is required and must be a valid number for ${countryInSentence(country)}.`;
}
