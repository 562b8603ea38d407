/**
 * The phone field's rules in the browser. India's rule (ten digits, the spec's message) needs no
 * numbering plan and is checked at once; a number abroad is checked against its country's plan
 * from the contract's phone-plans.ts, whose libphonenumber-js plans (about 27 KB gzipped) load only
 * when a country other than India is chosen or a number abroad is typed, so the form's first load
 * stays small. The country part starts at the visitor's time zone's country (India when the zone
 * says nothing) and follows a number typed with its country code. Which country a time zone is in
 * (zone-countries.ts, about 3.5 KB gzipped) is fetched only for a zone outside India, and only
 * once the visitor reaches into the form.
 */
import { callingCodeOf, countryOfCallingCode, isCountry } from '@contract/enquiry/countries';
import { checkField, ENQUIRY_FIELDS, fieldMessage, prepareInput } from '@contract/enquiry/enquiry';
import { compactPhone, INDIA, INDIA_CALLING_CODE } from '@contract/enquiry/phone';
import { loadCode } from '../../lib/code-loading';

type PhonePlans = typeof import('@contract/enquiry/phone-plans');

let plans: PhonePlans | undefined;
let plansPending: Promise<PhonePlans> | undefined;

/** The numbering plans, fetched once (a failed download is tried again on the next call). */
export function loadPhonePlans(): Promise<PhonePlans> {
  plansPending ??= loadCode(() => import('@contract/enquiry/phone-plans')).then(
    (module) => (plans = module),
    (error: unknown) => {
      plansPending = undefined;
      throw error;
    },
  );
  return plansPending;
}

/** Written with a country code: `+…` or `00…`. */
function internationalDigits(raw: string): string | null {
  const compact = compactPhone(raw.trim());
  return compact.startsWith('+') ? compact.slice(1).replace(/\D/g, '') : null;
}

/** Whether judging this number needs a plan: a country other than India, or a number abroad typed. */
export function needsPlans(raw: string, country: string): boolean {
  const digits = internationalDigits(raw);
  if (digits !== null) return !digits.startsWith(INDIA_CALLING_CODE);
  return country !== INDIA && isCountry(country);
}

/** India's rule, as the spec words it: the stored ten digits, or its message. */
function indianCheck(raw: string): { phone: string; error: string | null } {
  const phone = prepareInput('phone', raw);
  const problem = checkField(ENQUIRY_FIELDS.phone, phone);
  return { phone, error: problem ? fieldMessage(ENQUIRY_FIELDS.phone, problem) : null };
}

function plannedCheck(loaded: PhonePlans, raw: string, country: string) {
  const phone = loaded.preparePhone(raw, country);
  return { phone, error: loaded.phoneProblem(phone, country) };
}

/** What `phone` will store and its message (null when valid), at once when no plan is needed or loaded. */
export function checkPhoneNow(raw: string, country: string): { phone: string; error: string | null } | null {
  if (!needsPlans(raw, country)) return indianCheck(raw);
  return plans ? plannedCheck(plans, raw, country) : null;
}

/** The same, waiting for the plans when they are needed and not here yet. */
export async function checkPhone(
  raw: string,
  country: string,
): Promise<{ phone: string; error: string | null }> {
  return checkPhoneNow(raw, country) ?? plannedCheck(await loadPhonePlans(), raw, country);
}

/**
 * The country a number typed with its country code belongs to, when the country part should move
 * to it: its plan's country once the plans are here (+1 416 is Canada), else the main country of
 * its dialling code. Null when the number names no country, or one with the dialling code already
 * chosen (a visitor who chose the United Kingdom and types +44 keeps the United Kingdom).
 */
export function countryToFollow(raw: string, chosen: string): string | null {
  const digits = internationalDigits(raw);
  if (!digits) return null;
  const country = plans?.phoneCountry(`+${digits}`) ?? countryOfCallingCode(digits);
  if (!country || country === chosen) return null;
  return callingCodeOf(country) === callingCodeOf(chosen) ? null : country;
}

let countryOfPlace: Promise<Map<string, string>> | undefined;

/** The places of the time zones by their country, fetched once (a failure is tried again next time). */
function placesByCountry(): Promise<Map<string, string>> {
  countryOfPlace ??= loadCode(() => import('./zone-countries')).then(
    ({ ZONE_PLACES_BY_COUNTRY }) =>
      new Map(
        Object.entries(ZONE_PLACES_BY_COUNTRY).flatMap(([country, places]) =>
          places.split(' ').map((place) => [place, country] as const),
        ),
      ),
    (error: unknown) => {
      countryOfPlace = undefined;
      throw error;
    },
  );
  return countryOfPlace;
}

/** India's own zones, known without fetching the table. */
const INDIA_ZONES = new Set(['Asia/Kolkata', 'Asia/Calcutta']);

/**
 * The starting country when it needs no table: India for India's zones and for a browser that
 * names none; null when the zone's country must be looked up (defaultCountry).
 */
export function countryKnownAtOnce(zone = visitorTimeZone()): string | null {
  return !zone || INDIA_ZONES.has(zone) ? INDIA : null;
}

/** The country of an IANA time zone from the table (`America/New_York` is the United States), or null. */
async function countryOfTimeZone(zone: string): Promise<string | null> {
  const country = (await placesByCountry()).get(zone.split('/').at(-1) ?? '');
  return country && isCountry(country) ? country : null;
}

/** The visitor's IANA time zone, as their browser names it. */
export function visitorTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * The phone field's starting country: the time zone's, or India when the zone says nothing (or
 * its table could not be fetched).
 */
export async function defaultCountry(zone = visitorTimeZone()): Promise<string> {
  return countryKnownAtOnce(zone) ?? (await countryOfTimeZone(zone ?? '').catch(() => null)) ?? INDIA;
}
