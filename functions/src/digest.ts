/**
 * The hourly digest: every HELD enquiry reported to sales in one email (the count, a table of the
 * first 50, a CSV of all it covers), then marked DIGESTED. At most one digest email an hour: a
 * lock document per India-time hour in the admission collection says whether this hour's went out.
 * A digest the SMTP server refuses releases the lock, so a later sweep of the same hour tries again.
 */
import { Timestamp, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import {
  ADMISSION_COLLECTION,
  COUNTER_RETENTION_MS,
  digestKey,
  EXPIRES_AT_FIELD,
  indiaHourKey,
} from './admission';
import { ENQUIRY_COLLECTIONS, type EnquiryCollection } from './contract/enquiry';
import type { DeliveryDeps } from './delivery';
import { DELIVERY_LEASE_MS, describeSendError, NOTIFICATION_FIELD } from './delivery-state';
import { composeDigestEmail, type HeldEnquiry } from './mail/template';

/** Enquiries one digest covers; more wait for the next hour's (the digest says how many). */
export const DIGEST_MAX_ENQUIRIES = 1000;
/** Firestore's limit of writes in one batch. */
const BATCH_SIZE = 500;

export type DigestOutcome =
  | { status: 'nothing-held' }
  | { status: 'already-sent-this-hour' | 'in-flight'; heldTotal: number }
  | { status: 'sent'; enquiries: number; heldTotal: number; messageId: string; documentsRead: number }
  | { status: 'failed'; heldTotal: number; error: string; documentsRead: number };

const heldQuery = (db: Firestore, collection: EnquiryCollection) =>
  db.collection(collection).where(`${NOTIFICATION_FIELD}.state`, '==', 'HELD');

function asHeld(collection: EnquiryCollection, doc: DocumentSnapshot): HeldEnquiry {
  const data = doc.data() ?? {};
  const createdAt: unknown = data.createdAt;
  const reason: unknown = doc.get(`${NOTIFICATION_FIELD}.heldReason`);
  return {
    collection,
    id: doc.id,
    data,
    receivedAt: createdAt instanceof Timestamp ? createdAt.toDate() : null,
    heldReason: typeof reason === 'string' ? reason : 'unknown',
  };
}

function heldAtMillis(doc: DocumentSnapshot): number {
  const at: unknown = doc.get(`${NOTIFICATION_FIELD}.heldAt`);
  return at instanceof Timestamp ? at.toMillis() : 0;
}

/** Takes this hour's digest lock unless this hour's digest went out or is going out now. */
async function lockHour(deps: DeliveryDeps, runId: string, now: Date) {
  const ref = deps.db.collection(ADMISSION_COLLECTION).doc(digestKey(now));
  const status = await deps.db.runTransaction(async (transaction) => {
    const lock = await transaction.get(ref);
    const state: unknown = lock.get('state');
    const lease: unknown = lock.get('leaseExpiresAt');
    if (state === 'SENT') return 'already-sent-this-hour' as const;
    if (state === 'SENDING' && lease instanceof Timestamp && lease.toMillis() > now.getTime())
      return 'in-flight' as const;
    transaction.set(ref, {
      state: 'SENDING',
      claimedBy: runId,
      leaseExpiresAt: Timestamp.fromMillis(now.getTime() + DELIVERY_LEASE_MS),
      [EXPIRES_AT_FIELD]: Timestamp.fromMillis(now.getTime() + COUNTER_RETENTION_MS),
    });
    return 'locked' as const;
  });
  return { ref, status };
}

export async function sendHeldDigest(deps: DeliveryDeps, runId: string): Promise<DigestOutcome> {
  const now = deps.clock();
  const counts = await Promise.all(
    ENQUIRY_COLLECTIONS.map(
      async (collection) => (await heldQuery(deps.db, collection).count().get()).data().count,
    ),
  );
  const heldTotal = counts.reduce((sum, count) => sum + count, 0);
  if (heldTotal === 0) return { status: 'nothing-held' };

  const lock = await lockHour(deps, runId, now);
  if (lock.status !== 'locked') return { status: lock.status, heldTotal };

  // Oldest first across both forms, never more than one digest's worth of reads.
  const chosen: { collection: EnquiryCollection; doc: DocumentSnapshot }[] = [];
  let documentsRead = counts.length + 1;
  for (const collection of ENQUIRY_COLLECTIONS) {
    const room = DIGEST_MAX_ENQUIRIES - chosen.length;
    if (room === 0) break;
    const snapshot = await heldQuery(deps.db, collection)
      .orderBy(`${NOTIFICATION_FIELD}.heldAt`)
      .limit(room)
      .get();
    documentsRead += Math.max(1, snapshot.size);
    chosen.push(...snapshot.docs.map((doc) => ({ collection, doc })));
  }
  chosen.sort((a, b) => heldAtMillis(a.doc) - heldAtMillis(b.doc));
  const hourKey = indiaHourKey(now);
  const mail = composeDigestEmail(
    {
      enquiries: chosen.map(({ collection, doc }) => asHeld(collection, doc)),
      heldTotal,
      hourKey,
      writtenAt: now,
    },
    deps.mail,
  );

  let messageId: string;
  try {
    messageId = (await deps.transport.send(mail)).messageId;
  } catch (error) {
    const reason = describeSendError(error);
    await lock.ref.set({ state: 'FAILED', lastError: reason, leaseExpiresAt: null }, { merge: true });
    deps.log.warn('held enquiries digest not sent; a later sweep tries again', {
      hourKey,
      heldTotal,
      error: reason,
    });
    return { status: 'failed', heldTotal, error: reason, documentsRead };
  }

  const digestedAt = Timestamp.fromDate(deps.clock());
  for (let start = 0; start < chosen.length; start += BATCH_SIZE) {
    const batch = deps.db.batch();
    for (const { doc } of chosen.slice(start, start + BATCH_SIZE)) {
      batch.update(doc.ref, {
        [`${NOTIFICATION_FIELD}.state`]: 'DIGESTED',
        [`${NOTIFICATION_FIELD}.digestedAt`]: digestedAt,
        [`${NOTIFICATION_FIELD}.digest`]: hourKey,
        [`${NOTIFICATION_FIELD}.messageId`]: messageId,
        [`${NOTIFICATION_FIELD}.updatedAt`]: digestedAt,
      });
    }
    await batch.commit();
  }
  await lock.ref.set(
    { state: 'SENT', sentAt: digestedAt, messageId, enquiries: chosen.length, leaseExpiresAt: null },
    { merge: true },
  );
  deps.log.info('held enquiries digest sent', { hourKey, enquiries: chosen.length, heldTotal, messageId });
  return { status: 'sent', enquiries: chosen.length, heldTotal, messageId, documentsRead };
}
