/**
 * How fast each lead was answered: the first contact a salesperson records on an enquiry
 * (`followUp.firstContactAt`, written by the inbox, held by the rules), the functions' copy of it
 * on the delivery record (`notification.firstContactAt`, `notification.responseSeconds`), and the
 * weekly figures the inbox shows, kept as a histogram per India-time week so that opening the inbox
 * reads two small documents instead of every enquiry of a fortnight.
 *
 * Part of the contract: imports only the contract.
 */
import { indiaDayKey, startOfIndiaWeek } from '../base/india-time';

/** An enquiry not answered within this long has waited too long (a lead goes cold within the hour). */
export const FIRST_CONTACT_TARGET_MS = 60 * 60_000;

/**
 * Upper bounds, in minutes, of the histogram's buckets: minute steps while a lead is warm, then
 * coarser; the last bucket takes everything beyond a week.
 */
const RESPONSE_BUCKET_MINUTES = [
  1, 2, 3, 5, 7, 10, 15, 20, 30, 45, 60, 90, 120, 180, 240, 360, 480, 720, 1080, 1440, 2880, 4320, 10080,
] as const;
/** Buckets in a stats document: one per bound, and one for everything slower. */
export const RESPONSE_BUCKET_COUNT = RESPONSE_BUCKET_MINUTES.length + 1;

/** The bucket a response time falls in. */
export function responseBucket(seconds: number): number {
  const minutes = Math.max(0, seconds) / 60;
  const index = RESPONSE_BUCKET_MINUTES.findIndex((bound) => minutes <= bound);
  return index < 0 ? RESPONSE_BUCKET_MINUTES.length : index;
}

/** The week an enquiry counts in: the India-time Monday of when it was received, `2026-11-23`. */
export function responseWeek(receivedAt: Date): string {
  return indiaDayKey(startOfIndiaWeek(receivedAt));
}

/** A week's stats document as stored. */
type ResponseStats = {
  /** The week's Monday, `2026-11-23`. */
  week: string;
  /** Enquiries received that week that have been answered. */
  answered: number;
  /** How many answers fell in each bucket (RESPONSE_BUCKET_COUNT entries). */
  buckets: number[];
};

export function emptyResponseStats(week: string): ResponseStats {
  return { week, answered: 0, buckets: Array.from({ length: RESPONSE_BUCKET_COUNT }, () => 0) };
}

/** A stored stats document read defensively: anything malformed counts as nothing answered. */
export function readResponseStats(week: string, raw: unknown): ResponseStats {
  const stats = emptyResponseStats(week);
  if (!raw || typeof raw !== 'object') return stats;
  const record = raw as Record<string, unknown>;
  if (Array.isArray(record.buckets) && record.buckets.length === RESPONSE_BUCKET_COUNT)
    stats.buckets = record.buckets.map((count) => (typeof count === 'number' && count > 0 ? count : 0));
  stats.answered = stats.buckets.reduce((sum, count) => sum + count, 0);
  return stats;
}

/**
 * The time within which `fraction` of the week's answers came, in minutes: the upper bound of the
 * bucket where that share is reached (so "within 15 min"), Infinity for the open last bucket, null
 * when nothing was answered.
 */
export function responsePercentileMinutes(stats: ResponseStats, fraction: number): number | null {
  if (stats.answered === 0) return null;
  const needed = Math.max(1, Math.ceil(fraction * stats.answered));
  let seen = 0;
  for (const [index, count] of stats.buckets.entries()) {
    seen += count;
    if (seen >= needed) return RESPONSE_BUCKET_MINUTES[index] ?? Number.POSITIVE_INFINITY;
  }
  return Number.POSITIVE_INFINITY;
}

/** Answers that came after more than the target hour. */
export function answeredLate(stats: ResponseStats): number {
  const onTime = RESPONSE_BUCKET_MINUTES.findIndex((bound) => bound * 60_000 >= FIRST_CONTACT_TARGET_MS);
  return stats.buckets.slice(onTime + 1).reduce((sum, count) => sum + count, 0);
}
