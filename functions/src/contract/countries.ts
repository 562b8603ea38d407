/**
 * Countries as the phone field, the emails and the inbox name them: from the one table
 * (phone-countries.ts), so the form's list, its messages, the sales email and the CSV agree.
 *
 * Part of the contract: imports only the contract.
 */
import { MAIN_COUNTRY_OF_SHARED_CODE, PHONE_COUNTRIES } from './phone-countries';

const BY_CODE = new Map(PHONE_COUNTRIES.map(([code, callingCode, name]) => [code, { callingCode, name }]));

/** Names a sentence puts "the" before: "a valid number for the United States". */
const NAMES_WITH_THE = new Set(
  'AE BS CF CK DO FK FO GB GM IO KM KY MH MV NL PH SB SC TC US VA VG VI'.split(' '),
);

export function isCountry(code: unknown): code is string {
  return typeof code === 'string' && BY_CODE.has(code);
}

/** "United States"; the code itself for one the table does not know. */
export function countryName(code: string): string {
  return BY_CODE.get(code)?.name ?? code;
}

/** "the United States", "India": the name as it reads inside a sentence. */
export function countryInSentence(code: string): string {
  return NAMES_WITH_THE.has(code) ? `the ${countryName(code)}` : countryName(code);
}

/** "1" for the United States, "91" for India. */
export function callingCodeOf(code: string): string | null {
  return BY_CODE.get(code)?.callingCode ?? null;
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
    const single = PHONE_COUNTRIES.find(([, callingCode]) => callingCode === code);
    if (single) return single[0];
  }
  return null;
}
