/**
 * When a salesperson first contacts a buyer (the inbox sets `followUp.firstContactAt`, the rules
 * hold it to the server's time), the functions record how long the buyer waited: on the enquiry's
 * delivery record (`notification.firstContactAt`, `responseSeconds`, which take it off the inbox's
 * "waiting" list) and in the week's histogram (contract/response-times.ts), in one transaction
 * that does nothing when it has already been done, so a trigger delivered twice counts once.
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { NOTIFICATION_FIELD } from './contract/delivery';
import { FIRST_CONTACT_FIELD, FOLLOW_UP_FIELD } from './contract/follow-up';
import { asDate } from './contract/india-time';
import {
  readResponseStats,
  responseBucket,
  responseWeek,
  RESPONSE_STATS_COLLECTION,
} from './contract/response-times';
import type { EnquiryRef } from './delivery-record';

export type FirstContactOutcome = 'recorded' | 'already-recorded' | 'not-contacted' | 'missing';

/** Whether an enquiry's data shows a first contact the functions have not recorded yet. */
export function awaitsFirstContactRecord(data: Record<string, unknown> | undefined): boolean {
  if (!data) return false;
  const followUp = data[FOLLOW_UP_FIELD] as Record<string, unknown> | undefined;
  const notification = data[NOTIFICATION_FIELD] as Record<string, unknown> | undefined;
  return asDate(followUp?.[FIRST_CONTACT_FIELD]) !== null && asDate(notification?.firstContactAt) === null;
}

export async function recordFirstContact(db: Firestore, enquiry: EnquiryRef): Promise<FirstContactOutcome> {
  const ref = db.collection(enquiry.collection).doc(enquiry.id);
  return db.runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    if (!snapshot.exists) return 'missing';
    const data = snapshot.data() ?? {};
    if (!awaitsFirstContactRecord(data)) {
      return asDate(snapshot.get(`${NOTIFICATION_FIELD}.firstContactAt`))
        ? 'already-recorded'
        : 'not-contacted';
    }
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
    transaction.update(ref, {
      [`${NOTIFICATION_FIELD}.firstContactAt`]: Timestamp.fromDate(contactedAt),
      [`${NOTIFICATION_FIELD}.responseSeconds`]: seconds,
    });
    return 'recorded';
  });
}
