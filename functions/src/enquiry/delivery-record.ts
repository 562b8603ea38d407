/**
 * The transaction every change of an enquiry's delivery record by its delivery goes through, shared
 * by the trigger's delivery (delivery.ts) and admission (admission-claim.ts): read the enquiry,
 * decide, write only the fields that change. (The acknowledgement, the digest, a resend and the
 * WhatsApp channel write their own parts of the record themselves.)
 */
import type { StoredEnquiry } from '../contract/enquiry/stored-enquiry';
import {
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { NOTIFICATION_FIELD, type DeliveryRecord, type DeliveryState } from '../contract/delivery/delivery';
import { readDeliveryView, type DeliveryView } from './delivery-state';
import type { DeliveryDeps, DeliveryOutcome, EnquiryRef } from './deps';

type StoredRecord = DeliveryRecord<Timestamp>;

export function documentRef(db: Firestore, enquiry: EnquiryRef): DocumentReference {
  return db.collection(enquiry.collection).doc(enquiry.id);
}

function storedRecord(raw: unknown): Partial<StoredRecord> {
  return raw && typeof raw === 'object' ? (raw as Partial<StoredRecord>) : {};
}

/** The enquiry as the transaction found it. */
type Current = {
  data: DocumentData;
  record: Partial<StoredRecord>;
  view: DeliveryView | undefined | 'unreadable';
};

/** What a step decides: the delivery fields to change (none: leave the record alone) and its result. */
type Step<T> = { changes?: Partial<Record<keyof StoredRecord, unknown>>; result: T };

/**
 * The one way the delivery record changes: read the enquiry in a transaction, let `step` decide
 * (it may read and write other documents through the transaction, reads first), then write only
 * the fields that change, as field paths (`notification.state`), so nothing else on the record or
 * the document is overwritten. `updatedAt` comes with every change.
 */
export async function transition<T>(
  deps: DeliveryDeps,
  enquiry: EnquiryRef,
  missing: T,
  step: (current: Current, now: Date, transaction: Transaction) => Step<T> | Promise<Step<T>>,
): Promise<T> {
  const ref = documentRef(deps.db, enquiry);
  return deps.db.runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    if (!snapshot.exists) return missing;
    const raw: unknown = snapshot.get(NOTIFICATION_FIELD);
    const now = deps.clock();
    const current = { data: snapshot.data() ?? {}, record: storedRecord(raw), view: readDeliveryView(raw) };
    const { changes, result } = await step(current, now, transaction);
    if (changes) {
      const paths: Record<string, unknown> = {};
      for (const [key, value] of Object.entries({ ...changes, updatedAt: Timestamp.fromDate(now) }))
        paths[`${NOTIFICATION_FIELD}.${key}`] = value;
      transaction.update(ref, paths);
    }
    return result;
  });
}

/** A complete record for an enquiry seen for the first time; `changes` set its state. */
export function firstRecord(changes: Partial<Record<keyof StoredRecord, unknown>>) {
  return {
    state: 'PENDING',
    attempts: 0,
    lastError: null,
    claimedBy: null,
    leaseExpiresAt: null,
    nextAttemptAt: null,
    sentAt: null,
    messageId: null,
    deferrals: 0,
    ...changes,
  };
}

export type Claim =
  | { claimed: true; from: DeliveryState; attempts: number; enquiry: StoredEnquiry }
  | { claimed: false; outcome: DeliveryOutcome; gaveUp?: { attempts: number } };

export const MISSING: Claim = { claimed: false, outcome: { status: 'skipped', reason: 'missing' } };
