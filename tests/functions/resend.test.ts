/**
 * The inbox's "Resend email" (functions/src/inbox/resend.ts) against the Firestore emulator and a real
 * SMTP server: only sales accounts may call it, a click is exactly one more email however often
 * its request is retried, and a failed send leaves the enquiry's delivery record untouched.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import {
  ENQUIRY_COLLECTION,
  SALES_REVOCATIONS_COLLECTION,
  RESENDS_COLLECTION,
} from '../../functions/src/contract/enquiry/collections';
import { ENQUIRY_ID_HEADER } from '../../functions/src/channels/mail/message';
import { handleEnquiryCreated } from '../../functions/src/enquiry/delivery';
import { RESENDS_PER_ACCOUNT_HOURLY, resendEnquiryEmail } from '../../functions/src/inbox/resend';
import type { SmtpCatcher } from '../support/smtp-catcher';
import { useDeliverySuite } from '../support/delivery-suite';
import { createdEvent, deliveryDeps, PRIYA, storeEnquiry } from '../support/delivery-fixtures';

import type { InboxCaller } from '../../functions/src/inbox/caller';
let db: Firestore;
let catcher: SmtpCatcher;

const signedInAt = () => Math.floor(Date.now() / 1000) - 60;
const SALES: InboxCaller = {
  uid: 'sales-1',
  email: 'sales@example.com',
  claims: { sales: true, email: 'sales@example.com', email_verified: true },
  authTime: signedInAt(),
};
/** A sales account that changed its own Auth email to a look-alike of the owner's, never verified. */
const RENAMED_SALES: InboxCaller = {
  uid: 'sales-2',
  email: 'owner@examp1e.com',
  claims: { sales: true, email: 'owner@examp1e.com', email_verified: false },
  authTime: signedInAt(),
};
const clickId = () => crypto.randomUUID();

useDeliverySuite('resend-tests', (suite) => ({ db, catcher } = suite));

const deliver = (deps: ReturnType<typeof deliveryDeps>, id: string) =>
  handleEnquiryCreated(deps, ENQUIRY_COLLECTION, createdEvent(id));

async function failedEnquiry(): Promise<string> {
  return storeEnquiry(db, undefined, {
    notification: { state: 'FAILED', attempts: 10, lastError: '535 auth failed', nextAttemptAt: null },
  });
}

describe('resending an enquiry email', () => {
  it.each([
    ['no sign-in', null, 'unauthenticated'],
    [
      'an account without the claim',
      { uid: 'buyer', email: 'b@example.com', claims: {}, authTime: signedInAt() },
      'permission-denied',
    ],
    [
      'an account with sales: false',
      { uid: 'x', email: 'x@example.com', claims: { sales: false }, authTime: signedInAt() },
      'permission-denied',
    ],
    [
      'a claim that is only truthy',
      { uid: 'y', email: 'y@example.com', claims: { sales: 'yes' }, authTime: signedInAt() },
      'permission-denied',
    ],
  ] as const)('is refused to %s, and sends nothing', async (_title, caller, code) => {
    const id = await failedEnquiry();
    const request = { collection: ENQUIRY_COLLECTION, enquiryId: id, requestId: clickId() };
    await expect(resendEnquiryEmail(deliveryDeps(db, catcher.port), caller, request)).rejects.toMatchObject({
      code,
    });
    expect(catcher.messages).toHaveLength(0);
  });

  it('sends one email per click, however often the same click is retried, and records SENT', async () => {
    const id = await failedEnquiry();
    const deps = deliveryDeps(db, catcher.port);
    const click = { collection: ENQUIRY_COLLECTION, enquiryId: id, requestId: clickId() };
    const first = await resendEnquiryEmail(deps, SALES, click);
    const again = await resendEnquiryEmail(deps, SALES, click);
    expect(first.repeated).toBe(false);
    expect(again).toEqual({ ...first, repeated: true });
    expect(catcher.messages).toHaveLength(1);
    expect(catcher.messages[0]?.headers.get(ENQUIRY_ID_HEADER.toLowerCase())).toBe(
      `${ENQUIRY_COLLECTION}/${id}`,
    );

    await resendEnquiryEmail(deps, SALES, { ...click, requestId: clickId() });
    expect(catcher.messages).toHaveLength(2);
    // Each resend has its own Message-ID, so a mailbox does not fold it into the first.
    expect(new Set(catcher.messages.map((mail) => mail.messageId)).size).toBe(2);
    const record = (await db.collection(ENQUIRY_COLLECTION).doc(id).get()).get('notification') as Record<
      string,
      unknown
    >;
    expect(record).toMatchObject({ state: 'SENT', resentBy: 'sales@example.com', nextAttemptAt: null });
    expect((await db.collection(RESENDS_COLLECTION).get()).size).toBe(2);
  });

  it('names an account whose email is not verified by its uid, never by that email', async () => {
    const id = await failedEnquiry();
    const click = { collection: ENQUIRY_COLLECTION, enquiryId: id, requestId: clickId() };
    await resendEnquiryEmail(deliveryDeps(db, catcher.port), RENAMED_SALES, click);
    const stored = JSON.stringify([
      (await db.collection(ENQUIRY_COLLECTION).doc(id).get()).data(),
      (await db.collection(RESENDS_COLLECTION).doc(click.requestId).get()).data(),
    ]);
    expect((await db.collection(ENQUIRY_COLLECTION).doc(id).get()).get('notification.resentBy')).toBe(
      'sales-2',
    );
    expect(stored).not.toContain('owner@examp1e.com');
  });

  it('reports a failed send and leaves the delivery record as it was', async () => {
    const id = await failedEnquiry();
    const before = (await db.collection(ENQUIRY_COLLECTION).doc(id).get()).get('notification') as unknown;
    catcher.setRejecting(true);
    const request = { collection: ENQUIRY_COLLECTION, enquiryId: id, requestId: clickId() };
    await expect(resendEnquiryEmail(deliveryDeps(db, catcher.port), SALES, request)).rejects.toMatchObject({
      code: 'unavailable',
      message: expect.stringMatching(/^The email was not sent: /) as unknown,
    });
    expect((await db.collection(ENQUIRY_COLLECTION).doc(id).get()).get('notification')).toEqual(before);
    expect((await db.collection(RESENDS_COLLECTION).doc(request.requestId).get()).get('state')).toBe(
      'FAILED',
    );
  });

  it('refuses ids that are not an enquiry’s or a click’s, and an enquiry that is gone', async () => {
    const deps = deliveryDeps(db, catcher.port);
    const valid = { collection: ENQUIRY_COLLECTION, enquiryId: 'A'.repeat(20), requestId: clickId() };
    for (const request of [
      { ...valid, collection: 'enquiry-admission' },
      { ...valid, enquiryId: '../admin' },
      { ...valid, requestId: 'x' },
    ])
      await expect(resendEnquiryEmail(deps, SALES, request)).rejects.toMatchObject({
        code: 'invalid-argument',
      });
    await expect(resendEnquiryEmail(deps, SALES, valid)).rejects.toMatchObject({ code: 'not-found' });
    expect(catcher.messages).toHaveLength(0);
  });

  it('spends the daily email cap like any email, and says so past it', async () => {
    const id = await failedEnquiry();
    const deps = deliveryDeps(db, catcher.port, {
      limits: { perSenderDaily: 5, hourlyCap: 60, dailyCap: 2 },
    });
    // Admission already sent one individual email today.
    await deliver(deps, await storeEnquiry(db, { ...PRIYA, email: 'other@example.com' }));
    const click = () => ({ collection: ENQUIRY_COLLECTION, enquiryId: id, requestId: clickId() });
    await resendEnquiryEmail(deps, SALES, click());
    await expect(resendEnquiryEmail(deps, SALES, click())).rejects.toMatchObject({
      code: 'resource-exhausted',
      message: expect.stringContaining('The site has sent its 2 enquiry emails for today') as unknown,
    });
    expect(catcher.messages).toHaveLength(2);
  });

  it('lets one account resend at most 10 emails an hour, with a clear message past it', async () => {
    const id = await failedEnquiry();
    const deps = deliveryDeps(db, catcher.port);
    const click = () => ({ collection: ENQUIRY_COLLECTION, enquiryId: id, requestId: clickId() });
    for (let n = 0; n < RESENDS_PER_ACCOUNT_HOURLY; n += 1) await resendEnquiryEmail(deps, SALES, click());
    await expect(resendEnquiryEmail(deps, SALES, click())).rejects.toMatchObject({
      code: 'resource-exhausted',
      message: expect.stringMatching(
        /^You have resent 10 emails this hour, the most one account may\. The email was not sent; try again after \d{2}:00\.$/,
      ) as unknown,
    });
    // Another sales account is not held back by this one.
    await resendEnquiryEmail(deps, { ...SALES, uid: 'sales-2', email: 'two@example.com' }, click());
    expect(catcher.messages).toHaveLength(RESENDS_PER_ACCOUNT_HOURLY + 1);
  });

  it('refuses an account whose access was withdrawn after it signed in, though its token still says sales', async () => {
    const id = await failedEnquiry();
    const deps = deliveryDeps(db, catcher.port);
    await db
      .collection(SALES_REVOCATIONS_COLLECTION)
      .doc(SALES?.uid ?? '')
      .set({ revokedAt: Math.floor(Date.now() / 1000) });
    const click = { collection: ENQUIRY_COLLECTION, enquiryId: id, requestId: clickId() };
    await expect(resendEnquiryEmail(deps, SALES, click)).rejects.toMatchObject({ code: 'permission-denied' });
    // Granted again and signed in afresh: the new sign-in counts.
    const fresh = { ...SALES, authTime: Math.floor(Date.now() / 1000) + 5 } as InboxCaller;
    await expect(resendEnquiryEmail(deps, fresh, click)).resolves.toMatchObject({ repeated: false });
    expect(catcher.messages).toHaveLength(1);
  });
});
