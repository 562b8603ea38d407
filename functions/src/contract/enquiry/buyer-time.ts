/**
 * The buyer's own time, from the time zone their browser sent with the enquiry (`timezone`): when
 * they sent it, what time it is there now, and whether it is night there, for the sales email,
 * the inbox and the acknowledgement alike. Uses the platform's time-zone database (Intl, in every
 * browser and in Node); a zone it does not know reads as unknown, never as an error.
 *
 * Part of the contract: imports only the contract.
 */
import { TIME_ZONE_PATTERN } from './enquiry';

/** UTC and the fixed offsets (`Etc/GMT+5`), real zones a device may send that Intl does not list. */
const UNLISTED_ZONE = /^(UTC|Etc\/.+)$/;

let zoneList: ReadonlySet<string> | null | undefined;

/** The platform's IANA zones (`Intl.supportedValuesOf`), or null on a platform without the list. */
function platformZones(): ReadonlySet<string> | null {
  if (zoneList === undefined) {
    const intl = Intl as { supportedValuesOf?: (key: 'timeZone') => string[] };
    zoneList = intl.supportedValuesOf ? new Set(intl.supportedValuesOf('timeZone')) : null;
  }
  return zoneList;
}

/**
 * The buyer's zone when it is one the platform knows, else null: `Intl.DateTimeFormat` must take
 * it, and the zone it resolves to (`Asia/Kolkata` may resolve to `Asia/Calcutta`) must be one of
 * the platform's listed zones, UTC or a fixed offset, so a name the rules' pattern lets through
 * (`Call_us_on_WhatsApp_at_spam-example`) is dropped everywhere, never shown as a clock or as text.
 */
export function knownTimeZone(zone: unknown): string | null {
  if (typeof zone !== 'string' || !TIME_ZONE_PATTERN.test(zone)) return null;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-GB', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  const listed = platformZones();
  return !listed || listed.has(resolved) || UNLISTED_ZONE.test(resolved) ? zone : null;
}

/** Where a zone is, as a person says it: `America/New_York` is "New York", `Etc/GMT+5` "GMT+5". */
export function zonePlace(zone: string): string {
  return (zone.split('/').at(-1) ?? zone).replace(/_/g, ' ');
}

function parts(at: Date, zone: string, options: Intl.DateTimeFormatOptions): Record<string, string> {
  const formatted = new Intl.DateTimeFormat('en-GB', { timeZone: zone, ...options }).formatToParts(at);
  return Object.fromEntries(formatted.map((part) => [part.type, part.value]));
}

/** The hour (0–23) and minute on the zone's clock. */
function clockIn(at: Date, zone: string): { hour: number; minute: number } {
  const { hour, minute } = parts(at, zone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return { hour: Number(hour), minute: Number(minute) };
}

/** `11:40 pm`: a time of day as buyers read it, on the zone's clock. */
export function timeOfDayIn(at: Date, zone: string): string {
  const { hour, minute } = clockIn(at, zone);
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'am' : 'pm'}`;
}

/** `Friday 10:00`: a weekday and a 24-hour time on the zone's clock. */
export function weekdayTimeIn(at: Date, zone: string): string {
  const { weekday } = parts(at, zone, { weekday: 'long' });
  const { hour, minute } = clockIn(at, zone);
  return `${weekday} ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** `Fri 27 Nov 2026, 09:10`: a full date and time on the zone's clock, as the inbox writes dates. */
export function dateTimeIn(at: Date, zone: string): string {
  const { weekday, day, month, year } = parts(at, zone, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  const { hour, minute } = clockIn(at, zone);
  return `${weekday} ${day} ${month} ${year}, ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** Night where the buyer is: from 9 pm to 8 am their time, when a call may wake them. */
const NIGHT_STARTS_HOUR = 21;
const NIGHT_ENDS_HOUR = 8;

export function isNightIn(at: Date, zone: string): boolean {
  const { hour } = clockIn(at, zone);
  return hour >= NIGHT_STARTS_HOUR || hour < NIGHT_ENDS_HOUR;
}

/**
 * The buyer's time now, for a salesperson about to call: "11:40 pm in New York: a WhatsApp
 * message may be kinder than a call" at night, "2:15 pm in London" otherwise; null without a zone
 * the platform knows.
 */
export function buyerClockText(now: Date, zone: unknown): string | null {
  const known = knownTimeZone(zone);
  if (!known) return null;
  const text = `${timeOfDayIn(now, known)} in ${zonePlace(known)}`;
  return isNightIn(now, known) ? `${text}: a WhatsApp message may be kinder than a call` : text;
}
