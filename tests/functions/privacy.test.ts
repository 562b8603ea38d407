/**
 * A person's data found, exported and erased across every store the system controls, against the
 * Firestore emulator, with the real admission, resend and delivery code making that data first;
 * and enquiries past their retention deleted, as Firestore's TTL policy does in production.
 */
import { createHash, createHmac } from 'node:crypto';
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import {
  ADMISSION_COLLECTION,
  ENQUIRY_COLLECTION,
  POPUP_ENQUIRY_COLLECTION,
  PRIVACY_REQUESTS_COLLECTION,
  RESENDS_COLLECTION,
} from '../../functions/src/contract/enquiry/collections';
import { readCorrection } from '../../functions/src/contract/inbox/correction';
import { DEFAULT_ENQUIRY_RETENTION_DAYS } from '../../functions/src/contract/enquiry/retention';
import { admissionKeys } from '../../functions/src/enquiry/admission';
import { handleEnquiryCreated } from '../../functions/src/enquiry/delivery';
import { needsFollowUpRecord, recordFollowUp } from '../../functions/src/enquiry/first-contact';
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
const SALES = {
  uid: 'sales-1',
  email: 'sales@example.com',
  claims: { sales: true, email: 'sales@example.com', email_verified: true },
  authTime: 0,
};
const DAY = 24 * 60 * 60_000;
/** The key the tests hash identifiers with (the emulator's own is in functions/.secret.local). */
const PRIVACY_HASH_KEY = 'test-only-privacy-hash-key-0123456789abcdef';
const records = () => ({ db, hashKey: PRIVACY_HASH_KEY });
const OWNER = { ...SALES, claims: { ...SALES.claims, owner: true } };
const ownerDeps = () => ({ db, clock: () => new Date(), hashKey: PRIVACY_HASH_KEY });

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

    const result = await eraseSubject(records(), byEmail, 'test', new Date());
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
    expect(request.subjectHmacSha256).toBe(subjectHash(readSubject('email', BUYER.email), PRIVACY_HASH_KEY));
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
      eraseSubject(records(), first, 'test', new Date(), {
        afterBatch: () => {
          throw new Error('the process was killed');
        },
      }),
    ).rejects.toThrow('killed');
    // Stopped before the enquiries' batch: each is still whole, nothing half-gone.
    for (const path of buyerIds) expect((await db.doc(path).get()).exists).toBe(true);

    const second = await findSubject(db, subject);
    expect(second.enquiries).toHaveLength(5);
    await eraseSubject(records(), second, 'test', new Date());
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

describe("a correction of the buyer's address and number", () => {
  it('leaves nothing of the old ones: find by them finds nothing, by the new ones the enquiry, whose export holds only the new', async () => {
    const deps = deliveryDeps(db, catcher.port);
    const typo = { email: 'lakshmi.n@exmaple.com', phone: '9845054321' };
    const id = await storeEnquiry(db, { ...BUYER, ...typo });
    await handleEnquiryCreated(deps, ENQUIRY_COLLECTION, createdEvent(id));
    const ref = db.collection(ENQUIRY_COLLECTION).doc(id);
    const before = (await ref.get()).data() ?? {};

    // As the inbox saves a correction (web/src/features/inbox/api/follow-up.ts): the fields the
    // buyer reported, and a follow-up save whose history names them.
    const { changes } = readCorrection(ENQUIRY_COLLECTION, before, {
      email: BUYER.email,
      phone: `+91 ${BUYER.phone}`,
    });
    expect(Object.keys(changes).sort()).toEqual(['email', 'phone']);
    await ref.update({
      ...changes,
      followUp: {
        status: 'New',
        note: '',
        updatedBy: 'sales-1',
        updatedByEmail: 'sales@example.com',
        updatedAt: FieldValue.serverTimestamp(),
        version: 1,
        history: {
          '0': {
            corrected: Object.keys(changes),
            by: 'sales-1',
            byEmail: 'sales@example.com',
            at: FieldValue.serverTimestamp(),
          },
        },
      },
    });
    // What the follow-up trigger does with the update (functions/src/index.ts, recordFollowUpOn).
    expect(needsFollowUpRecord((await ref.get()).data(), DEFAULT_ENQUIRY_RETENTION_DAYS)).toBe(true);
    await recordFollowUp(db, { collection: ENQUIRY_COLLECTION, id });

    for (const [kind, old] of [
      ['email', typo.email],
      ['phone', typo.phone],
    ] as const) {
      expect(countsOf(await findSubject(db, readSubject(kind, old), old)), `find by the old ${kind}`).toEqual(
        {
          enquiries: 0,
          resends: 0,
          admission: 0,
        },
      );
      const byOldKey = await db
        .collection(ENQUIRY_COLLECTION)
        .where(`notification.contactKeys.${kind}`, '==', old)
        .get();
      expect(byOldKey.size, `enquiries under the old ${kind}'s key`).toBe(0);
    }
    const found = await findSubject(db, readSubject('email', BUYER.email), BUYER.email);
    expect(found.enquiries.map((enquiry) => enquiry.ref.path)).toEqual([ref.path]);
    expect((await findSubject(db, readSubject('phone', BUYER.phone))).enquiries).toHaveLength(1);
    const { json, summary } = exportSubject(found, new Date());
    for (const old of Object.values(typo)) expect(`${json}\n${summary}`).not.toContain(old);

    // Who is who: the fingerprint is the corrected buyer's, so their same enquiry again is a duplicate.
    const now = new Date();
    const fingerprint = (data: Record<string, unknown>) =>
      db.doc(`enquiry-admission/${admissionKeys(ENQUIRY_COLLECTION, data, now).duplicate}`).get();
    expect((await fingerprint(before)).exists).toBe(false);
    expect((await fingerprint((await ref.get()).data() ?? {})).get('original')).toBe(ref.path);
    const again = await storeEnquiry(db, BUYER);
    expect(await handleEnquiryCreated(deps, ENQUIRY_COLLECTION, createdEvent(again))).toEqual({
      status: 'duplicate',
      duplicateOf: ref.path,
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
    const deps = ownerDeps();
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

describe('the record of a privacy request', () => {
  it('holds a keyed hash of the identifier, which a list of every Indian number cannot reverse without the key', async () => {
    await storeEnquiry(db, BUYER);
    await answerPrivacyRequest(ownerDeps(), OWNER, { action: 'find', kind: 'phone', value: BUYER.phone });
    const [request] = (await db.collection(PRIVACY_REQUESTS_COLLECTION).get()).docs.map((doc) => doc.data());
    const record = JSON.stringify(request);
    // What trying every Indian number (about 1.5 core-hours) would match against an unkeyed hash.
    const unkeyed = createHash('sha256').update(`phone:${BUYER.phone}`).digest('hex');
    expect(record).not.toContain(unkeyed);
    expect(record).not.toContain(BUYER.phone);
    expect(request?.subjectHmacSha256).toBe(
      createHmac('sha256', PRIVACY_HASH_KEY).update(`phone:${BUYER.phone}`).digest('hex'),
    );
  });
});

describe('a crafted identifier', () => {
  it("cannot reach someone else's enquiries: the Kelvin sign and fullwidth look-alikes are refused, not folded into an address", async () => {
    const kumar = await storeEnquiry(db, { ...PRIYA, name: 'Kumar', email: 'kumar@example.com' });
    for (const lookAlike of [
      '\u212aumar@example.com',
      '\uff4b\uff55\uff4d\uff41\uff52@example.com',
      'kumar\uff20example.com',
    ]) {
      const erasure = answerPrivacyRequest(ownerDeps(), OWNER, {
        action: 'erase',
        kind: 'email',
        value: lookAlike,
      });
      await expect(erasure, lookAlike).rejects.toMatchObject({ code: 'invalid-argument' });
    }
    expect((await db.collection(ENQUIRY_COLLECTION).doc(kumar).get()).exists).toBe(true);
    // Kumar's own address, however he cases it, still finds him.
    const found = await answerPrivacyRequest(ownerDeps(), OWNER, {
      action: 'find',
      kind: 'email',
      value: ' KUMAR@Example.com ',
    });
    expect(found.counts.enquiries).toBe(1);
  });

  it('is refused when it is longer than any address can be, with a plain message', async () => {
    for (const value of [`${'a'.repeat(100_000)}@example.com`, `a@${'b.'.repeat(8_000)} x`]) {
      expect(() => readSubject('email', value)).toThrow(PrivacyInputError);
      const refusal = answerPrivacyRequest(ownerDeps(), OWNER, { action: 'find', kind: 'email', value });
      await expect(refusal).rejects.toMatchObject({
        code: 'invalid-argument',
        message: expect.stringMatching(/longer than any email address \(254 characters\)/) as unknown,
      });
    }
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
