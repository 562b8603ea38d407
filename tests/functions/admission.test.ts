/**
 * Admission control, the hourly digest, temporary refusals and the acknowledgement limit, with the
 * real delivery and sweep code against the Firestore emulator and a real SMTP server in this
 * process. The flood itself is in flood.test.ts.
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import {
  ADMISSION_COLLECTION,
  ENQUIRY_COLLECTION,
  POPUP_ENQUIRY_COLLECTION,
} from '../../functions/src/contract/enquiry/collections';
import {
  BUSINESS_OPTIONS,
  DEFAULT_BUSINESS,
  type EnquiryFormValues,
} from '../../functions/src/contract/enquiry/enquiry';
import { handleEnquiryCreated } from '../../functions/src/enquiry/delivery';
import { DEFERRAL_BASE_MS, DELIVERY_LEASE_MS } from '../../functions/src/enquiry/delivery-state';
import { shiftedToIndia } from '../../functions/src/contract/base/india-time';
import { ACKNOWLEDGEMENT_SUBJECT } from '../../functions/src/channels/mail/enquiry-emails';
import { type OutgoingMail } from '../../functions/src/channels/mail/message';
import { sweepUndeliveredEnquiries } from '../../functions/src/enquiry/sweeper';
import type { SmtpCatcher } from '../support/smtp-catcher';
import { useDeliverySuite } from '../support/delivery-suite';
import { sendThenDie } from '../support/crashes';
import {
  ARUN,
  createdEvent,
  deliveryDeps,
  deliveryRecord,
  PRIYA,
  SALES_SETTINGS,
  storeEnquiry,
  storePopupEnquiry,
  nextIndiaHour,
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
  it('records the same name, email, phone and message within 24 hours as DUPLICATE of the first, with no email', async () => {
    const deps = deliveryDeps(db, catcher.port);
    const first = await storeEnquiry(db);
    // The same words with other spacing and case are the same message.
    const again = await storeEnquiry(db, {
      ...PRIYA,
      name: ` ${PRIYA.name.toUpperCase()}`,
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
      digest: null,
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

  it('are listed once in the next hourly digest, with the enquiry each repeats, and keep their state', async () => {
    const deps = deliveryDeps(db, catcher.port);
    const first = await storeEnquiry(db);
    await deliver(deps, first);
    const again = await storeEnquiry(db);
    await deliver(deps, again);
    catcher.clear();

    const sweep = await sweepUndeliveredEnquiries(deps, 'duplicates-digest');
    const later = await sweepUndeliveredEnquiries(deps, 'duplicates-digest-again');

    expect(sweep.digest).toMatchObject({ status: 'sent', enquiries: 1, heldTotal: 0, duplicatesTotal: 1 });
    expect(later.digest).toEqual({ status: 'nothing-held' });
    const [digest] = await catcher.waitForMessages(1);
    expect(catcher.messages).toHaveLength(1);
    expect(digest?.subject).toMatch(/^Held enquiries: 0 not emailed one by one, 1 duplicate \(/);
    expect(String(digest?.text)).toContain(`duplicate of ${ENQUIRY_COLLECTION}/${first}`);
    const record = await deliveryRecord(db, ENQUIRY_COLLECTION, again);
    expect(record).toMatchObject({ state: 'DUPLICATE', duplicateOf: `${ENQUIRY_COLLECTION}/${first}` });
    expect(record.digest).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}$/);
  });
});

describe('limits', () => {
  it('holds a sender (the same name, email and phone) past its daily limit', async () => {
    const deps = deliveryDeps(db, catcher.port, { limits: { ...limits, hourlyCap: 100, dailyCap: 100 } });
    const outcomes = [];
    for (const n of [1, 2, 3]) {
      const again = { ...enquiryNumber(1), message: `${PRIYA.message} Follow-up ${n}.` };
      outcomes.push((await deliver(deps, await storeEnquiry(db, again))).status);
    }
    expect(outcomes).toEqual(['sent', 'sent', 'held']);
    expect(catcher.messages).toHaveLength(2);
  });

  it('holds past the hourly cap, and past the daily cap in a later hour', async () => {
    // Two hours of one India day, whatever time the suite runs at.
    const clock = testClock(nextIndiaHour(10));
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
    // Counter documents are named by a hash: no name, address or phone number in an ID.
    expect(ids.join(' ')).not.toMatch(/example|buyer|priya|9100000/i);
    expect(ids.some((id) => /^sender-\d{4}-\d{2}-\d{2}-[0-9a-f]{40}-\d{4}$/.test(id))).toBe(true);
  });
});

describe('a stranger cannot hold back or silence a buyer', () => {
  const buyer = { ...PRIYA, name: 'Meena Sundaram', email: 'meena@ramanhair.in', phone: '9840012345' };

  it.each([
    ['phone', (n: number) => ({ ...enquiryNumber(n), phone: buyer.phone })],
    ['email address', (n: number) => ({ ...enquiryNumber(n), email: buyer.email })],
    [
      'phone and email address',
      (n: number) => ({ ...enquiryNumber(n), email: buyer.email, phone: buyer.phone }),
    ],
  ])(
    "does not spend the buyer's daily limit with five enquiries under the buyer's %s",
    async (_what, stranger) => {
      const deps = deliveryDeps(db, catcher.port);
      for (const n of [1, 2, 3, 4, 5]) await deliver(deps, await storeEnquiry(db, stranger(n)));

      const own = await storeEnquiry(db, buyer);
      expect(await deliver(deps, own)).toMatchObject({ status: 'sent' });
      expect(catcher.messages.at(-1)?.subject).toBe('New enquiry: Meena Sundaram, Chennai (bulk)');
    },
  );

  it("does not spend a buyer abroad's daily limit with enquiries under the Indian number of the same ten digits", async () => {
    const deps = deliveryDeps(db, catcher.port);
    const abroad = { ...buyer, phone: '+1 212 555 0100' };
    // Someone else's Indian number with the buyer's ten digits, under the buyer's name and address.
    for (const n of [1, 2, 3, 4, 5])
      await deliver(
        deps,
        await storeEnquiry(db, { ...abroad, phone: '2125550100', message: `${abroad.message} ${n}` }),
      );
    const own = await storeEnquiry(db, abroad);
    expect(await deliver(deps, own)).toMatchObject({ status: 'sent' });
    expect((await deliveryRecord(db, ENQUIRY_COLLECTION, own)).contactKeys?.phone).toBe('+12125550100');
    const duplicate = await storeEnquiry(db, { ...abroad, phone: '+12125550100' });
    expect(await deliver(deps, duplicate)).toMatchObject({ status: 'duplicate' });
  });

  it("cannot make a buyer's popup a duplicate with six popups under the buyer's email and phone", async () => {
    const deps = deliveryDeps(db, catcher.port);
    const popup = (id: string) => handleEnquiryCreated(deps, POPUP_ENQUIRY_COLLECTION, createdEvent(id));
    for (const business of BUSINESS_OPTIONS)
      await popup(await storePopupEnquiry(db, { ...ARUN, name: 'Squatter', business }));

    const own = await storePopupEnquiry(db, { ...ARUN, business: DEFAULT_BUSINESS });
    expect(await popup(own)).toMatchObject({ status: 'sent' });
    expect(catcher.messages.at(-1)?.subject).toBe('New popup enquiry: Arun Kumar (I am a Wholesaler)');
  });
});

describe('the hourly digest', () => {
  it('reports every held enquiry once in one email with a CSV, marks them DIGESTED, and sends no second digest that hour', async () => {
    const clock = testClock(nextIndiaHour(10)); // one India hour from start to end
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

describe('the hourly digest, through floods, resends and crashes', () => {
  /** 10:05 in Coimbatore: a whole India-time hour ahead. */
  const HOUR_STARTS = new Date('2026-03-02T04:35:00Z');

  function movedClock() {
    let nowMs = HOUR_STARTS.getTime();
    return { now: () => new Date(nowMs), advance: (ms: number) => (nowMs += ms) };
  }

  /** Stores and triggers enquiries at the clock's time, as a script writing straight to Firestore would. */
  async function storeAt(deps: ReturnType<typeof deliveryDeps>, values: EnquiryFormValues, fields = {}) {
    const now = deps.clock();
    const id = await storeEnquiry(db, values, { createdAt: Timestamp.fromDate(now), ...fields });
    await deliver(deps, id);
    return id;
  }

  /** 80 triggers one after another: seconds alone, minutes on a machine busy with browsers. */
  const FLOOD_TEST_TIMEOUT_MS = 180_000;

  it(
    'puts buyers who wrote after a flood filled the hour at the top of the table',
    { timeout: FLOOD_TEST_TIMEOUT_MS },
    async () => {
      const clock = movedClock();
      const deps = deliveryDeps(db, catcher.port, {
        clock: clock.now,
        limits: { perSenderDaily: 5, hourlyCap: 20, dailyCap: 400 },
      });
      // A captured request replayed with other names and addresses: its date and time stay the capture's.
      const captured = { date: '02-03-2026', time: '08:58:13' };
      for (let n = 1; n <= 80; n += 1) {
        await storeAt(deps, enquiryNumber(n), captured);
        clock.advance(100);
      }
      clock.advance(4 * 60_000);
      const deviceTime = (at: Date) => {
        const india = shiftedToIndia(at);
        const two = (n: number) => String(n).padStart(2, '0');
        return {
          date: `${two(india.getUTCDate())}-${two(india.getUTCMonth() + 1)}-${india.getUTCFullYear()}`,
          time: `${two(india.getUTCHours())}:${two(india.getUTCMinutes())}:${two(india.getUTCSeconds())}`,
        };
      };
      // Two real buyers, one of them with a phone number the flood also used.
      const first = await storeAt(
        deps,
        { ...PRIYA, name: 'Meena Sundaram', email: 'meena@ramanhair.in', phone: enquiryNumber(7).phone },
        deviceTime(clock.now()),
      );
      clock.advance(90_000);
      const second = await storeAt(
        deps,
        { ...PRIYA, name: 'Kavya Iyer', email: 'kavya@salon.in', phone: '9444012345' },
        deviceTime(clock.now()),
      );
      catcher.clear();
      clock.advance(60_000);

      const { digest } = await sweepUndeliveredEnquiries(deps, 'after-the-flood');

      expect(digest).toMatchObject({ status: 'sent', enquiries: 62, heldTotal: 62 });
      const [mail] = await catcher.waitForMessages(1);
      const rows = String(mail?.text)
        .split('\n')
        .filter((line) => /^\d+\. /.test(line));
      // Both outside the flood with every sign: the newer first.
      expect(rows[0]).toContain('Kavya Iyer');
      expect(rows[0]).toContain('4 of 4');
      expect(rows[1]).toContain('Meena Sundaram');
      expect(rows[1]).toContain('4 of 4');
      const csv = mail?.attachments[0]?.content.toString('utf8') ?? '';
      expect(csv).toContain(`1,${ENQUIRY_COLLECTION}/${second},`);
      expect(csv).toContain(`2,${ENQUIRY_COLLECTION}/${first},`);
    },
  );

  it('marks only enquiries still HELD: an operator who queued one again while it went out keeps it queued', async () => {
    const clock = movedClock();
    const deps = deliveryDeps(db, catcher.port, { clock: clock.now, limits: { ...limits, hourlyCap: 0 } });
    const requeued = await storeAt(deps, enquiryNumber(1));
    const held = await storeAt(deps, enquiryNumber(2));
    catcher.setPaused(true);

    const sweep = sweepUndeliveredEnquiries(deps, 'slow-digest');
    await catcher.waitForHeld(1);
    await db
      .collection(ENQUIRY_COLLECTION)
      .doc(requeued)
      .update({ 'notification.state': 'PENDING', 'notification.attempts': 0 });
    catcher.setPaused(false);

    expect((await sweep).digest).toMatchObject({ status: 'sent', enquiries: 2 });
    expect((await deliveryRecord(db, ENQUIRY_COLLECTION, requeued)).state).toBe('PENDING');
    expect((await deliveryRecord(db, ENQUIRY_COLLECTION, held)).state).toBe('DIGESTED');
  });

  it('sends no second digest in an hour whose digest went out before its sender died', async () => {
    const clock = movedClock();
    const deps = deliveryDeps(db, catcher.port, { clock: clock.now, limits: { ...limits, hourlyCap: 0 } });
    const id = await storeAt(deps, enquiryNumber(1));
    // The digest reaches the server, then its sender dies before it can record anything.
    const dying = { ...deps, transport: { send: (mail: OutgoingMail) => sendThenDie(deps.transport, mail) } };
    void sweepUndeliveredEnquiries(dying, 'dies-after-send');
    await catcher.waitForMessages(1);

    clock.advance(DELIVERY_LEASE_MS + 60_000);
    const sameHour = await sweepUndeliveredEnquiries(deps, 'same-hour');
    expect(sameHour.digest).toMatchObject({ status: 'interrupted-this-hour' });
    expect(catcher.messages).toHaveLength(1);
    expect((await deliveryRecord(db, ENQUIRY_COLLECTION, id)).state).toBe('HELD');

    // Its enquiry is listed again in the next hour's digest: repeated, never lost.
    clock.advance(60 * 60_000);
    expect((await sweepUndeliveredEnquiries(deps, 'next-hour')).digest).toMatchObject({ status: 'sent' });
    expect(catcher.messages).toHaveLength(2);
    expect((await deliveryRecord(db, ENQUIRY_COLLECTION, id)).state).toBe('DIGESTED');
  });

  it('finishes the marking of a digest whose sender died after recording it as sent', async () => {
    const clock = movedClock();
    const deps = deliveryDeps(db, catcher.port, { clock: clock.now, limits: { ...limits, hourlyCap: 0 } });
    const ids = [await storeAt(deps, enquiryNumber(1)), await storeAt(deps, enquiryNumber(2))];
    // It dies at its first marking transaction, after the lock says SENT.
    let killed = false;
    const dyingDb = new Proxy(db, {
      get(target, property, receiver) {
        if (property === 'runTransaction' && !killed) {
          return async (...args: Parameters<Firestore['runTransaction']>) => {
            const lock = await db.collection(ADMISSION_COLLECTION).where('state', '==', 'SENT').get();
            if (!lock.empty) {
              killed = true;
              throw new Error('the instance died');
            }
            return target.runTransaction(...args);
          };
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    await expect(sweepUndeliveredEnquiries({ ...deps, db: dyingDb }, 'dies-marking')).rejects.toThrow('died');
    expect(catcher.messages).toHaveLength(1);
    expect((await deliveryRecord(db, ENQUIRY_COLLECTION, ids[0] ?? '')).state).toBe('HELD');

    clock.advance(DELIVERY_LEASE_MS);
    const later = await sweepUndeliveredEnquiries(deps, 'finishes');
    expect(later.digest).toEqual({ status: 'nothing-held' });
    expect(catcher.messages).toHaveLength(1);
    for (const id of ids) expect((await deliveryRecord(db, ENQUIRY_COLLECTION, id)).state).toBe('DIGESTED');
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

    const acknowledgements = catcher.messages.filter((mail) =>
      mail.subject?.startsWith(ACKNOWLEDGEMENT_SUBJECT),
    );
    expect(acknowledgements).toHaveLength(1);
    expect(acknowledgements[0]?.envelope.to).toEqual([victim]);
    expect((await deliveryRecord(db, ENQUIRY_COLLECTION, ids[3] ?? '')).acknowledgement).toMatchObject({
      state: 'SKIPPED',
    });
  });
});
