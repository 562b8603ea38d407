/**
 * Times in the inbox, one way throughout: how long ago ("12 min ago") wherever a salesperson
 * scans, and one full format, India time ("22 Nov 2026, 14:05"), on hover or focus and wherever a
 * time is the point (a follow-up, a correction). Waits are said as contract/delivery/response-times.ts says them.
 */
import { plural } from '@contract/base/words';
import { MINUTE_MS, HOUR_MS, DAY_MS } from '@contract/base/time';
import { shiftedToIndia } from '@contract/base/india-time';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `22 Nov 2026, 14:05` in India time: the inbox's one date format. */
export function formatFullDate(at: Date): string {
  const local = shiftedToIndia(at);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${local.getUTCDate()} ${MONTHS[local.getUTCMonth()] ?? ''} ${local.getUTCFullYear()}, ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`;
}

/** `22 Nov`: a week's label on the chart, the full format's first half. */
export function formatDayMonth(at: Date): string {
  const local = shiftedToIndia(at);
  return `${local.getUTCDate()} ${MONTHS[local.getUTCMonth()] ?? ''}`;
}

/** `2026-11-22T20` (an India-time hour, as the digest names its own) as `22 Nov 2026, 20:00`. */
export function formatIndiaHour(hour: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2})$/.exec(hour);
  if (!match) return hour;
  return `${Number(match[3])} ${MONTHS[Number(match[2]) - 1] ?? ''} ${match[1]}, ${match[4]}:00`;
}

/** `just now`, `12 min ago`, `3 h ago`, `2 days ago`, `5 weeks ago`, `4 months ago`; `in 10 min` ahead. */
export function formatWhen(at: Date, now: Date): string {
  const ms = now.getTime() - at.getTime();
  const ahead = ms < 0;
  const span = Math.abs(ms);
  let amount: string;
  if (span < MINUTE_MS) return ahead ? 'in a moment' : 'just now';
  else if (span < HOUR_MS) amount = `${Math.floor(span / MINUTE_MS)} min`;
  else if (span < DAY_MS) amount = `${Math.floor(span / HOUR_MS)} h`;
  else if (span < 14 * DAY_MS) amount = plural(Math.floor(span / DAY_MS), 'day');
  else if (span < 60 * DAY_MS) amount = plural(Math.floor(span / (7 * DAY_MS)), 'week');
  else if (span < 365 * DAY_MS) amount = plural(Math.floor(span / (30 * DAY_MS)), 'month');
  else amount = plural(Math.floor(span / (365 * DAY_MS)), 'year');
  return ahead ? `in ${amount}` : `${amount} ago`;
}
