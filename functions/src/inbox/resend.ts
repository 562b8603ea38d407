/**
 * Sending an enquiry's sales email again, at a sales person's request (the inbox's "Resend
 * email"). It bypasses admission control's per-sender and hourly rules and the retry sweep (a
 * person asked for exactly one more email now), but it spends the mail quota like any email: each
 * resend takes a slot of the day's counter (DAILY_EMAIL_CAP), and one account may resend at most
 * RESENDS_PER_ACCOUNT_HOURLY emails an hour.
 *
 * Each click carries its own request id, recorded in `enquiry-resends/<requestId>` in a
 * transaction before the send: a click retried with the same id (an answer lost on the way back)
 * returns the first result instead of mailing again, and one in flight is not doubled. Only a
 * successful send changes the enquiry's delivery record (to SENT); a failure leaves the record as
 * it was and is reported to the caller, so the inbox never shows an email that did not go.
 *
 * The one repeat left: an instance that dies after the SMTP server accepted the email and before
 * SENT is recorded. The same click, retried after the lease, sends again (sending twice is the
 * right side to err on; the stable Message-ID lets the mailbox fold the repeat).
 *
 * An account whose access was withdrawn (`npm run sales -- revoke`) is refused at its next call,
 * although its ID token may still carry the claim for up to an hour: the revocation document says
 * when access ended, and a token from a sign-in before then no longer counts.
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { COUNTER_FIELD, COUNTER_RETENTION_MS, dayCounter, hashKey, slotId } from '../enquiry/admission';
import { EXPIRES_AT_FIELD } from '../contract/retention';
import { indiaHourKey } from '../contract/india-time';
import {
  ADMISSION_COLLECTION,
  ENQUIRY_COLLECTIONS,
  type EnquiryCollection,
  SALES_REVOCATIONS_COLLECTION,
  RESENDS_COLLECTION,
} from '../contract/collections';
import { ENQUIRY_ID_PATTERN } from '../contract/enquiry-id';
import { SALES_CLAIM } from '../contract/follow-up';
import { RESEND_REQUEST_ID_PATTERN, type ResendRequest, type ResendResult } from '../contract/resend';
import { NOTIFICATION_FIELD } from '../contract/delivery';
import { describeSendError } from '../enquiry/delivery-state';
import { LOG_EVENTS } from '../logs';
import { ALREADY_EXISTS, type DeliveryDeps } from '../enquiry/delivery-record';
import { composeSalesEmail } from '../channels/mail/enquiry-emails';

/** A resend in flight longer than this died with its instance; the same click may try again. */
export const RESEND_LEASE_MS = 2 * 60_000;
/** A resend's record is kept this long (it answers a retried click), then a TTL policy removes it. */
export const RESEND_RETENTION_MS = 30 * 24 * 60 * 60_000;
/** Resends one sales account may send in an India-time hour. */
export const RESENDS_PER_ACCOUNT_HOURLY = 10;
/** Rounds a resend's claim may lose to another's slot before it gives up (each loss means a slot went). */
const MAX_CLAIM_ROUNDS = 20;

/** What a resend needs is what a delivery needs: the database, the transport, the settings and limits. */
export type ResendDeps = DeliveryDeps;

/**
 * Who called, from the verified ID token; null when the call carried none. `authTime` is the
 * token's `auth_time`: when the account signed in, in seconds.
 */
export type ResendCaller = {
  uid: string;
  email: string | null;
  claims: Record<string, unknown>;
  authTime: number;
} | null;

export type ResendErrorCode =
  | 'unauthenticated'
  | 'permission-denied'
  | 'invalid-argument'
  | 'not-found'
  | 'aborted'
  | 'unavailable'
  | 'resource-exhausted';

/** Mapped one to one onto an HttpsError by the callable wrapper. */
export class ResendError extends Error {
  constructor(
    readonly code: ResendErrorCode,
    message: string,
  ) {
    super(message);
  }
}

function readRequest(data: unknown): ResendRequest {
  const request = (data ?? {}) as Record<string, unknown>;
  const { collection, enquiryId, requestId } = request;
  if (typeof collection !== 'string' || !(ENQUIRY_COLLECTIONS as readonly string[]).includes(collection))
    throw new ResendError('invalid-argument', 'Unknown enquiry collection.');
  if (typeof enquiryId !== 'string' || !ENQUIRY_ID_PATTERN.test(enquiryId))
    throw new ResendError('invalid-argument', 'Not an enquiry id.');
  if (typeof requestId !== 'string' || !RESEND_REQUEST_ID_PATTERN.test(requestId))
    throw new ResendError('invalid-argument', 'Not a request id.');
  return { collection: collection as EnquiryCollection, enquiryId, requestId };
}

type Claim =
  | { kind: 'send'; data: Record<string, unknown>; receivedAt: Date | null }
  | { kind: 'done'; result: ResendResult };

/** Whether the account's access was withdrawn after it signed in (see SALES_REVOCATIONS_COLLECTION). */
export async function accessWithdrawn(db: Firestore, caller: NonNullable<ResendCaller>): Promise<boolean> {
  const revocation = await db.collection(SALES_REVOCATIONS_COLLECTION).doc(caller.uid).get();
  const revokedAt: unknown = revocation.get('revokedAt');
  return typeof revokedAt === 'number' && caller.authTime <= revokedAt;
}

/** The counter of one account's resends in an India-time hour; its name carries a hash of the uid. */
export function accountHourCounter(uid: string, now: Date): string {
  return `resend-${indiaHourKey(now)}-${hashKey('account', uid)}`;
}

function hourEnds(now: Date): string {
  const nextHour = indiaHourKey(new Date(now.getTime() + 60 * 60_000)).slice(11, 13);
  return `${nextHour}:00`;
}

async function usedSlots(db: Firestore, counter: string): Promise<number> {
  const query = db.collection(ADMISSION_COLLECTION).where(COUNTER_FIELD, '==', counter);
  return (await query.count().get()).data().count;
}

export async function resendEnquiryEmail(
  deps: ResendDeps,
  caller: ResendCaller,
  data: unknown,
): Promise<ResendResult> {
  if (!caller) throw new ResendError('unauthenticated', 'Sign in to resend an email.');
  if (caller.claims[SALES_CLAIM] !== true)
    throw new ResendError('permission-denied', 'This account has no access to enquiries.');
  if (await accessWithdrawn(deps.db, caller))
    throw new ResendError('permission-denied', "This account's access to enquiries was withdrawn.");
  const request = readRequest(data);
  const enquiryRef = deps.db.collection(request.collection).doc(request.enquiryId);
  const resendRef = deps.db.collection(RESENDS_COLLECTION).doc(request.requestId);
  const path = `${request.collection}/${request.enquiryId}`;

  let claim: Claim | undefined;
  for (let round = 1; !claim; round += 1) {
    const counted = deps.clock();
    const counters = { day: dayCounter(counted), account: accountHourCounter(caller.uid, counted) };
    const [day, account] = await Promise.all([
      usedSlots(deps.db, counters.day),
      usedSlots(deps.db, counters.account),
    ]);
    try {
      claim = await deps.db.runTransaction(async (transaction): Promise<Claim> => {
        const [resend, enquiry] = await Promise.all([
          transaction.get(resendRef),
          transaction.get(enquiryRef),
        ]);
        const now = deps.clock();
        if (resend.exists) {
          if (resend.get('enquiry') !== path)
            throw new ResendError('invalid-argument', 'That request id belongs to another enquiry.');
          const state: unknown = resend.get('state');
          if (state === 'SENT') {
            const sentAt = resend.get('sentAt') as Timestamp;
            return {
              kind: 'done',
              result: {
                messageId: String(resend.get('messageId')),
                sentAt: sentAt.toDate().toISOString(),
                repeated: true,
              },
            };
          }
          const leaseExpiresAt = resend.get('leaseExpiresAt') as Timestamp | undefined;
          if (state === 'SENDING' && leaseExpiresAt && leaseExpiresAt.toMillis() > now.getTime())
            throw new ResendError('aborted', 'This resend is already on its way.');
        }
        if (!enquiry.exists) throw new ResendError('not-found', 'This enquiry no longer exists.');
        if (day >= deps.limits.dailyCap) {
          throw new ResendError(
            'resource-exhausted',
            `The site has sent its ${deps.limits.dailyCap} enquiry emails for today, the most the mail account allows. The email was not sent; the enquiry is safe here. Resend it tomorrow, or call or write to the buyer from here.`,
          );
        }
        if (account >= RESENDS_PER_ACCOUNT_HOURLY) {
          throw new ResendError(
            'resource-exhausted',
            `You have resent ${RESENDS_PER_ACCOUNT_HOURLY} emails this hour, the most one account may. The email was not sent; try again after ${hourEnds(now)}.`,
          );
        }
        // Slots, as admission takes them: a resend that lost one to another email counts again.
        const stamp = Timestamp.fromDate(now);
        const expiresAt = Timestamp.fromMillis(now.getTime() + COUNTER_RETENTION_MS);
        for (const [counter, used] of [
          [counters.day, day],
          [counters.account, account],
        ] as const) {
          transaction.create(deps.db.collection(ADMISSION_COLLECTION).doc(slotId(counter, used)), {
            [COUNTER_FIELD]: counter,
            at: stamp,
            [EXPIRES_AT_FIELD]: expiresAt,
          });
        }
        transaction.set(resendRef, {
          enquiry: path,
          state: 'SENDING',
          requestedBy: caller.uid,
          requestedByEmail: caller.email,
          requestedAt: stamp,
          leaseExpiresAt: Timestamp.fromMillis(now.getTime() + RESEND_LEASE_MS),
          [EXPIRES_AT_FIELD]: Timestamp.fromMillis(now.getTime() + RESEND_RETENTION_MS),
        });
        const createdAt: unknown = enquiry.get('createdAt');
        return {
          kind: 'send',
          data: enquiry.data() ?? {},
          receivedAt: createdAt instanceof Timestamp ? createdAt.toDate() : null,
        };
      });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code !== ALREADY_EXISTS || round >= MAX_CLAIM_ROUNDS) throw error;
    }
  }
  if (claim.kind === 'done') return claim.result;

  const mail = composeSalesEmail(
    { collection: request.collection, id: request.enquiryId, data: claim.data, receivedAt: claim.receivedAt },
    deps.mail,
  );
  // Its own Message-ID: a mailbox that recognised the first notification's would hide the resend.
  const messageId = mail.messageId.replace(/^<enquiry\./, `<resend-${request.requestId}.`);
  let sent: { messageId: string };
  try {
    sent = await deps.transport.send({ ...mail, messageId });
  } catch (error) {
    const reason = describeSendError(error);
    await resendRef.update({ state: 'FAILED', error: reason, leaseExpiresAt: null });
    deps.log.warn(LOG_EVENTS.resendFailed, { enquiry: path, requestedBy: caller.uid, error: reason });
    throw new ResendError('unavailable', `The email was not sent: ${reason}`);
  }

  const sentAt = Timestamp.fromDate(deps.clock());
  const batch = deps.db.batch();
  batch.update(resendRef, { state: 'SENT', messageId: sent.messageId, sentAt, leaseExpiresAt: null });
  batch.update(enquiryRef, {
    [`${NOTIFICATION_FIELD}.state`]: 'SENT',
    [`${NOTIFICATION_FIELD}.sentAt`]: sentAt,
    [`${NOTIFICATION_FIELD}.messageId`]: sent.messageId,
    [`${NOTIFICATION_FIELD}.nextAttemptAt`]: null,
    [`${NOTIFICATION_FIELD}.leaseExpiresAt`]: null,
    [`${NOTIFICATION_FIELD}.resentAt`]: sentAt,
    [`${NOTIFICATION_FIELD}.resentBy`]: caller.email ?? caller.uid,
    [`${NOTIFICATION_FIELD}.updatedAt`]: sentAt,
  });
  await batch.commit();
  deps.log.info(LOG_EVENTS.resent, {
    enquiry: path,
    requestedBy: caller.uid,
    messageId: sent.messageId,
  });
  return { messageId: sent.messageId, sentAt: sentAt.toDate().toISOString(), repeated: false };
}
