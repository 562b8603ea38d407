/**
 * Counters made of slots, as admission control and the inbox's resend count emails: an email
 * counts against a counter by creating the document `<counter>-<n>` for the next free n below the
 * counter's limit, in the same transaction that records what it counts. A slot exists once, so a
 * counter can never pass its limit however many claims race; no document is both read and written
 * by every claim, so a flood does not queue on a hot counter. A claim that lost a slot to another
 * (its commit fails with ALREADY_EXISTS) counts again.
 */
import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { ADMISSION_COLLECTION, ADMISSION_RETENTION_MS } from '../contract/enquiry/collections';
import { EXPIRES_AT_FIELD } from '../contract/enquiry/retention';

/** On a slot document: the counter it belongs to, which a count query filters on. */
export const COUNTER_FIELD = 'counter';
/** Firestore's gRPC code when a `create` finds the document already there. */
const ALREADY_EXISTS = 6;

/** The ID of slot `n` of a counter: `hour-2026-11-22T20-0007`. */
export function slotId(counter: string, n: number): string {
  return `${counter}-${String(n).padStart(4, '0')}`;
}

/** How many slots each counter has used: count queries, outside any transaction, so nothing is locked. */
export async function usedSlots(db: Firestore, counters: readonly string[]): Promise<number[]> {
  return Promise.all(
    counters.map(async (counter) => {
      const query = db.collection(ADMISSION_COLLECTION).where(COUNTER_FIELD, '==', counter);
      return (await query.count().get()).data().count;
    }),
  );
}

/** Takes the next slot of each counter (after `used` slots) in the transaction. */
export function takeSlots(
  db: Firestore,
  transaction: Transaction,
  slots: readonly { counter: string; used: number }[],
  now: Date,
): void {
  const at = Timestamp.fromDate(now);
  const expiresAt = Timestamp.fromMillis(now.getTime() + ADMISSION_RETENTION_MS);
  for (const { counter, used } of slots) {
    transaction.create(db.collection(ADMISSION_COLLECTION).doc(slotId(counter, used)), {
      [COUNTER_FIELD]: counter,
      at,
      [EXPIRES_AT_FIELD]: expiresAt,
    });
  }
}

/** Whether a transaction failed because another claim took one of its slots first. */
export function lostSlot(error: unknown): boolean {
  return (error as { code?: unknown }).code === ALREADY_EXISTS;
}
