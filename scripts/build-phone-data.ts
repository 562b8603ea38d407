/**
 * Writes the two tables the phone field needs before any numbering plan has loaded, so the form's
 * first load carries a few kilobytes instead of libphonenumber-js's 20 KB (gzipped) of plans:
 * - functions/src/contract/enquiry/phone-countries.ts: every country libphonenumber-js knows, with its
 *   dialling code, and the main country of each shared code;
 * - web/src/features/enquiry/zone-countries.ts: the country of each IANA time zone (the system's
 *   tzdata: zone.tab, and the old names browsers still report, such as Asia/Calcutta, from tzdata.zi).
 * Run it after updating libphonenumber-js or tzdata (`npx tsx scripts/build-phone-data.ts`) and
 * commit what it writes; functions/src/contract/enquiry/phone.test.ts fails when the countries table and
 * libphonenumber-js disagree.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import metadata from 'libphonenumber-js/min/metadata';
import { ROOT } from './lib/project';

const ZONEINFO = '/usr/share/zoneinfo';
/** The regions whose zones are named after a place in one country. */
const PLACE_REGIONS = /^(Africa|America|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific)\//;

function countryTable(): string {
  const codes = getCountries()
    .map((code) => `${code}${getCountryCallingCode(code)}`)
    .sort();
  const shared = Object.entries(metadata.country_calling_codes)
    .filter(([, countries]) => countries.length > 1)
    .map(([code, countries]) => `  '${code}': '${countries[0]}',`);
  return [
    '/**',
    ' * Every country a phone number can belong to, as its ISO code followed by its dialling code',
    " * (`IN91 US1 …`: one short string, since the form's first load carries it; countries.ts reads it",
    ' * and names each country with Intl.DisplayNames). Written by scripts/build-phone-data.ts from',
    ' * libphonenumber-js; do not edit by hand (phone.test.ts checks it against the library).',
    ' *',
    ' * Part of the contract: no imports.',
    ' */',
    `export const PHONE_COUNTRY_CODES = '${codes.join(' ')}';`,
    '',
    '/** Dialling codes shared by several countries, and the one a number with only that code means. */',
    'export const MAIN_COUNTRY_OF_SHARED_CODE: Readonly<Record<string, string>> = {',
    ...shared,
    '};',
    '',
  ].join('\n');
}

function zoneTable(): string {
  const countryOf = new Map<string, string>();
  for (const line of readFileSync(join(ZONEINFO, 'zone.tab'), 'utf8').split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [country, , zone] = line.split('\t');
    if (country && zone) countryOf.set(zone, country);
  }
  for (const line of readFileSync(join(ZONEINFO, 'tzdata.zi'), 'utf8').split('\n')) {
    const [kind, target, alias] = line.split(' ');
    const country = target && countryOf.get(target);
    if (kind === 'L' && alias && country && !countryOf.has(alias)) countryOf.set(alias, country);
  }
  // Only the place names of the regions' zones (New_York, Calcutta): no two countries share one, so
  // the place alone names the zone, in half the bytes. Links such as US/Eastern or Australia/ACT,
  // which no browser reports, are left out.
  const byCountry = new Map<string, Set<string>>();
  const places = new Map<string, string>();
  for (const [zone, country] of [...countryOf].sort(([a], [b]) => a.localeCompare(b))) {
    const place = zone.split('/').at(-1) ?? '';
    if (!PLACE_REGIONS.test(zone) || /^[A-Z]+$/.test(place)) continue;
    if ((places.get(place) ?? country) !== country) throw new Error(`${place} is in two countries`);
    places.set(place, country);
    byCountry.set(country, (byCountry.get(country) ?? new Set()).add(place));
  }
  return [
    '/**',
    ' * The places of the IANA time zones (`America/New_York` is New_York) by country, for the phone',
    " * field's default country. Written by scripts/build-phone-data.ts from the system's tzdata",
    ' * (zone.tab, and the old names in tzdata.zi that browsers still report, such as Asia/Calcutta);',
    ' * do not edit by hand.',
    ' */',
    'export const ZONE_PLACES_BY_COUNTRY: Readonly<Record<string, string>> = {',
    ...[...byCountry]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([country, zones]) => `  ${country}: '${[...zones].join(' ')}',`),
    '};',
    '',
  ].join('\n');
}

writeFileSync(join(ROOT, 'functions/src/contract/enquiry/phone-countries.ts'), countryTable());
writeFileSync(join(ROOT, 'web/src/features/enquiry/zone-countries.ts'), zoneTable());
console.log('wrote phone-countries.ts and zone-countries.ts');
