/**
 * The inbox's "Resend email" (functions/src/resend.ts) against the Firestore emulator and a real
 * SMTP server: only sales accounts may call it, a click is exactly one more email however often
 * its request is retried, and a failed send leaves the enquiry's delivery record untouched.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { ENQUIRY_COLLECTION } from '../../functions/src/contract/enquiry';
import { ENQUIRY_ID_HEADER } from '../../functions/src/mail/template';
import { RESENDS_COLLECTION, resendEnquiryEmail, type ResendCaller } from '../../functions/src/resend';
import type { SmtpCatcher } from '../support/smtp-catcher';
import { useDeliverySuite } from '../support/delivery-suite';
import { deliveryDeps, storeEnquiry } from '../support/delivery-fixtures';

let db: Firestore;
let catcher: SmtpCatcher;

const SALES: ResendCaller = { uid: 'sales-1', email: 'sales@example.com', claims: { sales: true } };
const clickId = () => crypto.randomUUID();

useDeliverySuite('resend-tests', (suite) => ({ db, catcher } = suite));

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
      { uid: 'buyer', email: 'b@example.com', claims: {} },
      'permission-denied',
    ],
    [
      'an account with sales: false',
      { uid: 'x', email: 'x@example.com', claims: { sales: false } },
      'permission-denied',
    ],
    [
      'a claim that is only truthy',
      { uid: 'y', email: 'y@example.com', claims: { sales: 'yes' } },
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
});
