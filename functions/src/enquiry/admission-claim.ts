/**
 * Admission control's transaction (the rules are in admission.ts): a new enquiry's duplicate
 * fingerprint is read, its counters counted, and either it is recorded as DUPLICATE or HELD, or it
 * takes one slot of each counter and is claimed for sending, all in one transaction with the
 * enquiry's delivery record.
 */
import { readStoredEnquiry, receivedAtOf } from '../contract/enquiry/stored-enquiry';
import { Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import {
  admissionBackoffMs,
  admissionKeys,
  COUNTERS,
  decideAdmission,
  DUPLICATE_WINDOW_MS,
  type AdmissionKeys,
  type CounterName,
} from './admission';
import { contactKeysOf } from '../contract/enquiry/contact-keys';
import { EXPIRES_AT_FIELD } from '../contract/enquiry/retention';
import { DEFAULT_ENQUIRY_RETENTION_DAYS, retentionEnd } from '../contract/enquiry/retention';
import { documentRef, firstRecord, MISSING, transition, type Claim } from './delivery-record';
import { claimToken, decideClaim, DELIVERY_LEASE_MS, type Claimant } from './delivery-state';
import { ADMISSION_COLLECTION } from '../contract/enquiry/collections';
import type { AdmissionLimits, DeliveryDeps, EnquiryRef } from './deps';
import { lostSlot, takeSlots, usedSlots } from './slots';
import { recordMailUsage } from './mail-budget';

/**
 * Admission rounds a claim may lose before the trigger gives up (and the platform retries it). A
 * round is lost only when another claim took the slot, and every claim takes a slot of its hour:
 * after `hourlyCap` losses the hour is full and the claim is HELD. Twice that, for an hour that
 * turns during the claim. A fixed 30 was too few: in a simulated flood (10 instances at once)
 * claims lost up to 30 rounds in a row, and the trigger threw.
 */
const maxAdmissionRounds = (limits: AdmissionLimits) => 2 * limits.hourlyCap + 1;

export const admissionRef = (db: Firestore, id: string) => db.collection(ADMISSION_COLLECTION).doc(id);

/** How many slots each of this enquiry's counters has used. */
async function countSlots(deps: DeliveryDeps, keys: AdmissionKeys): Promise<Record<CounterName, number>> {
  const counts = await usedSlots(
    deps.db,
    COUNTERS.map((counter) => keys[counter]),
  );
  return Object.fromEntries(COUNTERS.map((counter, index) => [counter, counts[index] ?? 0])) as Record<
    CounterName,
    number
  >;
}

/**
 * Admission control for a new enquiry: the duplicate fingerprint is read in the transaction; the
 * counters are counted just before it, and the transaction creates the next slot of each. When
 * a concurrent claim took one of those slots first, the commit fails and the round starts again
 * with fresh counts; a full counter means HELD. Only what is sent takes slots.
 */
export async function admit(
  deps: DeliveryDeps,
  enquiry: EnquiryRef,
  claimant: Claimant,
  data: DocumentData,
  /** What else the record of an enquiry admitted for its own email starts with (its WhatsApp alert). */
  admitted: (now: Date) => Record<string, unknown>,
): Promise<Claim> {
  const token = claimToken(claimant);
  const path = `${enquiry.collection}/${enquiry.id}`;
  for (let round = 1; ; round += 1) {
    const keys = admissionKeys(enquiry.collection, data, deps.clock());
    const counts = await countSlots(deps, keys);
    try {
      return await transition<Claim>(
        deps,
        enquiry,
        MISSING,
        async ({ data: current, view }, now, transaction) => {
          const decision = decideClaim(view, claimant, now);
          // Someone else admitted it since the first look: their record stands.
          if (decision.action !== 'admit')
            return { result: { claimed: false, outcome: { status: 'skipped', reason: 'in-flight' } } };
          const duplicate = await transaction.get(admissionRef(deps.db, keys.duplicate));
          const firstAt: unknown = duplicate.get('at');
          const original: unknown = duplicate.get('original');
          const isDuplicate =
            typeof original === 'string' &&
            original !== path &&
            firstAt instanceof Timestamp &&
            now.getTime() - firstAt.toMillis() < DUPLICATE_WINDOW_MS;
          const admission = decideAdmission(
            { duplicateOf: isDuplicate ? original : null, ...counts },
            deps.limits,
          );
          const stamp = Timestamp.fromDate(now);
          // Kept for the retention period from its arrival (a follow-up later moves this on), and
          // findable by the person's address and number as admission compares them.
          const receivedAt = receivedAtOf(current) ?? now;
          transaction.update(documentRef(deps.db, enquiry), {
            [EXPIRES_AT_FIELD]: Timestamp.fromDate(
              retentionEnd(receivedAt, deps.retentionDays ?? DEFAULT_ENQUIRY_RETENTION_DAYS),
            ),
          });
          const contactKeys = contactKeysOf(current);
          if (admission.verdict === 'duplicate') {
            return {
              // No digest yet: the next hourly digest lists it, so no duplicate is final in silence.
              changes: firstRecord({
                state: 'DUPLICATE',
                duplicateOf: admission.duplicateOf,
                digest: null,
                contactKeys,
              }),
              result: {
                claimed: false,
                outcome: { status: 'duplicate', duplicateOf: admission.duplicateOf },
              },
            };
          }
          // The first of its kind, held or sent: later copies within the window point here.
          transaction.set(admissionRef(deps.db, keys.duplicate), {
            original: path,
            at: stamp,
            [EXPIRES_AT_FIELD]: Timestamp.fromMillis(now.getTime() + DUPLICATE_WINDOW_MS),
          });
          if (admission.verdict === 'held') {
            return {
              changes: firstRecord({
                state: 'HELD',
                heldReason: admission.reason,
                heldAt: stamp,
                // The digest puts first contacts ahead of senders who already wrote today.
                senderEmailsToday: counts.sender,
                // Waiting for a salesperson (a duplicate is not: its first one is).
                firstContactAt: null,
                contactKeys,
              }),
              result: { claimed: false, outcome: { status: 'held', reason: admission.reason } },
            };
          }
          takeSlots(
            deps.db,
            transaction,
            COUNTERS.map((counter) => ({ counter: keys[counter], used: counts[counter] })),
            now,
          );
          recordMailUsage(deps.db, transaction, 'sales', deps.limits, now);
          const leaseExpiresAt = Timestamp.fromMillis(now.getTime() + DELIVERY_LEASE_MS);
          return {
            changes: firstRecord({
              state: 'SENDING',
              attempts: 1,
              claimedBy: token,
              leaseExpiresAt,
              nextAttemptAt: leaseExpiresAt,
              firstContactAt: null,
              contactKeys,
              // Admitted for its own email: what else its record starts with (its WhatsApp alert).
              ...admitted(now),
            }),
            result: {
              claimed: true,
              from: 'PENDING',
              attempts: 1,
              enquiry: readStoredEnquiry(enquiry, current),
            },
          };
        },
      );
    } catch (error) {
      if (!lostSlot(error) || round >= maxAdmissionRounds(deps.limits)) throw error;
      await pause(admissionBackoffMs(round));
    }
  }
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
