/**
 * Admission control: which new enquiries get their own sales email. The enquiry collections take
 * anonymous writes from anyone, as a public form must, so this is where a script that floods them
 * is stopped from flooding the sales inbox, spending the mail quota or starving a real buyer, and
 * where a stranger must not be able to hold back or silence someone else's enquiry:
 *
 * - DUPLICATE: the same person saying the same thing: normalised name + email + phone + message
 *   (popup: name + email + phone + business) within 24 hours. A stranger who knows a buyer's email
 *   and phone but not the exact name and words cannot make the buyer's enquiry a duplicate of theirs.
 *   A duplicate is recorded with a pointer to the first one, gets no email of its own, and is
 *   listed in the next hourly digest: never final in silence.
 * - per sender: at most `perSenderDaily` sales emails a day per sender, where a sender is who the
 *   enquiry claims to be (normalised name + email + phone together). Writes that differ in any of
 *   the three are other senders, so five enquiries with a buyer's phone and other names or
 *   addresses spend nothing of that buyer's allowance.
 * - globally: at most `hourlyCap` emails an hour and `dailyCap` a day, counted on the mail budget's
 *   counters (mail-budget.ts), where acknowledgements count too.
 * Over a limit the enquiry is HELD and reported in the hourly digest: kept, never lost.
 *
 * The counters are slots: an email counts against a counter by creating the document
 * `<counter>-<n>` for the next free n below the limit, in the same transaction that records the
 * enquiry. A slot exists once, so a counter can never pass its limit, however many triggers race;
 * and no document is both read and written by every claim, so a flood does not queue on a hot
 * counter. Counter names carry a hash of who wrote, never the address itself. Days and hours are
 * India time, the sales team's. Pure code here; the transaction is in admission-claim.ts, the
 * slots in slots.ts.
 */
import { createHash } from 'node:crypto';
import { withoutHiddenCharacters } from '../contract/enquiry/hidden-characters';
import type { HeldReason } from '../contract/delivery/delivery';
// Addresses and numbers are compared as the contract says (the inbox compares buyers the same way).
import { canonicalMailbox, normaliseEmail } from '../contract/enquiry/contact-keys';
import { phoneKey } from '../contract/enquiry/phone';
import { textOf } from '../contract/enquiry/stored-enquiry';
import { indiaDayKey, indiaHourKey } from '../contract/base/india-time';
import type { AdmissionLimits } from './deps';
import { dayCounter, hourCounter } from './mail-budget';
import {
  ADMISSION_DOCUMENTS,
  ENQUIRY_COLLECTION,
  type EnquiryCollection,
} from '../contract/enquiry/collections';

export const DUPLICATE_WINDOW_MS = 24 * 60 * 60_000;

/** A hash for document IDs: the address or number cannot be read back from it. */
export function hashKey(kind: string, value: string): string {
  return createHash('sha256').update(`sme-enquiry-admission:${kind}:${value}`).digest('hex').slice(0, 40);
}

/** Case, spacing, hidden characters and Unicode form do not make a name or a message new. */
export function normaliseText(value: unknown): string {
  return withoutHiddenCharacters(textOf(value)).normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Who an enquiry says it is from, as admission compares senders: name, email and phone together. */
function senderIdentity(data: Record<string, unknown>): string {
  return [normaliseText(data.name), normaliseEmail(data.email), phoneKey(data.phone)].join('\n');
}

/** The fingerprint document and the counters one new enquiry is checked against. */
export type AdmissionKeys = {
  duplicate: string;
  sender: string;
  hour: string;
  day: string;
};

export const COUNTERS = ['sender', 'hour', 'day'] as const;
export type CounterName = (typeof COUNTERS)[number];

/** The counter of one sender's sales emails on an India-time day. */
function senderCounter(data: Record<string, unknown>, now: Date): string {
  return `${ADMISSION_DOCUMENTS.senderSlots}${indiaDayKey(now)}-${hashKey('sender', senderIdentity(data))}`;
}

export function admissionKeys(
  collection: EnquiryCollection,
  data: Record<string, unknown>,
  now: Date,
): AdmissionKeys {
  const what = collection === ENQUIRY_COLLECTION ? normaliseText(data.message) : normaliseText(data.business);
  return {
    duplicate: `${ADMISSION_DOCUMENTS.duplicate}${hashKey('enquiry', [collection, senderIdentity(data), what].join('\n'))}`,
    sender: senderCounter(data, now),
    // The mail budget's: every email counts there, and sales emails may fill them to the caps.
    hour: hourCounter(now),
    day: dayCounter(now),
  };
}

/** What the fingerprint and the counters said when the enquiry arrived. */
type AdmissionCounts = {
  /** `collection/id` of an identical enquiry within the duplicate window, if any. */
  duplicateOf: string | null;
  sender: number;
  hour: number;
  day: number;
};

type Admission =
  | { verdict: 'duplicate'; duplicateOf: string }
  | { verdict: 'held'; reason: HeldReason }
  | { verdict: 'send' };

/** The first pause after a lost admission round, and the longest. */
const ADMISSION_BACKOFF_BASE_MS = 5;
export const ADMISSION_BACKOFF_MAX_MS = 200;

/**
 * How long a claim that lost a round waits before it counts again: a random time up to a ceiling
 * that doubles with each loss ("full jitter"), so ten triggers that lost to each other do not all
 * come back at the same instant with four count queries each.
 */
export function admissionBackoffMs(lostRounds: number, random: () => number = Math.random): number {
  const ceiling = Math.min(
    ADMISSION_BACKOFF_MAX_MS,
    ADMISSION_BACKOFF_BASE_MS * 2 ** Math.max(0, lostRounds - 1),
  );
  return Math.floor(random() * ceiling);
}

export function decideAdmission(counts: AdmissionCounts, limits: AdmissionLimits): Admission {
  if (counts.duplicateOf) return { verdict: 'duplicate', duplicateOf: counts.duplicateOf };
  if (counts.sender >= limits.perSenderDaily) return { verdict: 'held', reason: 'sender-limit' };
  if (counts.hour >= limits.hourlyCap) return { verdict: 'held', reason: 'hourly-cap' };
  if (counts.day >= limits.dailyCap) return { verdict: 'held', reason: 'daily-cap' };
  return { verdict: 'send' };
}

/**
 * The ID of the document that lets one acknowledgement a day go to a mailbox: keyed on the mailbox
 * the address delivers to, so `victim+1@`, `victim+2@` and `vic.tim@gmail.com` share one.
 */
export function acknowledgementKey(email: string, now: Date): string {
  return `${ADMISSION_DOCUMENTS.acknowledgement}${indiaDayKey(now)}-${hashKey('email', canonicalMailbox(email))}`;
}

/** The ID of the document that lets one digest an hour go out. */
export function digestKey(now: Date): string {
  return `${ADMISSION_DOCUMENTS.digestLock}${indiaHourKey(now)}`;
}
