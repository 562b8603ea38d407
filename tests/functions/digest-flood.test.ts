/**
 * The hourly digest under a flood bigger than one digest used to carry: genuine buyers held before
 * and after it, and a real buyer's popup made a duplicate by a stranger who borrowed their name,
 * email and phone, must all reach the digest's table, and every waiting enquiry its attachment.
 * The flood's documents are written as admission control leaves them (HELD or DUPLICATE), in
 * commits of 500, so the test is about the digest alone; the sweep that sends it is the real one.
 */
import { MINUTE_MS } from '../../functions/src/contract/base/time';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import {
  ENQUIRY_COLLECTION,
  POPUP_ENQUIRY_COLLECTION,
  type EnquiryCollection,
} from '../../functions/src/contract/enquiry/collections';
import { contactKeysOf } from '../../functions/src/contract/enquiry/contact-keys';
import {
  buildEnquiryPayload,
  buildPopupEnquiryPayload,
  type EnquiryFormValues,
  type PopupEnquiryFormValues,
} from '../../functions/src/contract/enquiry/enquiry';
import { SWEEP_MAX_DOCUMENT_READS, sweepUndeliveredEnquiries } from '../../functions/src/enquiry/sweeper';
import { countingFirestore } from '../support/counting-firestore';
import { useDeliverySuite } from '../support/delivery-suite';
import { ARUN, deliveryRecord, deliveryDeps, PRIYA } from '../support/delivery-fixtures';
import type { SmtpCatcher } from '../support/smtp-catcher';

let db: Firestore;
let catcher: SmtpCatcher;

useDeliverySuite('digest-flood-tests', (suite) => ({ db, catcher } = suite));

/** Bigger than the 1,000 places one digest had. */
const FLOOD = 1050;
/** Firestore takes at most 500 writes in one commit. */
const COMMIT_SIZE = 500;
/** 10:40 in Coimbatore: the flood began at 10:15, the digest goes at 10:40, all in one India hour. */
const DIGEST_AT = new Date('2026-03-02T05:10:00Z');
const FLOOD_STARTS = new Date(DIGEST_AT.getTime() - 25 * MINUTE_MS);
/** A script replays one captured request: the date and time its form took from a device, hours ago. */
const CAPTURED_AT = new Date(FLOOD_STARTS.getTime() - 3 * 60 * MINUTE_MS - 7 * MINUTE_MS);
/** Writing 1,057 documents, one sweep over them and 11 marking transactions, on a busy machine. */
const TEST_TIMEOUT_MS = 180_000;

type Stored = { collection: EnquiryCollection; id: string };
type Waiting = { collection: EnquiryCollection; data: Record<string, unknown> };

/** An enquiry as admission control leaves it: HELD (an hourly cap) or DUPLICATE of `duplicateOf`. */
function waiting(
  fields: Record<string, unknown>,
  at: Date,
  outcome: { duplicateOf: string } | { heldReason: string },
) {
  const stamp = Timestamp.fromDate(at);
  const record =
    'duplicateOf' in outcome
      ? { state: 'DUPLICATE', duplicateOf: outcome.duplicateOf, digest: null }
      : { state: 'HELD', heldReason: outcome.heldReason, heldAt: stamp, senderEmailsToday: 0 };
  return {
    ...fields,
    createdAt: stamp,
    notification: { ...record, attempts: 0, updatedAt: stamp, contactKeys: contactKeysOf(fields) },
  };
}

/** Writes the documents in commits of 500 and returns where each went. */
async function writeAll(documents: Waiting[]): Promise<Stored[]> {
  const stored: Stored[] = [];
  for (let start = 0; start < documents.length; start += COMMIT_SIZE) {
    const batch = db.batch();
    for (const { collection, data } of documents.slice(start, start + COMMIT_SIZE)) {
      const ref = db.collection(collection).doc();
      batch.set(ref, data);
      stored.push({ collection, id: ref.id });
    }
    await batch.commit();
  }
  return stored;
}

const path = (enquiry: Stored | undefined) => `${enquiry?.collection}/${enquiry?.id}`;

const scripted = (n: number): EnquiryFormValues => ({
  name: `Scripted ${n}`,
  companyname: 'Script Traders',
  phone: String(8_000_000_000 + n),
  email: `scripted${n}@spam.example`,
  city: 'Nowhere',
  ordertype: 'Bulk',
  message: `Scripted enquiry number ${n}, please ignore.`,
});

/** A full-form enquiry held by the hourly cap: the form took its date and time from `clock`. */
const heldFull = (values: EnquiryFormValues, at: Date, clock: Date): Waiting => ({
  collection: ENQUIRY_COLLECTION,
  data: waiting(buildEnquiryPayload(values, 'Enquirypage', clock), at, { heldReason: 'hourly-cap' }),
});

const popupAt = (
  values: PopupEnquiryFormValues,
  at: Date,
  clock: Date,
  outcome: Parameters<typeof waiting>[2],
): Waiting => ({
  collection: POPUP_ENQUIRY_COLLECTION,
  data: waiting(buildPopupEnquiryPayload(values, clock), at, outcome),
});

describe('the hourly digest after a flood bigger than one digest used to hold', () => {
  it(
    'lists the genuine buyers from before and after the flood in its table, and every waiting enquiry in its attachment',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const buyerPopup: PopupEnquiryFormValues = { ...ARUN, name: 'Arun Kumar' };
      // Five minutes before the flood: a popup buyer, held because the hour's emails were spent.
      const before = new Date(FLOOD_STARTS.getTime() - 5 * MINUTE_MS);
      const [popupBefore] = await writeAll([
        popupAt(
          { ...ARUN, name: 'Divya Menon', email: 'divya@salonchain.in', phone: '9447012345' },
          before,
          before,
          { heldReason: 'hourly-cap' },
        ),
      ]);
      // The flood: one captured request replayed 1,050 times under other names, 50 ms apart; among
      // it a stranger's popup under the real popup buyer's name, email and phone, and two copies.
      const flood = await writeAll(
        Array.from({ length: FLOOD }, (_, n) =>
          heldFull(scripted(n), new Date(FLOOD_STARTS.getTime() + n * 50), CAPTURED_AT),
        ),
      );
      const floodEnds = new Date(FLOOD_STARTS.getTime() + FLOOD * 50);
      const [borrowed] = await writeAll([
        popupAt(buyerPopup, floodEnds, CAPTURED_AT, { heldReason: 'hourly-cap' }),
      ]);
      const scriptedCopies = await writeAll(
        [1, 2].map((n): Waiting => ({
          collection: ENQUIRY_COLLECTION,
          data: waiting(
            buildEnquiryPayload(scripted(n), 'Enquirypage', CAPTURED_AT),
            new Date(floodEnds.getTime() + n * 50),
            { duplicateOf: path(flood[n]) },
          ),
        })),
      );
      // After the flood, each at a person's pace and from a device's own clock: the real popup
      // buyer (a duplicate of the stranger's popup), a full-form buyer and another popup buyer.
      const after = (minutes: number) => new Date(floodEnds.getTime() + minutes * MINUTE_MS);
      const [realPopup, fullAfter, popupAfter] = await writeAll([
        popupAt(buyerPopup, after(2), after(2), { duplicateOf: path(borrowed) }),
        heldFull(
          { ...PRIYA, name: 'Meena Sundaram', email: 'meena@ramanhair.in', phone: '9840012345' },
          after(4),
          after(4),
        ),
        popupAt(
          { ...ARUN, name: 'Kavya Iyer', email: 'kavya@salon.in', phone: '9444012345' },
          after(6),
          after(6),
          { heldReason: 'hourly-cap' },
        ),
      ]);
      const everyWaiting = [
        popupBefore,
        ...flood,
        borrowed,
        ...scriptedCopies,
        realPopup,
        fullAfter,
        popupAfter,
      ];

      const { db: metered, meter } = countingFirestore(db);
      const deps = deliveryDeps(metered, catcher.port, { clock: () => DIGEST_AT });
      const summary = await sweepUndeliveredEnquiries(deps, 'after-the-big-flood');

      const [mail] = await catcher.waitForMessages(1);
      const rows = String(mail?.text)
        .split('\n')
        .filter((line) => /^\d+\. /.test(line));
      const csv = mail?.attachments[0]?.content.toString('utf8') ?? '';
      const rowOf = (name: string) => rows.findIndex((row) => row.includes(name)) + 1;
      const table = Object.fromEntries(
        ['Divya Menon', 'Arun Kumar', 'Meena Sundaram', 'Kavya Iyer'].map((name) => [name, rowOf(name)]),
      );
      console.info(
        `a ${FLOOD}-enquiry flood: digest ${JSON.stringify(summary.digest)}; the genuine buyers' rows ${JSON.stringify(table)}; ${meter.reads} documents read (bound ${SWEEP_MAX_DOCUMENT_READS})`,
      );
      for (const [name, row] of Object.entries(table))
        expect(row, `${name}'s row in the table`).toBeGreaterThan(0);
      // The real popup buyer's row is their own popup, the duplicate, not the stranger's.
      expect(rows[rowOf('Arun Kumar') - 1]).toContain(`duplicate of ${path(borrowed)}`);
      expect(csv).toContain(path(realPopup));
      const missing = everyWaiting.map(path).filter((enquiry) => !csv.includes(`,${enquiry},`));
      expect(missing, 'enquiries missing from the attachment').toEqual([]);
      expect(summary.digest).toMatchObject({
        status: 'sent',
        enquiries: everyWaiting.length,
        heldTotal: everyWaiting.length - 3,
        duplicatesTotal: 3,
      });
      expect(meter.reads).toBeLessThanOrEqual(SWEEP_MAX_DOCUMENT_READS);
      for (const enquiry of [popupBefore, fullAfter, popupAfter, flood.at(-1)])
        expect((await deliveryRecord(db, enquiry?.collection ?? '', enquiry?.id ?? '')).state).toBe(
          'DIGESTED',
        );
      expect((await deliveryRecord(db, POPUP_ENQUIRY_COLLECTION, realPopup?.id ?? '')).digest).toBe(
        String(mail?.headers.get('x-enquiry-digest')),
      );
    },
  );

  it(
    "puts a genuine buyer who writes just after a flood that fakes a device's clock in the table's first row",
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      // 1,050 scripted writes, 50 ms apart, each under its own name, email and phone and each with
      // its own moment as the device's date and time: level with a real buyer on three signs of four.
      const flood = await writeAll(
        Array.from({ length: FLOOD }, (_, n) => {
          const at = new Date(FLOOD_STARTS.getTime() + n * 50);
          return heldFull(scripted(n), at, at);
        }),
      );
      // The buyer sends a second and a half after the flood's last write: inside its time window.
      const sentAt = new Date(FLOOD_STARTS.getTime() + FLOOD * 50 + 1_500);
      const [buyer] = await writeAll([heldFull(PRIYA, sentAt, sentAt)]);

      const deps = deliveryDeps(db, catcher.port, { clock: () => DIGEST_AT });
      const summary = await sweepUndeliveredEnquiries(deps, 'genuine-after-the-flood');
      expect(summary.digest).toMatchObject({ status: 'sent', enquiries: FLOOD + 1 });

      const [mail] = await catcher.waitForMessages(1);
      const rows = String(mail?.text)
        .split('\n')
        .filter((line) => /^\d+\. /.test(line));
      const csvRows = (mail?.attachments[0]?.content.toString('utf8') ?? '').trim().split(/\r?\n/).slice(1);
      const csvRow = csvRows.findIndex((row) => row.includes(path(buyer))) + 1;
      console.info(
        `a genuine buyer 1.5 s after a ${FLOOD}-write flood: table row ${rows.findIndex((row) => row.includes(PRIYA.name)) + 1} of ${rows.length}, CSV row ${csvRow} of ${csvRows.length}`,
      );
      expect(rows[0]).toContain(PRIYA.name);
      expect(csvRow).toBe(1);
      // The flood's last write, level on every sign, comes next: ties go newest first.
      expect(rows[1]).toContain(`Scripted ${FLOOD - 1}`);
      expect(flood).toHaveLength(FLOOD);
    },
  );
});
