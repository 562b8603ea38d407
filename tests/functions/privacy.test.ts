/**
 * A person's data found, exported and erased across every store the system controls, against the
 * Firestore emulator, with the real admission, resend and delivery code making that data first;
 * and enquiries past their retention deleted, as Firestore's TTL policy does in production.
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import {
  ADMISSION_COLLECTION,
  ENQUIRY_COLLECTION,
  POPUP_ENQUIRY_COLLECTION,
  PRIVACY_REQUESTS_COLLECTION,
  RESENDS_COLLECTION,
} from '../../functions/src/contract/collections';
import { handleEnquiryCreated } from '../../functions/src/enquiry/delivery';
import {
  countsOf,
  eraseSubject,
  exportSubject,
  findSubject,
  PrivacyInputError,
  purgeExpired,
  readSubject,
  subjectHash,
} from '../../functions/src/inbox/privacy';
import { answerPrivacyRequest } from '../../functions/src/inbox/privacy-callable';
import { resendEnquiryEmail } from '../../functions/src/inbox/resend';
import { useDeliverySuite } from '../support/delivery-suite';
import {
  ARUN,
  createdEvent,
  deliveryDeps,
  deliveryRecord,
  PRIYA,
  storeEnquiry,
  storePopupEnquiry,
} from '../support/delivery-fixtures';
import type { SmtpCatcher } from '../support/smtp-catcher';

let db: Firestore;
let catcher: SmtpCatcher;

useDeliverySuite('privacy-tests', (suite) => ({ db, catcher } = suite));

const BUYER = { ...PRIYA, name: 'Lakshmi Narayanan', email: 'Lakshmi.N@Example.com', phone: '9845012345' };
const SALES = { uid: 'sales-1', email: 'sales@example.com', claims: { sales: true }, authTime: 0 };
const DAY = 24 * 60 * 60_000;

/** The buyer's 3 full and 2 popup enquiries through admission, a follow-up, a resend; 40 others beside. */
async function seedBuyerAndOthers() {
  const deps = deliveryDeps(db, catcher.port, {
    limits: { perSenderDaily: 10, hourlyCap: 100, dailyCap: 200 },
  });
  const buyerIds: string[] = [];
  for (const n of [1, 2, 3]) {
    const id = await storeEnquiry(db, { ...BUYER, message: `${BUYER.message} Order ${n}.` });
    await handleEnquiryCreated(deps, ENQUIRY_COLLECTION, createdEvent(id));
    buyerIds.push(`${ENQUIRY_COLLECTION}/${id}`);
  }
  for (const business of ['I am a Salon Retailer', 'Others'] as const) {
    const id = await storePopupEnquiry(db, {
      ...ARUN,
      name: BUYER.name,
      email: 'lakshmi.n@example.com',
      phone: BUYER.phone,
      business,
    });
    await handleEnquiryCreated(deps, POPUP_ENQUIRY_COLLECTION, createdEvent(id));
    buyerIds.push(`${POPUP_ENQUIRY_COLLECTION}/${id}`);
  }
  const [first] = buyerIds;
  await db.doc(first ?? '').update({
    followUp: {
      status: 'Quoted',
      note: 'Quoted ₹4,100 a kilo.',
      updatedBy: 'sales-1',
      updatedByEmail: 'sales@example.com',
      updatedAt: Timestamp.now(),
      version: 1,
    },
  });
  await resendEnquiryEmail(deps, SALES, {
    collection: ENQUIRY_COLLECTION,
    enquiryId: first?.split('/')[1] ?? '',
    requestId: crypto.randomUUID(),
  });
  const others: string[] = [];
  const batch = db.batch();
  for (let n = 0; n < 40; n += 1) {
    const ref = db.collection(n % 2 ? POPUP_ENQUIRY_COLLECTION : ENQUIRY_COLLECTION).doc();
    batch.set(ref, {
      name: `Other ${n}`,
      email: `other${n}@example.com`,
      phone: String(9_700_000_000 + n),
      createdAt: Timestamp.now(),
    });
    others.push(ref.path);
  }
  await batch.commit();
  return { deps, buyerIds, others };
}

describe('a privacy request', () => {
  it('finds, exports and erases exactly one person, by address or number however written, and records it without the identifier', async () => {
    const { deps, buyerIds, others } = await seedBuyerAndOthers();
    const byEmail = await findSubject(
      db,
      readSubject('email', ' LAKSHMI.n@example.com '),
      ' LAKSHMI.n@example.com ',
    );
    const byPhone = await findSubject(db, readSubject('phone', '+91 98450 12345'));
    const paths = (found: typeof byEmail) => found.enquiries.map((enquiry) => enquiry.ref.path).sort();
    expect(paths(byEmail)).toEqual([...buyerIds].sort());
    expect(paths(byPhone)).toEqual([...buyerIds].sort());
    const counts = countsOf(byEmail);
    expect(counts).toMatchObject({ enquiries: 5, resends: 1 });
    expect(counts.admission).toBeGreaterThanOrEqual(5);

    const { json, summary } = exportSubject(byEmail, new Date());
    const exported = JSON.parse(json) as {
      enquiries: { id: string; followUp: unknown; resends: unknown[] }[];
    };
    expect(exported.enquiries.map((enquiry) => enquiry.id).sort()).toEqual(
      buyerIds.map((path) => path.split('/')[1]).sort(),
    );
    expect(JSON.stringify(exported)).toContain('Quoted ₹4,100 a kilo.');
    expect(exported.enquiries.flatMap((enquiry) => enquiry.resends)).toHaveLength(1);
    expect(summary).toContain('5 enquiries');

    const result = await eraseSubject(db, byEmail, 'test', new Date());
    expect(result.deleted).toEqual(counts);
    expect(result.notDeleted.join(' ')).toMatch(/sales mailbox/);
    for (const path of buyerIds) expect((await db.doc(path).get()).exists).toBe(false);
    for (const path of others) expect((await db.doc(path).get()).exists).toBe(true);
    expect((await db.collection(RESENDS_COLLECTION).get()).size).toBe(0);
    for (const ref of byEmail.enquiries.flatMap((enquiry) => enquiry.admission))
      expect((await ref.get()).exists, ref.path).toBe(false);

    const requests = await db.collection(PRIVACY_REQUESTS_COLLECTION).get();
    expect(requests.docs.map((doc) => doc.get('state'))).toEqual(['done']);
    const request = requests.docs[0]?.data() ?? {};
    expect(request.subjectSha256).toBe(subjectHash(readSubject('email', BUYER.email)));
    expect(JSON.stringify(request)).not.toMatch(/lakshmi|9845012345/i);

    // Erased, the buyer is new again: a next enquiry is a first contact, admitted for its own email.
    const again = await storeEnquiry(db, { ...BUYER, message: `${BUYER.message} Order 1.` });
    expect(await handleEnquiryCreated(deps, ENQUIRY_COLLECTION, createdEvent(again))).toMatchObject({
      status: 'sent',
    });
    expect((await deliveryRecord(db, ENQUIRY_COLLECTION, again)).duplicateOf).toBeUndefined();
  });

  it('finishes an erasure that stopped halfway on its next run, and ends as a clean one', async () => {
    const { buyerIds, others } = await seedBuyerAndOthers();
    const subject = readSubject('phone', '098450-12345');
    const first = await findSubject(db, subject);
    await expect(
      eraseSubject(db, first, 'test', new Date(), {
        afterBatch: () => {
          throw new Error('the process was killed');
        },
      }),
    ).rejects.toThrow('killed');
    // Stopped before the enquiries' batch: each is still whole, nothing half-gone.
    for (const path of buyerIds) expect((await db.doc(path).get()).exists).toBe(true);

    const second = await findSubject(db, subject);
    expect(second.enquiries).toHaveLength(5);
    await eraseSubject(db, second, 'test', new Date());
    for (const path of buyerIds) expect((await db.doc(path).get()).exists).toBe(false);
    for (const path of others) expect((await db.doc(path).get()).exists).toBe(true);
    expect(countsOf(await findSubject(db, subject))).toEqual({ enquiries: 0, resends: 0, admission: 0 });
  });

  it('says plainly what is wrong with a malformed identifier, and finds nobody for an unknown one', async () => {
    expect(() => readSubject('email', 'priya at example')).toThrow(PrivacyInputError);
    expect(() => readSubject('phone', '12345')).toThrow(/is not a phone number/);
    await storeEnquiry(db);
    expect(countsOf(await findSubject(db, readSubject('email', 'nobody@example.com')))).toEqual({
      enquiries: 0,
      resends: 0,
      admission: 0,
    });
  });
});

describe('a privacy request for a buyer abroad', () => {
  it('finds the +1 buyer by their number however written, and never the Indian number with the same ten digits', async () => {
    const deps = deliveryDeps(db, catcher.port);
    const newYork = await storeEnquiry(db, {
      ...BUYER,
      email: 'grace@millerhair.com',
      phone: '+1 212 555 0100',
    });
    const chennai = await storeEnquiry(db, { ...BUYER, email: 'meena@example.in', phone: '2125550100' });
    for (const id of [newYork, chennai])
      await handleEnquiryCreated(deps, ENQUIRY_COLLECTION, createdEvent(id));
    for (const written of ['+12125550100', '+1 212-555-0100', '001 212 555 0100']) {
      const found = await findSubject(db, readSubject('phone', written));
      expect(found.enquiries.map((enquiry) => enquiry.id)).toEqual([newYork]);
      // Its admission records too: the sender's slot and the fingerprint are that buyer's alone.
      expect(found.enquiries[0]?.admission.length).toBeGreaterThan(0);
    }
    const indian = await findSubject(db, readSubject('phone', '+91 21255 50100'));
    expect(indian.enquiries.map((enquiry) => enquiry.id)).toEqual([chennai]);
  });
});

describe("the inbox's privacy function", () => {
  it("answers an owner's account, and refuses a sales account without the owner's claim", async () => {
    const { buyerIds } = await seedBuyerAndOthers();
    const deps = { db, clock: () => new Date() };
    const ask = { action: 'find', kind: 'phone', value: '98450 12345' };
    await expect(answerPrivacyRequest(deps, SALES, ask)).rejects.toMatchObject({ code: 'permission-denied' });
    const owner = { ...SALES, claims: { sales: true, owner: true } };
    const found = await answerPrivacyRequest(deps, owner, ask);
    expect(found.counts).toMatchObject({ enquiries: 5 });
    await expect(answerPrivacyRequest(deps, owner, { ...ask, value: '12' })).rejects.toMatchObject({
      code: 'invalid-argument',
    });
    const erased = await answerPrivacyRequest(deps, owner, { ...ask, action: 'erase' });
    expect(erased.deleted).toMatchObject({ enquiries: 5 });
    for (const path of buyerIds) expect((await db.doc(path).get()).exists).toBe(false);
  });
});

describe('retention', () => {
  it('deletes enquiries past their expiry and keeps the rest, as the TTL policy does', async () => {
    const now = Date.now();
    const stale = await storeEnquiry(db, PRIYA, {
      createdAt: Timestamp.fromMillis(now - 1096 * DAY),
      expiresAt: Timestamp.fromMillis(now - DAY),
    });
    const followedUp = await storeEnquiry(
      db,
      { ...PRIYA, email: 'kept@example.com' },
      {
        createdAt: Timestamp.fromMillis(now - 1096 * DAY),
        expiresAt: Timestamp.fromMillis(now - 10 * DAY + 1095 * DAY),
      },
    );
    const deleted = await purgeExpired(db, new Date());
    expect(deleted[ENQUIRY_COLLECTION]).toBe(1);
    expect((await db.collection(ENQUIRY_COLLECTION).doc(stale).get()).exists).toBe(false);
    expect((await db.collection(ENQUIRY_COLLECTION).doc(followedUp).get()).exists).toBe(true);
    expect(deleted[ADMISSION_COLLECTION]).toBe(0);
  });
});
