/**
 * How fast leads are answered, as the inbox shows it: one enquiry's "answered in 12 min" or
 * "waiting 3 h 10 min", and each week's median, 90th percentile and late answers from the weekly
 * histogram the functions keep (contract/delivery/response-times.ts), with the enquiries still waiting.
 */
import { deliveryRecordOf } from '@contract/enquiry/stored-enquiry';
import { FIRST_CONTACT_FIELD, followUpRecordOf } from '@contract/inbox/follow-up';
import { asDate, startOfIndiaWeek } from '@contract/base/india-time';
import { WEEK_MS } from '@contract/base/time';
import {
  MIN_ANSWERED_TO_SHOW,
  readReplySpeed,
  REPLY_SPEED_WINDOW_DAYS,
  replySpeedText,
} from '@contract/delivery/reply-speed';
import {
  answeredLate,
  FIRST_CONTACT_TARGET_MS,
  readResponseStats,
  responsePercentileMinutes,
  responseWeek,
} from '@contract/delivery/response-times';
import { formatWait } from '@contract/delivery/wait-text';

/** The first contact recorded on an enquiry (the inbox's own, or the functions' copy), if any. */
function firstContactOf(data: Record<string, unknown>): Date | null {
  return asDate(followUpRecordOf(data)[FIRST_CONTACT_FIELD]) ?? asDate(deliveryRecordOf(data).firstContactAt);
}

type ResponseToEnquiry =
  | { kind: 'answered'; seconds: number; text: string }
  | { kind: 'waiting'; seconds: number; text: string; late: boolean };

/**
 * "answered in 12 min" once a first contact is recorded; "waiting 3 h 10 min" until then. A
 * duplicate waits for nobody (its first one does), so it has neither.
 */
export function responseTo(
  enquiry: { data: Record<string, unknown>; receivedAt: Date | null },
  now: Date,
): ResponseToEnquiry | null {
  if (!enquiry.receivedAt) return null;
  const contacted = firstContactOf(enquiry.data);
  if (contacted) {
    const seconds = Math.max(0, (contacted.getTime() - enquiry.receivedAt.getTime()) / 1000);
    return { kind: 'answered', seconds, text: `answered in ${formatWait(seconds)}` };
  }
  if (deliveryRecordOf(enquiry.data).state === 'DUPLICATE') return null;
  const seconds = Math.max(0, (now.getTime() - enquiry.receivedAt.getTime()) / 1000);
  return {
    kind: 'waiting',
    seconds,
    text: `waiting ${formatWait(seconds)}`,
    late: seconds * 1000 > FIRST_CONTACT_TARGET_MS,
  };
}

type ResponseWeek = {
  label: 'This week' | 'Last week';
  /** The stats document's ID, the week's Monday in India: `2026-11-23`. */
  week: string;
  start: Date;
  end: Date;
};

/** This week and the one before, as the stats documents name them. */
export function responseWeeks(now: Date): ResponseWeek[] {
  const monday = startOfIndiaWeek(now);
  const lastMonday = new Date(monday.getTime() - WEEK_MS);
  return [
    { label: 'This week', week: responseWeek(monday), start: monday, end: new Date(now.getTime()) },
    { label: 'Last week', week: responseWeek(lastMonday), start: lastMonday, end: monday },
  ];
}

/** The end of the span in which an unanswered enquiry has waited more than the target hour. */
export function waitedTooLongBefore(now: Date): Date {
  return new Date(now.getTime() - FIRST_CONTACT_TARGET_MS);
}

export type WeekFigures = {
  label: string;
  answered: number;
  /** `within 15 min`, or '—' with nothing answered. */
  median: string;
  p90: string;
  /** Answered after more than an hour, and still waiting after more than an hour. */
  answeredLate: number;
  stillWaiting: number;
};

/** A histogram bound in minutes as a salesperson reads it: `within 15 min`, `over a week`. */
function withinText(minutes: number | null): string {
  if (minutes === null) return '—';
  if (!Number.isFinite(minutes)) return 'over a week';
  return `within ${formatWait(minutes * 60)}`;
}

export function weekFigures(week: ResponseWeek, rawStats: unknown, stillWaiting: number): WeekFigures {
  const stats = readResponseStats(week.week, rawStats);
  return {
    label: week.label,
    answered: stats.answered,
    median: withinText(responsePercentileMinutes(stats, 0.5)),
    p90: withinText(responsePercentileMinutes(stats, 0.9)),
    answeredLate: answeredLate(stats),
    stillWaiting,
  };
}

/**
 * The 90-day figure as sales reads it: the very sentence buyers are shown on /enquiry and in the
 * thank-you (contract/delivery/reply-speed.ts, from the same document), or why they are shown none yet.
 */
export function replySpeedForSales(raw: unknown): string {
  const figure = readReplySpeed(raw);
  const shown = replySpeedText(figure);
  if (shown) return `Buyers are shown: “${shown}”.`;
  const window = `the last ${REPLY_SPEED_WINDOW_DAYS} days`;
  if (!figure || figure.medianSeconds === null)
    return `No enquiry of ${window} has been answered yet; buyers are shown the median reply from ${MIN_ANSWERED_TO_SHOW} answered enquiries.`;
  return `Median first reply over ${window}: ${formatWait(figure.medianSeconds)}, over ${figure.answered} answered enquiries. Buyers are shown it from ${MIN_ANSWERED_TO_SHOW}.`;
}
