/**
 * How fast a lead was answered, recorded by the functions when the inbox saves the first contact:
 * once per enquiry (a trigger delivered twice counts once), in the week the enquiry arrived.
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import {
  ENQUIRY_COLLECTION,
  RESPONSE_STATS_COLLECTION,
} from '../../functions/src/contract/enquiry/collections';
import {
  readResponseStats,
  responsePercentileMinutes,
  responseWeek,
} from '../../functions/src/contract/delivery/response-times';
import { handleEnquiryCreated } from '../../functions/src/enquiry/delivery';
import { recordFollowUp } from '../../functions/src/enquiry/first-contact';
import { allEnded } from '../support/concurrent';
import { useDeliverySuite } from '../support/delivery-suite';
import {
  createdEvent,
  deliveryDeps,
  deliveryRecord,
  PRIYA,
  storeEnquiry,
} from '../support/delivery-fixtures';
import type { SmtpCatcher } from '../support/smtp-catcher';

let db: Firestore;
let catcher: SmtpCatcher;

useDeliverySuite('first-contact-tests', (suite) => ({ db, catcher } = suite));

const MINUTE = 60_000;

async function contacted(id: string, receivedMinutesAgo: number, answeredMinutesAgo: number) {
  const now = Date.now();
  await db
    .collection(ENQUIRY_COLLECTION)
    .doc(id)
    .update({
      createdAt: Timestamp.fromMillis(now - receivedMinutesAgo * MINUTE),
      followUp: {
        status: 'Contacted',
        note: '',
        updatedBy: 'sales-1',
        updatedByEmail: 'sales@example.com',
        updatedAt: Timestamp.fromMillis(now - answeredMinutesAgo * MINUTE),
        version: 1,
        firstContactAt: Timestamp.fromMillis(now - answeredMinutesAgo * MINUTE),
      },
    });
}

describe('the first contact', () => {
  it('is waited for from admission, then recorded once with the wait, even when the trigger comes twice', async () => {
    const id = await storeEnquiry(db);
    await handleEnquiryCreated(deliveryDeps(db, catcher.port), ENQUIRY_COLLECTION, createdEvent(id));
    expect((await deliveryRecord(db, ENQUIRY_COLLECTION, id)).firstContactAt).toBeNull();
    expect(await recordFollowUp(db, { collection: ENQUIRY_COLLECTION, id })).toMatchObject({
      firstContact: 'not-contacted',
    });

    await contacted(id, 40, 28);
    const outcomes = await allEnded([
      recordFollowUp(db, { collection: ENQUIRY_COLLECTION, id }),
      recordFollowUp(db, { collection: ENQUIRY_COLLECTION, id }),
    ]);
    expect(
      outcomes.map((outcome) => ('firstContact' in outcome ? outcome.firstContact : 'missing')).sort(),
    ).toEqual(['already-recorded', 'recorded']);
    const record = await deliveryRecord(db, ENQUIRY_COLLECTION, id);
    expect(record.responseSeconds).toBe(12 * 60);
    expect(record.firstContactAt).toBeInstanceOf(Timestamp);

    const created = (await db.collection(ENQUIRY_COLLECTION).doc(id).get()).get('createdAt') as Timestamp;
    const week = responseWeek(created.toDate());
    const stats = readResponseStats(
      week,
      (await db.collection(RESPONSE_STATS_COLLECTION).doc(week).get()).data(),
    );
    expect(stats.answered).toBe(1);
    expect(responsePercentileMinutes(stats, 0.5)).toBe(15);
  });

  it('keeps one histogram per week for both forms, which the inbox reads instead of the enquiries', async () => {
    const waits = [3, 9, 20, 45, 90];
    for (const [index, minutes] of waits.entries()) {
      const id = await storeEnquiry(db, { ...PRIYA, email: `buyer${index}@example.com` });
      await contacted(id, 200, 200 - minutes);
      await recordFollowUp(db, { collection: ENQUIRY_COLLECTION, id });
    }
    const weeks = await db.collection(RESPONSE_STATS_COLLECTION).get();
    const answered = weeks.docs.reduce((sum, doc) => sum + readResponseStats(doc.id, doc.data()).answered, 0);
    expect(answered).toBe(waits.length);
  });
});

describe('the retention of an enquiry', () => {
  const DAY = 24 * 60 * MINUTE;

  it('runs three years from its arrival, set at admission, and moves on with each follow-up change', async () => {
    // Received twenty days ago, followed up now.
    const id = await storeEnquiry(db, PRIYA, { createdAt: Timestamp.fromMillis(Date.now() - 20 * DAY) });
    await handleEnquiryCreated(deliveryDeps(db, catcher.port), ENQUIRY_COLLECTION, createdEvent(id));
    const ref = db.collection(ENQUIRY_COLLECTION).doc(id);
    const stored = await ref.get();
    const created = (stored.get('createdAt') as Timestamp).toMillis();
    expect((stored.get('expiresAt') as Timestamp).toMillis()).toBe(created + 1095 * DAY);

    await contacted(id, 20 * 24 * 60, 0);
    expect(await recordFollowUp(db, { collection: ENQUIRY_COLLECTION, id })).toMatchObject({
      expiry: 'moved',
    });
    const followedUp = ((await ref.get()).get('followUp.updatedAt') as Timestamp).toMillis();
    expect(((await ref.get()).get('expiresAt') as Timestamp).toMillis()).toBe(followedUp + 1095 * DAY);
    expect(await recordFollowUp(db, { collection: ENQUIRY_COLLECTION, id })).toMatchObject({
      expiry: 'kept',
    });
  });
});
