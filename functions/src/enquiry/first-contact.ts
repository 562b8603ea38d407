/**
 * What the functions record when the sales team follows an enquiry up, in one transaction that
 * does nothing when it has already been done (a trigger delivered twice counts once):
 * - the first contact (the inbox sets `followUp.firstContactAt`, the rules hold it to the server's
 *   time): how long the buyer waited, on the enquiry's delivery record (`notification.firstContactAt`,
 *   `responseSeconds`, which take it off the inbox's "waiting" list) and in the week's histogram
 *   (contract/response-times.ts);
 * - the retention: the enquiry is kept ENQUIRY_RETENTION_DAYS after its last follow-up change, so
 *   `expiresAt` moves on with each change (contract/retention.ts).
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { NOTIFICATION_FIELD } from '../contract/delivery';
import { FIRST_CONTACT_FIELD, FOLLOW_UP_FIELD } from '../contract/follow-up';
import { asDate } from '../contract/india-time';
import { readResponseStats, responseBucket, responseWeek } from '../contract/response-times';
import { DEFAULT_ENQUIRY_RETENTION_DAYS, EXPIRES_AT_FIELD, retentionEnd } from '../contract/retention';
import type { EnquiryRef } from './deps';
import { RESPONSE_STATS_COLLECTION } from '../contract/collections';

type FollowUpOutcome =
  | {
      firstContact: 'recorded' | 'already-recorded' | 'not-contacted';
      expiry: 'moved' | 'kept';
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
  const receivedAt = asDate(data.createdAt);
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

/** Whether an update needs recordFollowUp: a new first contact, or an expiry to move on. */
export function needsFollowUpRecord(
  data: Record<string, unknown> | undefined,
  retentionDays: number,
): boolean {
  if (!data || !data[FOLLOW_UP_FIELD]) return false;
  return awaitsFirstContactRecord(data) || expiryBehind(data, retentionDays);
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
    let firstContact: 'recorded' | 'already-recorded' | 'not-contacted' = asDate(
      snapshot.get(`${NOTIFICATION_FIELD}.firstContactAt`),
    )
      ? 'already-recorded'
      : 'not-contacted';
    if (awaitsFirstContactRecord(data)) {
      const contactedAt = asDate(snapshot.get(`${FOLLOW_UP_FIELD}.${FIRST_CONTACT_FIELD}`)) as Date;
      const receivedAt = asDate(data.createdAt) ?? contactedAt;
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
    if (Object.keys(changes).length) transaction.update(ref, changes);
    return { firstContact, expiry: moved ? 'moved' : 'kept' };
  });
}
