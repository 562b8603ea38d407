/**
 * Times as the sales team in Coimbatore reads them, and the one reading of a stored time. India has
 * one time zone and no daylight saving, so a fixed offset is exact and needs no time-zone database.
 *
 * Part of the contract: imports only the contract's base, for the functions, the inbox and the
 * scripts alike.
 */
import { MINUTE_MS, twoDigits } from './time';

export const INDIA_OFFSET_MS = (5 * 60 + 30) * MINUTE_MS;

/** The same instant with India's wall clock in its UTC fields. */
export function shiftedToIndia(at: Date): Date {
  return new Date(at.getTime() + INDIA_OFFSET_MS);
}

/** `21-11-2026 14:32:05 IST`: the contract's dd-mm-yyyy and hh:mm:ss, in India time. */
export function formatIndiaDateTime(at: Date): string {
  const local = shiftedToIndia(at);
  const date = `${twoDigits(local.getUTCDate())}-${twoDigits(local.getUTCMonth() + 1)}-${local.getUTCFullYear()}`;
  const time = `${twoDigits(local.getUTCHours())}:${twoDigits(local.getUTCMinutes())}:${twoDigits(local.getUTCSeconds())}`;
  return `${date} ${time} IST`;
}

/** `2026-11-21T14:32:05+05:30`: ISO 8601 with the offset, which spreadsheets and people both read. */
export function formatIndiaIso(at: Date): string {
  return `${shiftedToIndia(at).toISOString().slice(0, 19)}+05:30`;
}

/** `2026-11-22` and `2026-11-22T20`: the India-time day and hour a moment falls in. */
export function indiaDayKey(at: Date): string {
  return shiftedToIndia(at).toISOString().slice(0, 10);
}

export function indiaHourKey(at: Date): string {
  return shiftedToIndia(at).toISOString().slice(0, 13);
}

/** Midnight at the start of a yyyy-mm-dd day in India, or null when the text is not such a date. */
export function startOfIndiaDay(isoDate: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utcMidnight = Date.UTC(year, month - 1, day);
  const check = new Date(utcMidnight);
  // Date.UTC rolls 2026-02-31 over into March; a real calendar day survives the round trip.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return null;
  }
  return new Date(utcMidnight - INDIA_OFFSET_MS);
}

/** Midnight India time at the start of the Monday of the week `at` falls in. */
export function startOfIndiaWeek(at: Date): Date {
  const local = shiftedToIndia(at);
  const sinceMonday = (local.getUTCDay() + 6) % 7;
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - sinceMonday);
  return new Date(midnight - INDIA_OFFSET_MS);
}

/**
 * A stored time as a Date: anything with `toDate()` (the Admin SDK's and the web SDK's Timestamp
 * alike) or a Date; null for anything else.
 */
export function asDate(value: unknown): Date | null {
  if (value instanceof Date) return value;
  if (value && typeof value === 'object' && 'toDate' in value && typeof value.toDate === 'function') {
    const date: unknown = value.toDate();
    if (date instanceof Date) return date;
  }
  return null;
}
