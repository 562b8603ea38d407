/**
 * Which of the enquiries a digest reports look most like real buyers, so that a real buyer caught
 * in a flood is near the top of the digest's table rather than row 168 of its CSV. Nothing here is
 * proof (a careful script can fake every sign, and App Check is what keeps most scripts out); the
 * signs only order the table, and every enquiry is in the CSV whatever its signs say.
 *
 * - first contact: the sender (name, email and phone) had no sales email earlier that day, and no
 *   other enquiry in the digest comes from the same email and phone;
 * - passed every check: its phone number exists in its country's numbering plan (`0000000000`
 *   keeps the form's ten-digit rule but is no Indian number), and it was held only because the site
 *   reached its hourly or daily number of emails, not for its sender's daily limit, and not a
 *   duplicate;
 * - sent from a person's device: the date and time the form took from the visitor's device clock
 *   agree with the server's time, in some time zone, within three minutes (a script replaying a
 *   captured request keeps that request's time);
 * - not part of a burst: it arrived outside every burst's time window (people type; scripts write
 *   hundreds a minute). An arrival is dense when at least three other enquiries of the digest
 *   arrived within ten seconds of it, either side; dense arrivals at most ten seconds apart make one
 *   burst, and the burst's time window runs from its first dense arrival to its last, both
 *   included. An enquiry in a lull inside that span is in the window; one sent eleven seconds
 *   after the burst's last write is outside it.
 *
 * The table puts every enquiry outside the bursts' windows above every one inside them, then the
 * stronger signs first, then the newest first: a buyer who writes after a flood meets its tail
 * (the same signs a careful script shows) and goes above it, not below 1,000 older scripted rows.
 *
 * Pure code: no Firebase, no clock.
 */
import { HOUR_MS } from '../contract/base/time';
import type { DigestEntry } from '../channels/mail/digest-email';
import type { EnquiryCollection } from '../contract/enquiry/collections';
import { normaliseEmail } from '../contract/enquiry/contact-keys';
import { phoneKey } from '../contract/enquiry/phone';
import { phoneValidity } from '../contract/enquiry/phone-plans';
import { HELD_REASON_TEXT, type HeldReason } from '../contract/delivery/delivery';
import { oneLineText } from '../contract/enquiry/visitor-text';

/** One enquiry a digest reports: held back by admission control, or a duplicate of an earlier one. */
export type DigestCandidate = {
  collection: EnquiryCollection;
  id: string;
  data: Record<string, unknown>;
  receivedAt: Date | null;
  /** Why it has no email of its own. */
  kind: 'held' | 'duplicate';
  heldReason?: string;
  /** Sales emails its sender had had that day when it was held; unknown on older records. */
  senderEmailsToday?: number;
  /** `collection/id` of the enquiry it repeats (duplicates only). */
  duplicateOf?: string;
};

const BUYER_SIGNS = ['firstContact', 'passedChecks', 'deviceClock', 'notInBurst'] as const;
type BuyerSign = (typeof BUYER_SIGNS)[number];
type BuyerSigns = Record<BuyerSign, boolean>;

/** How each sign reads in the digest, for a sales person deciding whom to call first. */
const BUYER_SIGN_TEXT: Record<BuyerSign, string> = {
  firstContact: 'first contact',
  passedChecks: 'passed every check',
  deviceClock: "a device's own clock",
  notInBurst: 'not part of a burst',
};

/** How far a device clock may be from the server's, beyond its time zone (phones keep network time). */
const DEVICE_CLOCK_TOLERANCE_MS = 3 * 60_000;
/** UTC offsets in use: whole and half hours from −12 to +14, and the three at :45. */
const ZONE_OFFSETS_MS = [
  ...Array.from({ length: 53 }, (_, step) => -12 * HOUR_MS + step * (HOUR_MS / 2)),
  5.75 * HOUR_MS,
  8.75 * HOUR_MS,
  12.75 * HOUR_MS,
];
/**
 * A dense arrival: this many other enquiries within BURST_WINDOW_MS either side. Dense arrivals at
 * most BURST_WINDOW_MS apart are one burst, whose time window runs from the first to the last.
 */
const BURST_WINDOW_MS = 10_000;
const BURST_NEIGHBOURS = 3;

const DATE = /^(\d{2})-(\d{2})-(\d{4})$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2})$/;

/**
 * Whether the form's `date` (dd-mm-yyyy) and `time` (hh:mm:ss), read as a wall clock somewhere on
 * Earth, fall within the tolerance of the server's time of the write.
 */
export function deviceClockAgrees(data: Record<string, unknown>, receivedAt: Date | null): boolean {
  if (!receivedAt || typeof data.date !== 'string' || typeof data.time !== 'string') return false;
  const date = DATE.exec(data.date);
  const time = TIME.exec(data.time);
  if (!date || !time) return false;
  const wallClockAsUtc = Date.UTC(
    Number(date[3]),
    Number(date[2]) - 1,
    Number(date[1]),
    Number(time[1]),
    Number(time[2]),
    Number(time[3]),
  );
  const offset = wallClockAsUtc - receivedAt.getTime();
  return ZONE_OFFSETS_MS.some((zone) => Math.abs(offset - zone) <= DEVICE_CLOCK_TOLERANCE_MS);
}

/** How many other candidates arrived within the burst window of each one (by index). */
function neighboursInBurst(candidates: readonly DigestCandidate[]): number[] {
  const timed = candidates
    .map((candidate, index) => ({ index, at: candidate.receivedAt?.getTime() ?? null }))
    .filter((entry): entry is { index: number; at: number } => entry.at !== null)
    .sort((a, b) => a.at - b.at);
  const neighbours = candidates.map(() => 0);
  let low = 0;
  let high = 0;
  for (const entry of timed) {
    while ((timed[low]?.at ?? Infinity) < entry.at - BURST_WINDOW_MS) low += 1;
    while (high < timed.length && (timed[high]?.at ?? Infinity) <= entry.at + BURST_WINDOW_MS) high += 1;
    neighbours[entry.index] = high - low - 1;
  }
  return neighbours;
}

/**
 * Whether each candidate (by index) arrived outside every burst's time window: dense arrivals
 * (neighboursInBurst) chained at most BURST_WINDOW_MS apart, from the first to the last. Without a
 * server time nobody can say, and it counts as inside.
 */
function outsideBursts(candidates: readonly DigestCandidate[]): boolean[] {
  const neighbours = neighboursInBurst(candidates);
  const dense = candidates
    .flatMap((candidate, index) => {
      const at = candidate.receivedAt?.getTime();
      return at !== undefined && (neighbours[index] ?? 0) >= BURST_NEIGHBOURS ? [at] : [];
    })
    .sort((a, b) => a - b);
  const windows: { start: number; end: number }[] = [];
  for (const at of dense) {
    const last = windows.at(-1);
    if (last && at - last.end <= BURST_WINDOW_MS) last.end = at;
    else windows.push({ start: at, end: at });
  }
  return candidates.map((candidate) => {
    const at = candidate.receivedAt?.getTime();
    return at !== undefined && !windows.some((window) => at >= window.start && at <= window.end);
  });
}

const contactKey = (candidate: DigestCandidate) =>
  `${normaliseEmail(candidate.data.email)}\n${phoneKey(candidate.data.phone)}`;

/** Each candidate's signs, in the order given. */
export function buyerSigns(candidates: readonly DigestCandidate[]): BuyerSigns[] {
  const contacts = new Map<string, number>();
  for (const candidate of candidates) {
    const key = contactKey(candidate);
    contacts.set(key, (contacts.get(key) ?? 0) + 1);
  }
  const outside = outsideBursts(candidates);
  return candidates.map((candidate, index) => ({
    firstContact:
      candidate.kind === 'held' &&
      (candidate.senderEmailsToday ?? 0) === 0 &&
      contacts.get(contactKey(candidate)) === 1,
    passedChecks:
      candidate.kind === 'held' &&
      candidate.heldReason !== 'sender-limit' &&
      phoneValidity(candidate.data.phone).valid,
    deviceClock: deviceClockAgrees(candidate.data, candidate.receivedAt),
    notInBurst: outside[index] ?? false,
  }));
}

const signCount = (signs: BuyerSigns) => BUYER_SIGNS.filter((sign) => signs[sign]).length;

/**
 * How much each sign counts when ordering the table. A script names whoever it likes for free, so
 * the signs of who an enquiry claims to be from (first contact, passed every check) count once;
 * the signs of how it was sent (a device's own clock, a person's pace) take writing a script that
 * behaves like a person, and count twice. A real popup buyer whose email and phone a flood
 * borrowed, sent in the middle of it, then still ranks above every replayed write of the flood.
 */
const SIGN_WEIGHTS: Record<BuyerSign, number> = {
  firstContact: 1,
  passedChecks: 1,
  deviceClock: 2,
  notInBurst: 2,
};

const signWeight = (signs: BuyerSigns) =>
  BUYER_SIGNS.reduce((total, sign) => total + (signs[sign] ? SIGN_WEIGHTS[sign] : 0), 0);

/**
 * The candidates with their signs: those outside every burst's time window first, then those with
 * the strongest signs of a real buyer (by SIGN_WEIGHTS), then the newest first, so a buyer who
 * writes just after a flood, level with its tail, goes above it (an enquiry without a server time
 * goes last among its equals).
 */
export function rankForDigest(
  candidates: readonly DigestCandidate[],
): { candidate: DigestCandidate; signs: BuyerSigns }[] {
  const signs = buyerSigns(candidates);
  return candidates
    .map((candidate, index) => ({ candidate, signs: signs[index] as BuyerSigns }))
    .sort(
      (a, b) =>
        Number(b.signs.notInBurst) - Number(a.signs.notInBurst) ||
        signWeight(b.signs) - signWeight(a.signs) ||
        (b.candidate.receivedAt?.getTime() ?? -Infinity) - (a.candidate.receivedAt?.getTime() ?? -Infinity) ||
        a.candidate.id.localeCompare(b.candidate.id),
    );
}

/** Its signs as the digest lists them: `3 of 4: first contact, a device's own clock, …`. */
function signsText(signs: BuyerSigns): string {
  const shown = BUYER_SIGNS.filter((sign) => signs[sign]).map((sign) => BUYER_SIGN_TEXT[sign]);
  return `${signCount(signs)} of ${BUYER_SIGNS.length}${shown.length ? `: ${shown.join(', ')}` : ''}`;
}

/** Why a candidate had no email of its own, as the sales team reads it. */
function whyText(candidate: DigestCandidate): string {
  if (candidate.kind === 'duplicate')
    return `duplicate of ${oneLineText(candidate.duplicateOf ?? 'an earlier enquiry')}`;
  const reason = candidate.heldReason ?? 'unknown';
  return HELD_REASON_TEXT[reason as HeldReason] ?? oneLineText(reason);
}

/** The digest's entries, ranked (rankForDigest) and described for the email. */
export function digestEntries(candidates: readonly DigestCandidate[]): DigestEntry[] {
  return rankForDigest(candidates).map(({ candidate, signs }) => ({
    enquiry: candidate,
    held: candidate.kind === 'held',
    why: whyText(candidate),
    signs: signsText(signs),
  }));
}

/** The signs' names, for the digest's note on what they are. */
export const BUYER_SIGN_NAMES: readonly string[] = BUYER_SIGNS.map((sign) => BUYER_SIGN_TEXT[sign]);
