/**
 * What the functions record when the sales team follows an enquiry up, in one transaction that
 * does nothing when it has already been done (a trigger delivered twice counts once):
 * - the first contact (the inbox sets `followUp.firstContactAt`, the rules hold it to the server's
 *   time): how long the buyer waited, on the enquiry's delivery record (`notification.firstContactAt`,
 *   `responseSeconds`, which take it off the inbox's "waiting" list) and in the week's histogram
 *   (contract/delivery/response-times.ts);
 * - the retention: the enquiry is kept ENQUIRY_RETENTION_DAYS after its last follow-up change, so
 *   `expiresAt` moves on with each change (contract/enquiry/retention.ts);
 * - a correction of the buyer's details (contract/inbox/correction.ts): who the enquiry is from is
 *   rewritten at once, as if it had arrived corrected: its contact keys (which the inbox, a
 *   privacy request and the digest compare people by) and its duplicate fingerprint, so the old
 *   address or number is gone from it, as the inbox promises, and the corrected buyer's same
 *   enquiry again is a duplicate of it.
 */
import { receivedAtOf } from '../contract/enquiry/stored-enquiry';
import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { contactKeysOf } from '../contract/enquiry/contact-keys';
import { NOTIFICATION_FIELD } from '../contract/delivery/delivery';
import { FIRST_CONTACT_FIELD, FOLLOW_UP_FIELD, followUpHistory } from '../contract/inbox/follow-up';
import { asDate } from '../contract/base/india-time';
import { readResponseStats, responseBucket, responseWeek } from '../contract/delivery/response-times';
import {
  DEFAULT_ENQUIRY_RETENTION_DAYS,
  EXPIRES_AT_FIELD,
  retentionEnd,
} from '../contract/enquiry/retention';
import { admissionKeys } from './admission';
import type { EnquiryRef } from './deps';
import { ADMISSION_COLLECTION, RESPONSE_STATS_COLLECTION } from '../contract/enquiry/collections';

type FollowUpOutcome =
  | {
      firstContact: 'recorded' | 'already-recorded' | 'not-contacted';
      expiry: 'moved' | 'kept';
      /** Who the enquiry is from was rewritten after a correction. */
      corrected: boolean;
    }
  | { missing: true };

/** Whether an enquiry's data shows a first contact the functions have not recorded yet. */
function awaitsFirstContactRecord(data: Record<string, unknown> | undefined): boolean {
  if (!data) return false;
  const followUp = data[FOLLOW_UP_FIELD] as Record<string, unknown> | undefined;
  const notification = data[NOTIFICATION_FIELD] as Record<string, unknown> | undefined;
  return asDate(followUp?.[FIRST_CONTACT_FIELD]) !== null && asDate(notification?.firstContactAt) === null;
}

/** The expiry an enquiry should have: its arrival or last follow-up change, plus the retention. */
function expiryDue(data: Record<string, unknown>, retentionDays: number): Date | null {
  const receivedAt = receivedAtOf(data);
  const changedAt = asDate((data[FOLLOW_UP_FIELD] as Record<string, unknown> | undefined)?.updatedAt);
  const last = [receivedAt, changedAt].filter((date): date is Date => date !== null);
  if (last.length === 0) return null;
  return retentionEnd(new Date(Math.max(...last.map((date) => date.getTime()))), retentionDays);
}

/** Whether the stored expiry is earlier than the last follow-up change allows. */
function expiryBehind(data: Record<string, unknown>, retentionDays: number): boolean {
  const due = expiryDue(data, retentionDays);
  const stored = asDate(data[EXPIRES_AT_FIELD]);
  return due !== null && (stored === null || stored.getTime() < due.getTime());
}

/** On the delivery record: how many corrections (follow-up history entries) the functions have applied. */
const CORRECTIONS_APPLIED = 'correctionsApplied';

const recordOf = (data: Record<string, unknown>) =>
  (data[NOTIFICATION_FIELD] ?? {}) as Record<string, unknown>;

/** Whether a correction was saved since the functions last rewrote who the enquiry is from. */
function correctionsBehind(data: Record<string, unknown>): boolean {
  const applied = recordOf(data)[CORRECTIONS_APPLIED];
  const corrections = Object.keys(followUpHistory(data[FOLLOW_UP_FIELD])).length;
  return corrections > (typeof applied === 'number' ? applied : 0);
}

/**
 * Whether the stored contact keys are no longer the enquiry's. Before admission there are none:
 * admission writes them from what is stored then.
 */
function contactKeysBehind(data: Record<string, unknown>): boolean {
  const stored = recordOf(data).contactKeys as Record<string, unknown> | undefined;
  if (!stored) return false;
  const keys = contactKeysOf(data);
  return stored.email !== keys.email || stored.phone !== keys.phone;
}

/** Whether an update needs recordFollowUp: a new first contact, an expiry to move on, a correction. */
export function needsFollowUpRecord(
  data: Record<string, unknown> | undefined,
  retentionDays: number,
): boolean {
  if (!data || !data[FOLLOW_UP_FIELD]) return false;
  return (
    awaitsFirstContactRecord(data) ||
    expiryBehind(data, retentionDays) ||
    correctionsBehind(data) ||
    contactKeysBehind(data)
  );
}

/**
 * The duplicate fingerprint made for this enquiry (found by the enquiry it names, whatever it was
 * made from), moved to what the corrected enquiry would make: read now, written by the function
 * returned (a transaction reads everything before it writes). A fingerprint already there for
 * someone else's enquiry stands.
 */
async function fingerprintMove(
  db: Firestore,
  transaction: Transaction,
  enquiry: EnquiryRef,
  data: Record<string, unknown>,
): Promise<() => void> {
  const path = `${enquiry.collection}/${enquiry.id}`;
  const admission = db.collection(ADMISSION_COLLECTION);
  const wanted = admission.doc(admissionKeys(enquiry.collection, data, new Date()).duplicate);
  const [made, current] = await Promise.all([
    transaction.get(admission.where('original', '==', path)),
    transaction.get(wanted),
  ]);
  return () => {
    for (const fingerprint of made.docs) {
      if (fingerprint.id === wanted.id) continue;
      transaction.delete(fingerprint.ref);
      if (!current.exists) transaction.set(wanted, fingerprint.data());
    }
  };
}

export async function recordFollowUp(
  db: Firestore,
  enquiry: EnquiryRef,
  retentionDays: number = DEFAULT_ENQUIRY_RETENTION_DAYS,
): Promise<FollowUpOutcome> {
  const ref = db.collection(enquiry.collection).doc(enquiry.id);
  return db.runTransaction(async (transaction): Promise<FollowUpOutcome> => {
    const snapshot = await transaction.get(ref);
    if (!snapshot.exists) return { missing: true };
    const data = snapshot.data() ?? {};
    const changes: Record<string, unknown> = {};
    // Before admission there is nothing to rewrite: admission reads the corrected details itself.
    const corrected =
      (correctionsBehind(data) || contactKeysBehind(data)) && recordOf(data).state !== undefined;
    const moveFingerprint = corrected ? await fingerprintMove(db, transaction, enquiry, data) : null;
    let firstContact: 'recorded' | 'already-recorded' | 'not-contacted' = asDate(
      snapshot.get(`${NOTIFICATION_FIELD}.firstContactAt`),
    )
      ? 'already-recorded'
      : 'not-contacted';
    if (awaitsFirstContactRecord(data)) {
      const contactedAt = asDate(snapshot.get(`${FOLLOW_UP_FIELD}.${FIRST_CONTACT_FIELD}`)) as Date;
      const receivedAt = receivedAtOf(data) ?? contactedAt;
      const seconds = Math.max(0, Math.round((contactedAt.getTime() - receivedAt.getTime()) / 1000));
      const week = responseWeek(receivedAt);
      const statsRef = db.collection(RESPONSE_STATS_COLLECTION).doc(week);
      const stats = readResponseStats(week, (await transaction.get(statsRef)).data());
      const bucket = responseBucket(seconds);
      stats.buckets[bucket] = (stats.buckets[bucket] ?? 0) + 1;
      transaction.set(statsRef, {
        week,
        answered: stats.answered + 1,
        buckets: stats.buckets,
        updatedAt: Timestamp.now(),
      });
      changes[`${NOTIFICATION_FIELD}.firstContactAt`] = Timestamp.fromDate(contactedAt);
      changes[`${NOTIFICATION_FIELD}.responseSeconds`] = seconds;
      firstContact = 'recorded';
    }
    const due = expiryDue(data, retentionDays);
    const moved = due !== null && expiryBehind(data, retentionDays);
    if (moved) changes[EXPIRES_AT_FIELD] = Timestamp.fromDate(due);
    if (corrected) {
      changes[`${NOTIFICATION_FIELD}.contactKeys`] = contactKeysOf(data);
      changes[`${NOTIFICATION_FIELD}.${CORRECTIONS_APPLIED}`] = Object.keys(
        followUpHistory(data[FOLLOW_UP_FIELD]),
      ).length;
      moveFingerprint?.();
    }
    if (Object.keys(changes).length) transaction.update(ref, changes);
    return { firstContact, expiry: moved ? 'moved' : 'kept', corrected };
  });
}
