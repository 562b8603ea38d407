/**
 * The restore drill with the deployed functions running: an enquiry made through the client SDK
 * under the real rules is emailed to sales and acknowledged, backed up with `npm run backup`,
 * erased by mistake and brought back with `npm run restore`. The restore creates the document
 * again, so `onDocumentCreated` fires on it once more; the restored delivery record says SENT, and
 * no second sales email or acknowledgement goes out.
 *
 * The trigger on the restored enquiry does nothing visible, so the test waits for something that
 * comes after it: a second enquiry, made after the restore, emailed and acknowledged in full.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DocumentReference, Firestore as AdminFirestore } from 'firebase-admin/firestore';
import { addDoc, collection, serverTimestamp, type Firestore } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENQUIRY_COLLECTION } from '../../functions/src/contract/enquiry/collections';
import type { DeliveryRecord } from '../../functions/src/contract/delivery/delivery';
import { buildEnquiryPayload, type EnquiryFormValues } from '../../functions/src/contract/enquiry/enquiry';
import { openEmulatorClients, type EmulatorClients } from '../../scripts/lib/bench-harness';
import { encodeFields } from '../../scripts/lib/firestore-backup';
import { DELIVERY_TIMEOUT_MS, readUntil } from '../support/deadlines';
import { PRIYA } from '../support/delivery-fixtures';
import { clearFirestore } from '../support/emulator';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher';

/** Where functions/.env.local sends mail. */
const EMULATOR_SMTP_PORT = 2525;
const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
/** A run loads the Admin SDK through tsx: about 3 s, many times that on a busy 2-core machine. */
const RUN_DEADLINE_MS = 60_000;
/** Two enquiries delivered and acknowledged, and a backup and a restore run between them. */
const DRILL_DEADLINE_MS = 2 * RUN_DEADLINE_MS + 4 * DELIVERY_TIMEOUT_MS;

let catcher: SmtpCatcher;
let clients: EmulatorClients;
let db: Firestore;
let adminDb: AdminFirestore;
let folder: string;

beforeAll(async () => {
  catcher = await startSmtpCatcher({ port: EMULATOR_SMTP_PORT, acknowledgementsApart: true });
  clients = openEmulatorClients('restore-drill-stack');
  ({ db, adminDb } = clients);
  folder = mkdtempSync(join(tmpdir(), 'sme-restore-drill-'));
  await clearFirestore();
});

afterAll(async () => {
  await catcher?.close();
  await clients?.close();
  rmSync(folder, { recursive: true, force: true });
});

function runScript(name: 'backup' | 'restore', args: string[]): Promise<string> {
  const script = fileURLToPath(new URL(`../../scripts/${name}.ts`, import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [script, ...args], { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_DEADLINE_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`npm run ${name} ended with ${code}:\n${output}`));
    });
  });
}

/** An enquiry sent as the site sends it, under the real rules. */
async function enquire(values: EnquiryFormValues): Promise<DocumentReference> {
  const payload = buildEnquiryPayload(values, 'Enquirypage', new Date());
  const ref = await addDoc(collection(db, ENQUIRY_COLLECTION), { ...payload, createdAt: serverTimestamp() });
  return adminDb.doc(ref.path);
}

/** Once the sales email is SENT and the buyer's acknowledgement recorded. */
function delivered(ref: DocumentReference): Promise<DeliveryRecord> {
  return readUntil(
    async () => (await ref.get()).get('notification') as DeliveryRecord | undefined,
    (found): found is DeliveryRecord => found?.state === 'SENT' && found.acknowledgement?.state === 'SENT',
    DELIVERY_TIMEOUT_MS,
    () => `${ref.path} was not SENT and acknowledged within ${DELIVERY_TIMEOUT_MS} ms`,
  );
}

const salesMailsFor = (ref: DocumentReference) =>
  catcher.messages.filter((mail) => mail.headers.get('x-enquiry-id') === ref.path);
const acknowledgementsTo = (address: string) =>
  catcher.acknowledgements.filter((mail) => mail.envelope.to.includes(address));

describe('the restore drill with the functions running', () => {
  it(
    'restores an enquiry erased by mistake as it was, and emails nobody a second time',
    async () => {
      const ref = await enquire(PRIYA);
      await delivered(ref);
      expect(salesMailsFor(ref)).toHaveLength(1);
      await readUntil(
        async () => acknowledgementsTo(PRIYA.email).length,
        (count) => count === 1,
        DELIVERY_TIMEOUT_MS,
        () => `${PRIYA.email} got no acknowledgement`,
      );
      const before = encodeFields((await ref.get()).data() ?? {});

      await runScript('backup', ['--out', join(folder, 'backup')]);
      await ref.delete();
      const report = await runScript('restore', ['--from', join(folder, 'backup')]);
      expect(report).toContain(ref.path);
      expect(encodeFields((await ref.get()).data() ?? {})).toEqual(before);

      // After the restore's own creation event: a new buyer's enquiry goes all the way through.
      const buyer = { ...PRIYA, name: 'Meena Sundaram', email: 'meena@example.com', phone: '9840012345' };
      const after = await enquire(buyer);
      await delivered(after);
      await readUntil(
        async () => acknowledgementsTo(buyer.email).length,
        (count) => count === 1,
        DELIVERY_TIMEOUT_MS,
        () => `${buyer.email} got no acknowledgement`,
      );

      expect(salesMailsFor(after)).toHaveLength(1);
      expect(salesMailsFor(ref)).toHaveLength(1);
      expect(acknowledgementsTo(PRIYA.email)).toHaveLength(1);
      expect(encodeFields((await ref.get()).data() ?? {})).toEqual(before);
    },
    DRILL_DEADLINE_MS,
  );
});
