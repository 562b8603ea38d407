/**
 * Sending an enquiry's sales email again, at a sales person's request (the inbox's "Resend
 * email"). It bypasses admission control and the retry sweep: a person asked for exactly one
 * more email now.
 *
 * Each click carries its own request id, recorded in `enquiry-resends/<requestId>` in a
 * transaction before the send: a click retried with the same id (an answer lost on the way back)
 * returns the first result instead of mailing again, and one in flight is not doubled. Only a
 * successful send changes the enquiry's delivery record (to SENT); a failure leaves the record as
 * it was and is reported to the caller, so the inbox never shows an email that did not go.
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { ENQUIRY_COLLECTIONS, type EnquiryCollection } from './contract/enquiry';
import { ENQUIRY_ID_PATTERN } from './contract/enquiry-id';
import { SALES_CLAIM } from './contract/follow-up';
import { RESEND_REQUEST_ID_PATTERN, type ResendRequest, type ResendResult } from './contract/resend';
import { describeSendError, NOTIFICATION_FIELD } from './delivery-state';
import { composeSalesEmail, type MailSettings } from './mail/template';
import type { MailTransport } from './mail/transport';

export const RESENDS_COLLECTION = 'enquiry-resends';
/** A resend in flight longer than this died with its instance; the same click may try again. */
export const RESEND_LEASE_MS = 2 * 60_000;

export type ResendDeps = {
  db: Firestore;
  transport: MailTransport;
  mail: MailSettings;
  clock: () => Date;
  log: {
    info: (message: string, fields: Record<string, unknown>) => void;
    warn: (message: string, fields: Record<string, unknown>) => void;
  };
};

/** Who called, from the verified ID token; null when the call carried none. */
export type ResendCaller = { uid: string; email: string | null; claims: Record<string, unknown> } | null;

export type ResendErrorCode =
  'unauthenticated' | 'permission-denied' | 'invalid-argument' | 'not-found' | 'aborted' | 'unavailable';

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

export async function resendEnquiryEmail(
  deps: ResendDeps,
  caller: ResendCaller,
  data: unknown,
): Promise<ResendResult> {
  if (!caller) throw new ResendError('unauthenticated', 'Sign in to resend an email.');
  if (caller.claims[SALES_CLAIM] !== true)
    throw new ResendError('permission-denied', 'This account has no access to enquiries.');
  const request = readRequest(data);
  const enquiryRef = deps.db.collection(request.collection).doc(request.enquiryId);
  const resendRef = deps.db.collection(RESENDS_COLLECTION).doc(request.requestId);
  const path = `${request.collection}/${request.enquiryId}`;

  const claim = await deps.db.runTransaction(async (transaction): Promise<Claim> => {
    const [resend, enquiry] = await Promise.all([transaction.get(resendRef), transaction.get(enquiryRef)]);
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
    transaction.set(resendRef, {
      enquiry: path,
      state: 'SENDING',
      requestedBy: caller.uid,
      requestedByEmail: caller.email,
      requestedAt: Timestamp.fromDate(now),
      leaseExpiresAt: Timestamp.fromMillis(now.getTime() + RESEND_LEASE_MS),
    });
    const createdAt: unknown = enquiry.get('createdAt');
    return {
      kind: 'send',
      data: enquiry.data() ?? {},
      receivedAt: createdAt instanceof Timestamp ? createdAt.toDate() : null,
    };
  });
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
    deps.log.warn('enquiry email resend failed', { enquiry: path, requestedBy: caller.uid, error: reason });
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
  deps.log.info('enquiry email resent', {
    enquiry: path,
    requestedBy: caller.uid,
    messageId: sent.messageId,
  });
  return { messageId: sent.messageId, sentAt: sentAt.toDate().toISOString(), repeated: false };
}
