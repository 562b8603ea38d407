/**
 * Admission control, the hourly digest, temporary refusals and the acknowledgement limit, with the
 * real delivery and sweep code against the Firestore emulator and a real SMTP server in this
 * process. The flood itself is in flood.test.ts.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { ADMISSION_COLLECTION } from '../../functions/src/admission';
import { ENQUIRY_COLLECTION, POPUP_ENQUIRY_COLLECTION } from '../../functions/src/contract/enquiry';
import { handleEnquiryCreated } from '../../functions/src/delivery';
import { DEFERRAL_BASE_MS } from '../../functions/src/delivery-state';
import { ACKNOWLEDGEMENT_SUBJECT } from '../../functions/src/mail/template';
import { sweepUndeliveredEnquiries } from '../../functions/src/sweeper';
import type { SmtpCatcher } from '../support/smtp-catcher';
import { useDeliverySuite } from '../support/delivery-suite';
import {
  ARUN,
  createdEvent,
  deliveryDeps,
  deliveryRecord,
  PRIYA,
  SALES_SETTINGS,
  storeEnquiry,
  storePopupEnquiry,
  testClock,
} from '../support/delivery-fixtures';

let db: Firestore;
let catcher: SmtpCatcher;

useDeliverySuite('admission-tests', (suite) => ({ db, catcher } = suite));

const limits = { perSenderDaily: 2, hourlyCap: 3, dailyCap: 4 };
const enquiryNumber = (n: number) => ({
  ...PRIYA,
  email: `buyer${n}@example.com`,
  phone: String(9_100_000_000 + n),
  message: `${PRIYA.message} Enquiry ${n}.`,
});
const deliver = async (deps: ReturnType<typeof deliveryDeps>, id: string) =>
  handleEnquiryCreated(deps, ENQUIRY_COLLECTION, createdEvent(id));

describe('duplicates', () => {
  it('records the same email, phone and message within 24 hours as DUPLICATE of the first, with no email', async () => {
    const deps = deliveryDeps(db, catcher.port);
    const first = await storeEnquiry(db);
    // The same words with other spacing and case are the same message.
    const again = await storeEnquiry(db, {
      ...PRIYA,
      email: 'PRIYA@example.com ',
      message: `  ${PRIYA.message.toUpperCase()}`,
    });

    expect(await deliver(deps, first)).toMatchObject({ status: 'sent' });
    expect(await deliver(deps, again)).toEqual({
      status: 'duplicate',
      duplicateOf: `${ENQUIRY_COLLECTION}/${first}`,
    });

    expect(catcher.messages).toHaveLength(1);
    expect(await deliveryRecord(db, ENQUIRY_COLLECTION, again)).toMatchObject({
      state: 'DUPLICATE',
      duplicateOf: `${ENQUIRY_COLLECTION}/${first}`,
      attempts: 0,
    });
  });

  it('sends the same text again after 24 hours, and a popup with another business at once', async () => {
    const clock = testClock();
    const deps = deliveryDeps(db, catcher.port, { clock: clock.now });
    await deliver(deps, await storeEnquiry(db));
    clock.advance(24 * 60 * 60_000 + 1_000);
    expect(await deliver(deps, await storeEnquiry(db))).toMatchObject({ status: 'sent' });

    const popup = (id: string) => handleEnquiryCreated(deps, POPUP_ENQUIRY_COLLECTION, createdEvent(id));
    expect(await popup(await storePopupEnquiry(db))).toMatchObject({ status: 'sent' });
    expect(await popup(await storePopupEnquiry(db))).toMatchObject({ status: 'duplicate' });
    expect(await popup(await storePopupEnquiry(db, { ...ARUN, business: 'Others' }))).toMatchObject({
      status: 'sent',
    });
  });
});

describe('limits', () => {
  it('holds a sender past its daily limit, per address and per phone number', async () => {
    const deps = deliveryDeps(db, catcher.port, { limits: { ...limits, hourlyCap: 100, dailyCap: 100 } });
    const sameAddress = [1, 2, 3].map((n) => ({ ...enquiryNumber(n), email: 'same@example.com' }));
    const samePhone = [4, 5, 6].map((n) => ({ ...enquiryNumber(n), phone: '9000000001' }));
    const outcomes = [];
    for (const values of [...sameAddress, ...samePhone])
      outcomes.push((await deliver(deps, await storeEnquiry(db, values))).status);

    expect(outcomes).toEqual(['sent', 'sent', 'held', 'sent', 'sent', 'held']);
    expect(catcher.messages).toHaveLength(4);
  });

  it('holds past the hourly cap, and past the daily cap in a later hour', async () => {
    const clock = testClock();
    const deps = deliveryDeps(db, catcher.port, { limits, clock: clock.now });
    const outcomes = [];
    for (const n of [1, 2, 3, 4])
      outcomes.push(await deliver(deps, await storeEnquiry(db, enquiryNumber(n))));
    clock.advance(60 * 60_000);
    for (const n of [5, 6]) outcomes.push(await deliver(deps, await storeEnquiry(db, enquiryNumber(n))));

    expect(outcomes.map((outcome) => ('reason' in outcome ? outcome.reason : outcome.status))).toEqual([
      'sent',
      'sent',
      'sent',
      'hourly-cap',
      'sent',
      'daily-cap',
    ]);
    const ids = (await db.collection(ADMISSION_COLLECTION).listDocuments()).map((ref) => ref.id);
    // Counter documents are named by a hash: no address or phone number in an ID.
    expect(ids.join(' ')).not.toMatch(/example|buyer|9100000/);
    expect(ids.some((id) => /^sender-\d{4}-\d{2}-\d{2}-[0-9a-f]{40}-\d{4}$/.test(id))).toBe(true);
  });
});

describe('the hourly digest', () => {
  it('reports every held enquiry once in one email with a CSV, marks them DIGESTED, and sends no second digest that hour', async () => {
    const clock = testClock();
    const deps = deliveryDeps(db, catcher.port, { limits: { ...limits, hourlyCap: 1 }, clock: clock.now });
    const ids = [];
    for (const n of [1, 2, 3]) {
      const id = await storeEnquiry(db, enquiryNumber(n));
      ids.push(id);
      await deliver(deps, id);
    }
    catcher.clear();

    const first = await sweepUndeliveredEnquiries(deps, 'digest-a');
    const later = await deliver(deps, await storeEnquiry(db, enquiryNumber(4)));
    const second = await sweepUndeliveredEnquiries(deps, 'digest-b');

    expect(first.digest).toMatchObject({ status: 'sent', enquiries: 2, heldTotal: 2 });
    expect(later).toMatchObject({ status: 'held', reason: 'hourly-cap' });
    expect(second.digest).toMatchObject({ status: 'already-sent-this-hour', heldTotal: 1 });
    expect(catcher.messages).toHaveLength(1);
    const [digest] = catcher.messages;
    expect(digest?.subject).toMatch(/^Held enquiries: 2 /);
    expect(digest?.envelope.to).toEqual(SALES_SETTINGS.salesRecipients);
    const csv = digest?.attachments[0]?.content.toString('utf8') ?? '';
    for (const id of ids.slice(1)) {
      expect(csv).toContain(`${ENQUIRY_COLLECTION}/${id}`);
      expect(await deliveryRecord(db, ENQUIRY_COLLECTION, id)).toMatchObject({
        state: 'DIGESTED',
        messageId: digest?.messageId,
      });
    }

    clock.advance(60 * 60_000);
    const nextHour = await sweepUndeliveredEnquiries(deps, 'digest-c');
    expect(nextHour.digest).toMatchObject({ status: 'sent', enquiries: 1 });
    expect(catcher.messages).toHaveLength(2);
  });

  it('keeps held enquiries HELD when the digest is refused, and sends it on a later sweep of the hour', async () => {
    const deps = deliveryDeps(db, catcher.port, { limits: { ...limits, hourlyCap: 0 } });
    const id = await storeEnquiry(db);
    await deliver(deps, id);
    catcher.setRejecting(true);
    expect((await sweepUndeliveredEnquiries(deps, 'refused')).digest).toMatchObject({ status: 'failed' });
    expect((await deliveryRecord(db, ENQUIRY_COLLECTION, id)).state).toBe('HELD');
    catcher.setRejecting(false);
    expect((await sweepUndeliveredEnquiries(deps, 'retry')).digest).toMatchObject({ status: 'sent' });
    expect((await deliveryRecord(db, ENQUIRY_COLLECTION, id)).state).toBe('DIGESTED');
  });
});

describe('temporary refusals', () => {
  it('give the attempt back and wait for the next window instead of being thrown at the platform', async () => {
    const clock = testClock();
    const deps = deliveryDeps(db, catcher.port, { clock: clock.now });
    const id = await storeEnquiry(db);
    catcher.setRejecting(true);

    const outcome = await deliver(deps, id);
    expect(outcome).toMatchObject({ status: 'deferred', attempts: 0 });
    const record = await deliveryRecord(db, ENQUIRY_COLLECTION, id);
    expect(record).toMatchObject({ state: 'PENDING', attempts: 0, deferrals: 1 });
    expect(record.lastError).toContain('451');
    expect((record.nextAttemptAt?.toMillis() ?? 0) - record.updatedAt.toMillis()).toBe(DEFERRAL_BASE_MS);

    catcher.setRejecting(false);
    expect(await sweepUndeliveredEnquiries(deps, 'too-early')).toMatchObject({ sent: 0 });
    clock.advance(DEFERRAL_BASE_MS);
    expect(await sweepUndeliveredEnquiries(deps, 'window')).toMatchObject({ sent: 1 });
    expect(await deliveryRecord(db, ENQUIRY_COLLECTION, id)).toMatchObject({ state: 'SENT', attempts: 1 });
  });

  it('treat a quota refusal with a 5xx code as temporary too', async () => {
    const deps = deliveryDeps(db, catcher.port);
    catcher.setRejecting({ code: 550, message: '5.4.5 Daily user sending quota exceeded' });
    const outcomes = [];
    for (const n of [1, 2, 3]) outcomes.push(await deliver(deps, await storeEnquiry(db, enquiryNumber(n))));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['deferred', 'deferred', 'deferred']);
  });
});

describe('the visitor acknowledgement', () => {
  it('goes to one address at most once a day, however many enquiries name it', async () => {
    const deps = deliveryDeps(db, catcher.port, {
      mail: { ...SALES_SETTINGS, acknowledgeVisitor: true },
      limits: { perSenderDaily: 100, hourlyCap: 100, dailyCap: 100 },
    });
    const victim = 'victim@example.com';
    const ids = [];
    for (const n of [1, 2, 3, 4]) {
      const id = await storeEnquiry(db, { ...enquiryNumber(n), email: victim });
      ids.push(id);
      await deliver(deps, id);
    }

    const acknowledgements = catcher.messages.filter((mail) => mail.subject === ACKNOWLEDGEMENT_SUBJECT);
    expect(acknowledgements).toHaveLength(1);
    expect(acknowledgements[0]?.envelope.to).toEqual([victim]);
    expect((await deliveryRecord(db, ENQUIRY_COLLECTION, ids[3] ?? '')).acknowledgement).toMatchObject({
      state: 'SKIPPED',
    });
  });
});
