/**
 * A real buyer after a flood has filled the hour, on the whole local stack: the visitor types the
 * enquiry into /enquiry in Chromium, the deployed trigger holds it back (the hourly cap is spent),
 * and the sweep that the launcher runs beside the emulators, as npm start does, sends the digest
 * with that buyer in its first row, above the flood.
 */
import { HOUR_MS } from '../../functions/src/contract/base/time';
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { COUNTER_FIELD, slotId } from '../../functions/src/enquiry/slots';
import { indiaHourKey } from '../../functions/src/contract/base/india-time';
import { buildEnquiryPayload } from '../../functions/src/contract/enquiry/enquiry';
import { EXPIRES_AT_FIELD } from '../../functions/src/contract/enquiry/retention';
import { LOCAL_SWEEP_ORIGIN } from '../../scripts/lib/local-sweep';
import { DELIVERY_TIMEOUT_MS, readUntil } from '../support/deadlines';
import { useJourneys } from './journeys';
import { fillFullForm, fullEnquiry, fullForm, thankYouDialog, waitForFormReady } from './visitor';
import { ADMISSION_COLLECTION, ENQUIRY_COLLECTION } from '../../functions/src/contract/enquiry/collections';
import { DEFAULT_ADMISSION_LIMITS } from '../../functions/src/enquiry/deps';

const journeys = useJourneys({ stack: 'held-buyer' });
const FLOOD = 80;

/** What a flood leaves behind: this hour's and the next hour's email slots all taken. */
async function spendHourlyCap(): Promise<void> {
  const db = journeys.store.db;
  const now = Date.now();
  for (const hour of [indiaHourKey(new Date(now)), indiaHourKey(new Date(now + HOUR_MS))]) {
    const batch = db.batch();
    for (let n = 0; n < DEFAULT_ADMISSION_LIMITS.hourlyCap; n += 1) {
      batch.set(db.collection(ADMISSION_COLLECTION).doc(slotId(`hour-${hour}`, n)), {
        [COUNTER_FIELD]: `hour-${hour}`,
        at: Timestamp.now(),
        [EXPIRES_AT_FIELD]: Timestamp.fromMillis(now + 3 * 24 * HOUR_MS),
      });
    }
    await batch.commit();
  }
}

/** The flood's held enquiries: one captured request replayed with other names, in one burst. */
async function storeHeldFlood(): Promise<void> {
  const db = journeys.store.db;
  const batch = db.batch();
  const burstAt = Date.now() - 10 * 60_000;
  for (let n = 0; n < FLOOD; n += 1) {
    const at = Timestamp.fromMillis(burstAt + n * 50);
    batch.set(db.collection(ENQUIRY_COLLECTION).doc(), {
      ...buildEnquiryPayload(
        {
          name: `Scripted ${n}`,
          companyname: '',
          phone: String(9_300_000_000 + n),
          email: `scripted${n}@example.com`,
          city: 'Chennai',
          ordertype: 'bulk',
          message: 'Send your best price list for bulk hair today.',
        },
        'Enquirypage',
        new Date(burstAt - 3 * HOUR_MS - 7 * 60_000),
      ),
      createdAt: at,
      notification: {
        state: 'HELD',
        heldReason: 'hourly-cap',
        heldAt: at,
        senderEmailsToday: 0,
        attempts: 0,
        updatedAt: at,
      },
    });
  }
  await batch.commit();
}

describe('a buyer held back after a flood filled the hour', () => {
  it('is at the top of the digest the launcher’s sweep sends', async () => {
    await spendHourlyCap();
    await storeHeldFlood();

    const { page } = await journeys.visit('mobile');
    await page.goto('/enquiry');
    const form = fullForm(page);
    await waitForFormReady(form.submit);
    const buyer = fullEnquiry('Madurai');
    await fillFullForm(form, buyer);
    await form.terms.check();
    await form.submit.click();
    await thankYouDialog(page).waitFor();

    const held = await readUntil(
      async () =>
        (await journeys.store.db.collection(ENQUIRY_COLLECTION).where('email', '==', buyer.email).get())
          .docs[0],
      (doc) => doc?.get('notification.state') === 'HELD',
      DELIVERY_TIMEOUT_MS,
      (doc) => `the buyer's enquiry is ${String(doc?.get('notification.state') ?? 'not stored')}, not HELD`,
    );
    expect(held?.get('notification.heldReason')).toBe('hourly-cap');
    expect(journeys.catcher.messages).toHaveLength(0);

    // What the schedule does every 15 minutes, asked for now (Cloud Scheduler's "force run").
    const response = await fetch(`${LOCAL_SWEEP_ORIGIN}/run`, { method: 'POST' });
    const summary = (await response.json()) as { digest: { status: string; enquiries?: number } };
    expect(summary.digest).toMatchObject({ status: 'sent', enquiries: FLOOD + 1 });

    const [digest] = await journeys.catcher.waitForMessages(1);
    const rows = String(digest?.text)
      .split('\n')
      .filter((line) => /^\d+\. /.test(line));
    expect(rows[0]).toContain(buyer.name);
    expect(rows[0]).toContain('4 of 4');
    expect(rows).toHaveLength(50);
    expect((await held?.ref.get())?.get('notification.state')).toBe('DIGESTED');
  });
});
