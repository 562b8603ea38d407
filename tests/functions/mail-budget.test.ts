/**
 * One mail budget, sales first: the real trigger handler, acknowledgement and digest code against
 * the Firestore emulator and a real SMTP server in this process whose daily quota is the budget
 * the README tells the operator to size it to. A stranger who names a buyer's mailbox in every
 * way it can be spelt gets it one acknowledgement, and a genuine buyer's email still goes at once.
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import {
  ADMISSION_COLLECTION,
  ENQUIRY_COLLECTION,
  MAIL_USAGE_COLLECTION,
} from '../../functions/src/contract/enquiry/collections';
import { indiaDayKey } from '../../functions/src/contract/base/india-time';
import type { EnquiryFormValues } from '../../functions/src/contract/enquiry/enquiry';
import { ACKNOWLEDGEMENT_SUBJECT } from '../../functions/src/channels/mail/enquiry-emails';
import { handleEnquiryCreated } from '../../functions/src/enquiry/delivery';
import { TRIGGER_MAX_INSTANCES } from '../../functions/src/enquiry/delivery-state';
import {
  ACKNOWLEDGEMENTS_PER_DOMAIN_HOURLY,
  hourCounter,
  mailBudget,
} from '../../functions/src/enquiry/mail-budget';
import { COUNTER_FIELD, slotId } from '../../functions/src/enquiry/slots';
import { sweepUndeliveredEnquiries } from '../../functions/src/enquiry/sweeper';
import { EXPIRES_AT_FIELD } from '../../functions/src/contract/enquiry/retention';
import { allEnded } from '../support/concurrent';
import type { CaughtMail, SmtpCatcher } from '../support/smtp-catcher';
import { useDeliverySuite } from '../support/delivery-suite';
import {
  createdEvent,
  deliveryDeps,
  deliveryRecord,
  nextIndiaHour,
  PRIYA,
  SALES_SETTINGS,
  storeEnquiry,
  testClock,
} from '../support/delivery-fixtures';

let db: Firestore;
let catcher: SmtpCatcher;

useDeliverySuite('mail-budget-tests', (suite) => ({ db, catcher } = suite));

/** Real work for up to a hundred triggers on a 2-core machine: generous, and never a sleep. */
const SCENARIO_TIMEOUT_MS = 300_000;
const ATTEMPTS = 100;
const ACKNOWLEDGE = { ...SALES_SETTINGS, acknowledgeVisitor: true };

const isAcknowledgement = (mail: CaughtMail) => Boolean(mail.subject?.startsWith(ACKNOWLEDGEMENT_SUBJECT));
const acknowledgements = () => catcher.messages.filter(isAcknowledgement);
const salesEmailOf = (id: string) =>
  catcher.messages.find((mail) => mail.headers.get('x-enquiry-id') === `${ENQUIRY_COLLECTION}/${id}`);

/** One mailbox, victim@gmail.com, spelt a hundred ways: +tags, dots, case, googlemail. */
function victimVariant(n: number): string {
  const local = ['victim', 'vic.tim', 'v.i.c.t.i.m', 'VicTim', 'victi.m'][n % 5] ?? 'victim';
  const domain = n % 2 ? 'gmail.com' : 'GoogleMail.com';
  return `${local}+${n}@${domain}`;
}

/** The stranger's enquiries: another name and number each time, so each is a sender of its own. */
const strangerEnquiry = (email: string, n: number): EnquiryFormValues => ({
  ...PRIYA,
  name: `Relay ${n}`,
  phone: String(8_100_000_000 + n),
  email,
  message: `Please send your price list, request ${n}.`,
});

async function triggerAll(deps: ReturnType<typeof deliveryDeps>, ids: string[]) {
  const queue = [...ids];
  const instance = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift())
      await handleEnquiryCreated(deps, ENQUIRY_COLLECTION, createdEvent(id, deps.clock()));
  };
  await allEnded(Array.from({ length: TRIGGER_MAX_INSTANCES }, instance));
}

async function usageOf(now: Date): Promise<Record<string, unknown> | undefined> {
  return (await db.collection(MAIL_USAGE_COLLECTION).doc(indiaDayKey(now)).get()).data();
}

/** Emails already counted this hour (earlier sales emails, say), as the budget's slots. */
async function spendHour(now: Date, slots: number): Promise<void> {
  const batch = db.batch();
  for (let n = 0; n < slots; n += 1) {
    batch.set(db.collection(ADMISSION_COLLECTION).doc(slotId(hourCounter(now), n)), {
      [COUNTER_FIELD]: hourCounter(now),
      at: Timestamp.fromDate(now),
      [EXPIRES_AT_FIELD]: Timestamp.fromMillis(now.getTime() + 86_400_000),
    });
  }
  await batch.commit();
}

describe('one mail budget, with sales first', () => {
  it(
    '100 acknowledgement attempts to variants of one address give at most one email, and a genuine buyer’s sales email still goes at once',
    { timeout: SCENARIO_TIMEOUT_MS },
    async () => {
      // Caps that let every attempt have its own sales email, and a provider sized as the README says.
      const limits = { perSenderDaily: 5, hourlyCap: 120, dailyCap: 120 };
      catcher.setQuota(mailBudget(limits).daily);
      const clock = testClock(nextIndiaHour(10));
      const deps = deliveryDeps(db, catcher.port, { mail: ACKNOWLEDGE, limits, clock: clock.now });

      const ids: string[] = [];
      for (let n = 0; n < ATTEMPTS; n += 1)
        ids.push(await storeEnquiry(db, strangerEnquiry(victimVariant(n), n)));
      // The first alone, so the one acknowledgement the mailbox may have is known to be its; the rest at once.
      await triggerAll(deps, ids.slice(0, 1));
      await triggerAll(deps, ids.slice(1));

      const sentToVictim = acknowledgements();
      console.info(
        `mail budget: ${ATTEMPTS} attempts on one mailbox: ${sentToVictim.length} acknowledgement(s), ` +
          `${catcher.messages.length} emails in all, ${catcher.rejectedCount} refused by the provider`,
      );
      expect(sentToVictim.length).toBeLessThanOrEqual(1);
      // The first attempt's address (a mail server may lower-case its domain on the way).
      expect(sentToVictim.map((mail) => mail.envelope.to.map((to) => to.toLowerCase()))).toEqual([
        [victimVariant(0).toLowerCase()],
      ]);
      const records = await Promise.all(ids.slice(1).map((id) => deliveryRecord(db, ENQUIRY_COLLECTION, id)));
      for (const record of records) {
        expect(record.state).toBe('SENT');
        expect(record.acknowledgement).toMatchObject({
          state: 'SKIPPED',
          error: 'already acknowledged today',
        });
      }

      const genuine = await storeEnquiry(db, PRIYA);
      const outcome = await handleEnquiryCreated(
        deps,
        ENQUIRY_COLLECTION,
        createdEvent(genuine, clock.now()),
      );
      expect(outcome).toMatchObject({ status: 'sent' });
      expect(salesEmailOf(genuine)?.envelope.to).toEqual(SALES_SETTINGS.salesRecipients);
      expect(catcher.rejectedCount).toBe(0);
      // Past the sales reserve: the genuine buyer's own acknowledgement gives way to sales emails.
      expect((await deliveryRecord(db, ENQUIRY_COLLECTION, genuine)).acknowledgement).toMatchObject({
        state: 'SKIPPED',
        error: "this hour's acknowledgement mail budget is spent",
      });
      expect(await usageOf(clock.now())).toMatchObject({
        sales: ATTEMPTS + 1,
        acknowledgement: 1,
        budget: limits.dailyCap + 24,
      });
    },
  );

  it('sends at most the per-domain ceiling of acknowledgements an hour to one domain, gmail and googlemail as one', async () => {
    const limits = { perSenderDaily: 5, hourlyCap: 100, dailyCap: 100 };
    const clock = testClock(nextIndiaHour(11));
    const deps = deliveryDeps(db, catcher.port, { mail: ACKNOWLEDGE, limits, clock: clock.now });
    const ids: string[] = [];
    for (let n = 0; n < ACKNOWLEDGEMENTS_PER_DOMAIN_HOURLY + 3; n += 1) {
      const email = `buyer${n}@${n % 2 ? 'gmail.com' : 'googlemail.com'}`;
      const id = await storeEnquiry(db, strangerEnquiry(email, n));
      ids.push(id);
      await handleEnquiryCreated(deps, ENQUIRY_COLLECTION, createdEvent(id, clock.now()));
    }

    expect(acknowledgements()).toHaveLength(ACKNOWLEDGEMENTS_PER_DOMAIN_HOURLY);
    expect((await deliveryRecord(db, ENQUIRY_COLLECTION, ids.at(-1) ?? '')).acknowledgement).toMatchObject({
      state: 'SKIPPED',
      error: "this hour's acknowledgements to the address's domain are all sent",
    });
    // Another domain still gets its own.
    const other = await storeEnquiry(db, strangerEnquiry('buyer@hairtraders.example', 99));
    await handleEnquiryCreated(deps, ENQUIRY_COLLECTION, createdEvent(other, clock.now()));
    expect(acknowledgements().map((mail) => mail.envelope.to)).toContainEqual(['buyer@hairtraders.example']);
  });

  it('keeps the last half of the hour for sales emails, counts them all in one budget, and the digest still has room', async () => {
    const limits = { perSenderDaily: 5, hourlyCap: 12, dailyCap: 100 };
    const clock = testClock(nextIndiaHour(12));
    const deps = deliveryDeps(db, catcher.port, { mail: ACKNOWLEDGE, limits, clock: clock.now });
    // Four emails already this hour: one more sales email and one acknowledgement reach half the cap.
    await spendHour(clock.now(), 4);

    const ids: string[] = [];
    for (let n = 0; n < 8; n += 1) {
      const id = await storeEnquiry(db, strangerEnquiry(`buyer${n}@domain${n}.example`, n));
      ids.push(id);
      await handleEnquiryCreated(deps, ENQUIRY_COLLECTION, createdEvent(id, clock.now()));
    }
    const records = await Promise.all(ids.map((id) => deliveryRecord(db, ENQUIRY_COLLECTION, id)));

    expect(acknowledgements().map((mail) => mail.envelope.to)).toEqual([['buyer0@domain0.example']]);
    expect(records[1]?.acknowledgement).toMatchObject({
      state: 'SKIPPED',
      error: "this hour's acknowledgement mail budget is spent",
    });
    // 4 earlier, 7 sales emails and 1 acknowledgement fill the hour's cap: the eighth buyer is held.
    expect(records.map((record) => record.state)).toEqual([...Array(7).fill('SENT'), 'HELD']);
    expect(records[7]).toMatchObject({ heldReason: 'hourly-cap' });

    // The digest has its own room beside the cap, so held buyers are always reported.
    clock.advance(15 * 60_000);
    const sweep = await sweepUndeliveredEnquiries(deps, 'budget-sweep');
    expect(sweep.digest).toMatchObject({ status: 'sent' });
    expect(await usageOf(clock.now())).toMatchObject({ sales: 7, acknowledgement: 1, digest: 1 });
    const hourSlots = await db
      .collection(ADMISSION_COLLECTION)
      .where(COUNTER_FIELD, '==', hourCounter(clock.now()))
      .count()
      .get();
    expect(hourSlots.data().count).toBe(mailBudget(limits).hourly);
  });
});
