/**
 * The whole enquiry path on the emulators: a visitor's document, created with the client SDK
 * under the real rules, makes the deployed trigger send exactly one email to the local catcher
 * (functions/.env.local points SMTP at 127.0.0.1:2525) and record SENT on the document.
 *
 * Needs the Firestore and Functions emulators with functions/lib built:
 *   npx tsc -p functions/tsconfig.json
 *   flock /tmp/sme-emulator.lock npx tsx scripts/emulators.ts exec --only firestore,functions \
 *     "npx vitest run --project stack tests/stack/notification.test.ts"
 */
import type { DocumentReference, Firestore as AdminFirestore } from 'firebase-admin/firestore';
import { addDoc, collection, serverTimestamp, type Firestore } from 'firebase/firestore/lite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildEnquiryPayload, buildPopupEnquiryPayload } from '../../functions/src/contract/enquiry/enquiry';
import type { DeliveryRecord } from '../../functions/src/contract/delivery/delivery';
import { openEmulatorClients, type EmulatorClients } from '../../scripts/lib/bench-harness';
import { DELIVERY_TIMEOUT_MS, readUntil } from '../support/deadlines';
import { clearFirestore } from '../support/emulator';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher';
import {
  ENQUIRY_COLLECTION,
  POPUP_ENQUIRY_COLLECTION,
} from '../../functions/src/contract/enquiry/collections';

/** Where functions/.env.local sends mail. */
const EMULATOR_SMTP_PORT = 2525;

let catcher: SmtpCatcher;
let clients: EmulatorClients;
let db: Firestore;
let adminDb: AdminFirestore;

beforeAll(async () => {
  catcher = await startSmtpCatcher({ port: EMULATOR_SMTP_PORT, acknowledgementsApart: true });
  clients = openEmulatorClients('notification-stack');
  ({ db, adminDb } = clients);
});

// Each test starts from an empty database, as the journeys do: an earlier suite's flood would
// otherwise have filled the hour's cap, and these enquiries would be held for the digest.
beforeEach(async () => {
  await clearFirestore();
  catcher.clear();
});

afterAll(async () => {
  await catcher?.close();
  await clients?.close();
});

/** Resolves with the delivery record once the functions have marked the document SENT. */
function waitForSent(ref: DocumentReference, timeoutMs = DELIVERY_TIMEOUT_MS): Promise<DeliveryRecord> {
  return readUntil(
    async () => (await ref.get()).get('notification') as DeliveryRecord | undefined,
    (found): found is DeliveryRecord => found?.state === 'SENT',
    timeoutMs,
    () => `${ref.path} was not marked SENT within ${timeoutMs} ms`,
  );
}

const mailsFor = (path: string) =>
  catcher.messages.filter((mail) => mail.headers.get('x-enquiry-id') === path);

describe('enquiry notification through the emulators', () => {
  it('emails the sales team once about a full enquiry and records SENT', async () => {
    const payload = buildEnquiryPayload(
      {
        name: 'Meena Sundaram',
        companyname: 'Sundaram Hair Works',
        phone: '+91 98400 12345',
        email: 'meena@example.com',
        city: 'Coimbatore',
        ordertype: 'Bulk',
        message: 'Looking for 10 kg of single drawn bulk hair every month.',
      },
      'Enquirypage',
      new Date(),
    );
    const ref = await addDoc(collection(db, ENQUIRY_COLLECTION), {
      ...payload,
      createdAt: serverTimestamp(),
    });

    const record = await waitForSent(adminDb.doc(ref.path));
    const mail = await catcher.waitForMessage(
      (candidate) => candidate.headers.get('x-enquiry-id') === ref.path,
    );

    expect(mailsFor(ref.path)).toHaveLength(1);
    expect(record).toMatchObject({ state: 'SENT', attempts: 1, lastError: null, messageId: mail.messageId });
    expect(mail.envelope.to).toEqual(['sales@example.com']);
    expect(mail.subject).toBe('New enquiry: Meena Sundaram, Coimbatore (bulk)');
    expect(mail.replyTo?.value).toEqual([{ name: 'Meena Sundaram', address: 'meena@example.com' }]);
    expect(mail.text).toContain('Phone: +91 98400 12345');
    expect(mail.html).toContain('href="https://wa.me/919840012345"');
  });

  it('emails the sales team once about a popup enquiry and records SENT', async () => {
    const payload = buildPopupEnquiryPayload(
      { name: 'Karthik', email: 'karthik@example.com', phone: '9000012345', business: 'I am a Distributor' },
      new Date(),
    );
    const ref = await addDoc(collection(db, POPUP_ENQUIRY_COLLECTION), {
      ...payload,
      createdAt: serverTimestamp(),
    });

    const record = await waitForSent(adminDb.doc(ref.path));

    expect(mailsFor(ref.path)).toHaveLength(1);
    expect(mailsFor(ref.path)[0]?.subject).toBe('New popup enquiry: Karthik (I am a Distributor)');
    expect(record).toMatchObject({ state: 'SENT', attempts: 1 });
  });

  it('does not let a visitor mark an enquiry as already sent to suppress its email', async () => {
    const payload = buildPopupEnquiryPayload(
      { name: 'Mallory', email: 'mallory@example.com', phone: '9000054321', business: 'Others' },
      new Date(),
    );
    const forged = { ...payload, createdAt: serverTimestamp(), notification: { state: 'SENT', attempts: 1 } };

    await expect(addDoc(collection(db, POPUP_ENQUIRY_COLLECTION), forged)).rejects.toMatchObject({
      code: 'permission-denied',
    });
  });
});
