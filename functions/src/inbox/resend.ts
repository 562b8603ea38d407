/**
 * Sending an enquiry's sales email again, at a sales person's request (the inbox's "Resend
 * email"). It bypasses admission control's per-sender rule and the retry sweep (a person asked
 * for exactly one more email now), but it spends the mail budget like any sales email: each resend
 * takes a slot of the budget's hour and day (HOURLY_EMAIL_CAP, DAILY_EMAIL_CAP; mail-budget.ts),
 * and one account may resend at most RESENDS_PER_ACCOUNT_HOURLY emails an hour.
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
import { Timestamp } from 'firebase-admin/firestore';
import { hashKey } from '../enquiry/admission';
import { dayCounter, hourCounter, recordMailUsage } from '../enquiry/mail-budget';
import { lostSlot, takeSlots, usedSlots } from '../enquiry/slots';
import { readStoredEnquiry, type StoredEnquiry } from '../contract/enquiry/stored-enquiry';
import { EXPIRES_AT_FIELD } from '../contract/enquiry/retention';
import { indiaHourKey } from '../contract/base/india-time';
import {
  ENQUIRY_COLLECTIONS,
  type EnquiryCollection,
  RESENDS_COLLECTION,
  ADMISSION_DOCUMENTS,
} from '../contract/enquiry/collections';
import { ENQUIRY_ID_PATTERN } from '../contract/enquiry/enquiry-id';
import { SALES_CLAIM } from '../contract/inbox/follow-up';
import { RESEND_REQUEST_ID_PATTERN, type ResendRequest, type ResendResult } from '../contract/inbox/resend';
import { NOTIFICATION_FIELD } from '../contract/delivery/delivery';
import { accessWithdrawn, InboxError, verifiedEmail } from './caller';
import { describeSendError } from '../enquiry/delivery-state';
import { LOG_EVENTS } from '../logs';
import { composeSalesEmail } from '../channels/mail/enquiry-emails';
import type { DeliveryDeps } from '../enquiry/deps';

import type { InboxCaller } from './caller';
/** A resend in flight longer than this died with its instance; the same click may try again. */
export const RESEND_LEASE_MS = 2 * 60_000;
/** A resend's record is kept this long (it answers a retried click), then a TTL policy removes it. */
const RESEND_RETENTION_MS = 30 * 24 * 60 * 60_000;
/** Resends one sales account may send in an India-time hour. */
export const RESENDS_PER_ACCOUNT_HOURLY = 10;
/** Rounds a resend's claim may lose to another's slot before it gives up (each loss means a slot went). */
const MAX_CLAIM_ROUNDS = 20;

function readRequest(data: unknown): ResendRequest {
  const request = (data ?? {}) as Record<string, unknown>;
  const { collection, enquiryId, requestId } = request;
  if (typeof collection !== 'string' || !(ENQUIRY_COLLECTIONS as readonly string[]).includes(collection))
    throw new InboxError('invalid-argument', 'Unknown enquiry collection.');
  if (typeof enquiryId !== 'string' || !ENQUIRY_ID_PATTERN.test(enquiryId))
    throw new InboxError('invalid-argument', 'Not an enquiry id.');
  if (typeof requestId !== 'string' || !RESEND_REQUEST_ID_PATTERN.test(requestId))
    throw new InboxError('invalid-argument', 'Not a request id.');
  return { collection: collection as EnquiryCollection, enquiryId, requestId };
}

type Claim = { kind: 'send'; enquiry: StoredEnquiry } | { kind: 'done'; result: ResendResult };

/** The counter of one account's resends in an India-time hour; its name carries a hash of the uid. */
function accountHourCounter(uid: string, now: Date): string {
  return `${ADMISSION_DOCUMENTS.resendSlots}${indiaHourKey(now)}-${hashKey('account', uid)}`;
}

function hourEnds(now: Date): string {
  const nextHour = indiaHourKey(new Date(now.getTime() + 60 * 60_000)).slice(11, 13);
  return `${nextHour}:00`;
}

export async function resendEnquiryEmail(
  deps: DeliveryDeps,
  caller: InboxCaller,
  data: unknown,
): Promise<ResendResult> {
  if (!caller) throw new InboxError('unauthenticated', 'Sign in to resend an email.');
  if (caller.claims[SALES_CLAIM] !== true)
    throw new InboxError('permission-denied', 'This account has no access to enquiries.');
  if (await accessWithdrawn(deps.db, caller))
    throw new InboxError('permission-denied', "This account's access to enquiries was withdrawn.");
  const request = readRequest(data);
  const enquiryRef = deps.db.collection(request.collection).doc(request.enquiryId);
  const resendRef = deps.db.collection(RESENDS_COLLECTION).doc(request.requestId);
  const path = `${request.collection}/${request.enquiryId}`;

  let claim: Claim | undefined;
  for (let round = 1; !claim; round += 1) {
    const counted = deps.clock();
    const counters = {
      day: dayCounter(counted),
      hour: hourCounter(counted),
      account: accountHourCounter(caller.uid, counted),
    };
    const [day = 0, hour = 0, account = 0] = await usedSlots(deps.db, [
      counters.day,
      counters.hour,
      counters.account,
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
            throw new InboxError('invalid-argument', 'That request id belongs to another enquiry.');
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
            throw new InboxError('aborted', 'This resend is already on its way.');
        }
        if (!enquiry.exists) throw new InboxError('not-found', 'This enquiry no longer exists.');
        if (day >= deps.limits.dailyCap) {
          throw new InboxError(
            'resource-exhausted',
            `The site has sent its ${deps.limits.dailyCap} enquiry emails for today, the most the mail account allows. The email was not sent; the enquiry is safe here. Resend it tomorrow, or call or write to the buyer from here.`,
          );
        }
        if (hour >= deps.limits.hourlyCap) {
          throw new InboxError(
            'resource-exhausted',
            `The site has sent its ${deps.limits.hourlyCap} enquiry emails for this hour, the most it sends in an hour. The email was not sent; the enquiry is safe here. Resend it after ${hourEnds(now)}, or call or write to the buyer from here.`,
          );
        }
        if (account >= RESENDS_PER_ACCOUNT_HOURLY) {
          throw new InboxError(
            'resource-exhausted',
            `You have resent ${RESENDS_PER_ACCOUNT_HOURLY} emails this hour, the most one account may. The email was not sent; try again after ${hourEnds(now)}.`,
          );
        }
        // Slots, as admission takes them: a resend that lost one to another email counts again.
        const stamp = Timestamp.fromDate(now);
        takeSlots(
          deps.db,
          transaction,
          [
            { counter: counters.day, used: day },
            { counter: counters.hour, used: hour },
            { counter: counters.account, used: account },
          ],
          now,
        );
        recordMailUsage(deps.db, transaction, 'sales', deps.limits, now);
        transaction.set(resendRef, {
          enquiry: path,
          state: 'SENDING',
          requestedBy: caller.uid,
          requestedByEmail: verifiedEmail(caller),
          requestedAt: stamp,
          leaseExpiresAt: Timestamp.fromMillis(now.getTime() + RESEND_LEASE_MS),
          [EXPIRES_AT_FIELD]: Timestamp.fromMillis(now.getTime() + RESEND_RETENTION_MS),
        });
        return {
          kind: 'send',
          enquiry: readStoredEnquiry(
            { collection: request.collection, id: request.enquiryId },
            enquiry.data(),
          ),
        };
      });
    } catch (error) {
      if (!lostSlot(error) || round >= MAX_CLAIM_ROUNDS) throw error;
    }
  }
  if (claim.kind === 'done') return claim.result;

  const mail = composeSalesEmail(claim.enquiry, deps.mail);
  // Its own Message-ID: a mailbox that recognised the first notification's would hide the resend.
  const messageId = mail.messageId.replace(/^<enquiry\./, `<resend-${request.requestId}.`);
  let sent: { messageId: string };
  try {
    sent = await deps.transport.send({ ...mail, messageId });
  } catch (error) {
    const reason = describeSendError(error);
    await resendRef.update({ state: 'FAILED', error: reason, leaseExpiresAt: null });
    deps.log.warn(LOG_EVENTS.resendFailed, { enquiry: path, requestedBy: caller.uid, error: reason });
    throw new InboxError('unavailable', `The email was not sent: ${reason}`);
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
    [`${NOTIFICATION_FIELD}.resentBy`]: verifiedEmail(caller) ?? caller.uid,
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
