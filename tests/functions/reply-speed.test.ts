/**
 * The reply-speed figure buyers are shown, kept by the functions against the emulator: worked out
 * from admitted enquiries answered in the last 90 days; worked out again by the sweep once it is
 * over an hour old (the window moves on without any new answer); and answered to the public only
 * when it covers 20 answered enquiries.
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import {
  ENQUIRY_COLLECTION,
  RESPONSE_STATS_COLLECTION,
} from '../../functions/src/contract/enquiry/collections';
import { REPLY_SPEED_DOCUMENT } from '../../functions/src/contract/delivery/reply-speed';
import {
  refreshReplySpeed,
  REFRESH_AFTER_MS,
  replySpeedAnswer,
} from '../../functions/src/enquiry/reply-speed';
import { sweepUndeliveredEnquiries } from '../../functions/src/enquiry/sweeper';
import { useDeliverySuite } from '../support/delivery-suite';
import { deliveryDeps } from '../support/delivery-fixtures';
import type { SmtpCatcher } from '../support/smtp-catcher';

let db: Firestore;
let catcher: SmtpCatcher;

useDeliverySuite('reply-speed-tests', (suite) => ({ db, catcher } = suite));

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** An enquiry received `daysAgo` and first contacted `minutes` later, as the functions record it. */
async function answered(now: number, daysAgo: number, minutes: number, state = 'SENT') {
  const receivedAt = now - daysAgo * DAY;
  await db
    .collection(ENQUIRY_COLLECTION)
    .doc()
    .set({
      name: 'Priya Raman',
      createdAt: Timestamp.fromMillis(receivedAt),
      notification: {
        state,
        firstContactAt: Timestamp.fromMillis(receivedAt + minutes * MINUTE),
        responseSeconds: minutes * 60,
      },
    });
}

const stored = async () =>
  (await db.collection(RESPONSE_STATS_COLLECTION).doc(REPLY_SPEED_DOCUMENT).get()).data();

describe('the reply-speed figure', () => {
  it('counts admitted answers of the last 90 days, and is public from 20 of them', async () => {
    const now = Date.now();
    for (let index = 0; index < 19; index += 1) await answered(now, 1 + index, index < 10 ? 10 : 120);
    await answered(now, 3, 1, 'HELD');
    await answered(now, 3, 1, 'DUPLICATE');
    await answered(now, 3, 1, 'DIGESTED');
    await answered(now, 91, 1);
    const { figure } = await refreshReplySpeed(db, new Date(now));
    expect(figure).toMatchObject({ answered: 19, medianSeconds: 600, windowDays: 90 });
    expect(await replySpeedAnswer(db)).toEqual({ shown: false });

    await answered(now, 2, 120);
    await refreshReplySpeed(db, new Date(now));
    expect(await replySpeedAnswer(db)).toMatchObject({ answered: 20, medianSeconds: (600 + 7200) / 2 });
  });

  it('is worked out again by a sweep once it is over an hour old, and left alone before', async () => {
    const now = Date.now();
    for (let index = 0; index < 3; index += 1) await answered(now, 1, 30);
    const deps = deliveryDeps(db, catcher.port);
    const first = await sweepUndeliveredEnquiries(deps, 'first');
    expect(first.replySpeedRefreshed).toBe(true);
    expect(await stored()).toMatchObject({ answered: 3 });

    await answered(now, 1, 30);
    const soon = await sweepUndeliveredEnquiries(deps, 'soon');
    expect(soon.replySpeedRefreshed).toBe(false);
    expect(await stored()).toMatchObject({ answered: 3 });

    const later = await sweepUndeliveredEnquiries(
      { ...deps, clock: () => new Date(Date.now() + REFRESH_AFTER_MS + MINUTE) },
      'later',
    );
    expect(later.replySpeedRefreshed).toBe(true);
    expect(await stored()).toMatchObject({ answered: 4 });
  });
});
