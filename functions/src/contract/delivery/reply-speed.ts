/**
 * The reply speed buyers are shown: the median time from an enquiry's arrival to the sales team's
 * first contact (`followUp.firstContactAt`, which the inbox records and the functions copy to
 * `notification.responseSeconds`), over the enquiries received in the last 90 days that were
 * answered. Only admitted enquiries count: a HELD or DIGESTED one (admission control held it back)
 * or a DUPLICATE is never counted in our favour.
 *
 * The functions keep one document, `enquiry-response-stats/last-90-days`, up to date (on each first
 * contact, and on each sweep as the window moves on); the site reads it through one small public
 * answer (`/api/reply-speed`) when a form wakes, and the inbox reads the same document, so the
 * figure a buyer sees is the figure sales sees. Below MIN_ANSWERED_TO_SHOW answered enquiries the
 * site says nothing: a median of a handful is not an honest figure.
 *
 * Part of the contract: imports only the contract.
 */
import type { DeliveryState } from './delivery';
import { formatWait } from './wait-text';

export const REPLY_SPEED_WINDOW_DAYS = 90;
export const MIN_ANSWERED_TO_SHOW = 20;
/** Its document in RESPONSE_STATS_COLLECTION (beside the weekly histograms). */
export const REPLY_SPEED_DOCUMENT = 'last-90-days';
/** Where the site asks for it (a Hosting rewrite to the `replySpeed` function). */
export const REPLY_SPEED_PATH = '/api/reply-speed';

/** The figure as stored, and as the public answer carries it. */
export type ReplySpeed = {
  /** Admitted enquiries received in the window that have been answered. */
  answered: number;
  /** Their median wait, in whole seconds; null when none was answered. */
  medianSeconds: number | null;
  windowDays: number;
  /** When the functions last worked it out, as an ISO string. */
  updatedAt: string;
};

/** States in which an enquiry was not admitted as itself: held back by admission control, or a duplicate. */
const NOT_ADMITTED: readonly DeliveryState[] = ['HELD', 'DIGESTED', 'DUPLICATE'];

/** Whether an enquiry in this delivery state counts towards the figure. */
export function countsForReplySpeed(state: unknown): boolean {
  return typeof state === 'string' && !NOT_ADMITTED.includes(state as DeliveryState);
}

/** The median of whole seconds (the mean of the middle two for an even count, rounded). */
export function medianOf(seconds: readonly number[]): number | null {
  if (seconds.length === 0) return null;
  const sorted = [...seconds].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2
      ? (sorted[middle] as number)
      : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  return Math.round(median);
}

/** A stored or fetched figure read defensively; null when it is not one. */
export function readReplySpeed(raw: unknown): ReplySpeed | null {
  if (!raw || typeof raw !== 'object') return null;
  const record = raw as Record<string, unknown>;
  const { answered, medianSeconds, windowDays, updatedAt } = record;
  if (typeof answered !== 'number' || !Number.isInteger(answered) || answered < 0) return null;
  if (medianSeconds !== null && (typeof medianSeconds !== 'number' || medianSeconds < 0)) return null;
  if (typeof windowDays !== 'number') return null;
  return {
    answered,
    medianSeconds,
    windowDays,
    updatedAt: typeof updatedAt === 'string' ? updatedAt : '',
  };
}

/** Whether the figure covers enough answered enquiries to be shown to buyers. */
export const isShownToBuyers = (
  figure: ReplySpeed | null,
): figure is ReplySpeed & { medianSeconds: number } =>
  figure !== null && figure.medianSeconds !== null && figure.answered >= MIN_ANSWERED_TO_SHOW;

/**
 * "Our sales team's median first reply: 1 h 40 min, over 212 enquiries in the last 90 days", or
 * null when it is not to be shown.
 */
export function replySpeedText(figure: ReplySpeed | null): string | null {
  if (!isShownToBuyers(figure)) return null;
  return `Our sales team’s median first reply: ${formatWait(figure.medianSeconds)}, over ${figure.answered.toLocaleString('en-IN')} enquiries in the last ${figure.windowDays} days`;
}
