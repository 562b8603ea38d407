/**
 * The sales team's business hours (the param SALES_BUSINESS_HOURS, India time, by default Monday
 * to Saturday 09:30 to 18:30) and the reply the acknowledgement promises: within one business day,
 * that is one day's worth of those hours counted from the enquiry's arrival. An enquiry that
 * arrives on a Tuesday at 14:00 is answered by Wednesday 14:00; one that arrives on a Friday at
 * 23:00 by Saturday 18:30, the end of the next business day.
 *
 * Part of the contract: imports only the contract.
 */
import { INDIA_OFFSET_MS, shiftedToIndia } from '../base/india-time';
import { MINUTE_MS } from '../base/time';

export const DEFAULT_BUSINESS_HOURS = 'Mon-Sat 09:30-18:30';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const DAY_MINUTES = 24 * 60;
/** A promise is rounded up to the next half hour: "by 14:30", not "by 14:07". */
const ROUNDING_MINUTES = 30;

export type BusinessHours = {
  /** Weekdays open, 0 for Sunday to 6 for Saturday. */
  days: ReadonlySet<number>;
  /** Minutes after midnight, India time. */
  opens: number;
  closes: number;
};

const minutesOf = (hhmm: string) => {
  const match = /^([01][0-9]|2[0-3]):([0-5][0-9])$/.exec(hhmm);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
};

/**
 * `Mon-Sat 09:30-18:30` or `Mon,Tue,Thu 10:00-17:00`: days (a range or a list, Mon to Sun) and
 * the opening and closing time, India time. Throws with what is wrong, for the functions' start.
 */
export function parseBusinessHours(text: string): BusinessHours {
  const match = /^\s*([A-Za-z,-]+)\s+(\d\d:\d\d)-(\d\d:\d\d)\s*$/.exec(text);
  const opens = match && minutesOf(match[2] ?? '');
  const closes = match && minutesOf(match[3] ?? '');
  const dayOf = (name: string) => WEEKDAYS.findIndex((day) => day.toLowerCase() === name.toLowerCase());
  const days = new Set<number>();
  for (const part of match?.[1]?.split(',') ?? []) {
    const [first, last] = part.split('-').map(dayOf);
    if (first === undefined || first < 0 || (last !== undefined && last < 0))
      throw new Error(`SALES_BUSINESS_HOURS: "${part}" is not a day (Mon, Tue … Sun).`);
    for (let day = first; ; day = (day + 1) % 7) {
      days.add(day);
      if (last === undefined || day === last) break;
    }
  }
  if (!match || opens === null || closes === null || opens >= closes || days.size === 0)
    throw new Error(`SALES_BUSINESS_HOURS: "${text}" is not like "${DEFAULT_BUSINESS_HOURS}" (India time).`);
  return { days, opens, closes };
}

/**
 * When the acknowledgement promises a reply: one business day (closes − opens minutes of open
 * time) counted from `receivedAt`, rounded up to the half hour, never past closing time.
 */
export function replyBy(receivedAt: Date, hours: BusinessHours): Date {
  const india = shiftedToIndia(receivedAt);
  // Midnight of the arrival's India day, as a time whose UTC fields read India's clock.
  let day = Date.UTC(india.getUTCFullYear(), india.getUTCMonth(), india.getUTCDate());
  let minute = india.getUTCHours() * 60 + india.getUTCMinutes() + (india.getUTCSeconds() > 0 ? 1 : 0);
  let left = hours.closes - hours.opens;
  for (let guard = 0; guard < 14; guard += 1) {
    const open = hours.days.has(new Date(day).getUTCDay());
    const from = Math.max(minute, hours.opens);
    if (open && from < hours.closes) {
      if (from + left <= hours.closes) {
        const rounded = Math.min(
          Math.ceil((from + left) / ROUNDING_MINUTES) * ROUNDING_MINUTES,
          hours.closes,
        );
        return new Date(day + rounded * MINUTE_MS - INDIA_OFFSET_MS);
      }
      left -= hours.closes - from;
    }
    day += DAY_MINUTES * MINUTE_MS;
    minute = 0;
  }
  throw new Error('Business hours that never open.');
}
