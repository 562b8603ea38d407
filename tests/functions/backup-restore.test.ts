/**
 * The restore drill, against the Firestore emulator with `npm run backup` and `npm run restore` run
 * as the owner runs them: an enquiry is delivered (sales email, SENT, acknowledgement), backed up,
 * erased by mistake, and restored identical, delivery record and all; the creation trigger the
 * restore fires then sends nothing. Then what a restore may and may not touch: missing documents
 * only by default, one document with --doc, changed ones only with --overwrite.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ADMISSION_COLLECTION,
  ENQUIRY_COLLECTION,
  SITE_DRAFTS_COLLECTION,
} from '../../functions/src/contract/enquiry/collections';
import { handleEnquiryCreated } from '../../functions/src/enquiry/delivery';
import { encodeFields } from '../../scripts/lib/firestore-backup';
import {
  ARUN,
  createdEvent,
  deliveryDeps,
  PRIYA,
  SALES_SETTINGS,
  storeEnquiry,
} from '../support/delivery-fixtures';
import { useDeliverySuite } from '../support/delivery-suite';
import type { SmtpCatcher } from '../support/smtp-catcher';

const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
const script = (name: string) => fileURLToPath(new URL(`../../scripts/${name}.ts`, import.meta.url));
/** A run loads the Admin SDK through tsx: about 3 s, many times that on a busy 2-core machine. */
const RUN_DEADLINE_MS = 60_000;
/** Backup, erase, restore and the deliveries around them: four runs of the scripts at most. */
const DRILL_DEADLINE_MS = 4 * RUN_DEADLINE_MS + 30_000;

type Run = { code: number | null; output: string };

function runScript(name: 'backup' | 'restore', args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    // The emulator's address comes with the environment, as under `npm run backup`.
    const child = spawn(tsx, [script(name), ...args], {
      env: process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_DEADLINE_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

async function succeeded(run: Promise<Run>): Promise<string> {
  const { code, output } = await run;
  expect(code, output).toBe(0);
  return output;
}

let db: Firestore;
let catcher: SmtpCatcher;
useDeliverySuite('backup-restore-tests', (suite) => ({ db, catcher } = suite));

const folders: string[] = [];
const backupFolder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sme-backup-'));
  folders.push(dir);
  return join(dir, 'backup');
};
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Every document of the database, each value in its typed form: equal only when identical. */
async function wholeDatabase(): Promise<Record<string, unknown>> {
  const documents: Record<string, unknown> = {};
  for (const collection of await db.listCollections())
    for (const doc of (await collection.get()).docs) documents[doc.ref.path] = encodeFields(doc.data());
  return documents;
}

describe('the restore drill', () => {
  it(
    'brings back an enquiry erased by mistake, delivery state and all, and emails nobody again',
    async () => {
      const deps = deliveryDeps(db, catcher.port, { mail: { ...SALES_SETTINGS, acknowledgeVisitor: true } });
      const id = await storeEnquiry(db, PRIYA);
      const ref = db.collection(ENQUIRY_COLLECTION).doc(id);
      expect(await handleEnquiryCreated(deps, ENQUIRY_COLLECTION, createdEvent(id))).toMatchObject({
        status: 'sent',
      });
      const delivered = (await ref.get()).data() ?? {};
      expect(delivered.notification).toMatchObject({ state: 'SENT', acknowledgement: { state: 'SENT' } });
      // The sales email and the buyer's acknowledgement.
      expect(catcher.messages).toHaveLength(2);

      const folder = backupFolder();
      expect(await succeeded(runScript('backup', ['--out', folder]))).toContain(`${ENQUIRY_COLLECTION} 1`);
      // Erased by mistake: a wrong privacy erase or a bug deletes the document.
      await ref.delete();
      expect((await ref.get()).exists).toBe(false);

      const restored = await succeeded(runScript('restore', ['--from', folder]));
      expect(restored).toContain(`created 1`);
      expect(restored).toContain(ref.path);

      const back = (await ref.get()).data() ?? {};
      expect(encodeFields(back)).toEqual(encodeFields(delivered));
      expect((back.createdAt as Timestamp).isEqual(delivered.createdAt as Timestamp)).toBe(true);
      const sentAt = (record: Record<string, unknown>) =>
        (record.notification as { sentAt: Timestamp }).sentAt;
      expect(sentAt(back).isEqual(sentAt(delivered))).toBe(true);

      // The restore created the document again, so the creation trigger fires on it once more.
      const again = await handleEnquiryCreated(deps, ENQUIRY_COLLECTION, createdEvent(id));
      expect(again).toEqual({ status: 'skipped', reason: 'already-sent' });
      expect(catcher.messages).toHaveLength(2);
      expect(encodeFields((await ref.get()).data() ?? {})).toEqual(encodeFields(delivered));
    },
    DRILL_DEADLINE_MS,
  );
});

describe('npm run restore', () => {
  it(
    'creates only what is missing, one document with --doc, and replaces changed ones only with --overwrite',
    async () => {
      const changed = await storeEnquiry(db, PRIYA);
      const erased = await storeEnquiry(db, { ...PRIYA, name: ARUN.name, email: ARUN.email });
      const draft = db.collection(SITE_DRAFTS_COLLECTION).doc('trade-terms');
      await draft.set({ version: 3, text: { en: 'Payment 50% in advance.' }, savedAt: Timestamp.now() });
      const counter = db.collection(ADMISSION_COLLECTION).doc('day-2026-11-28-0001');
      await counter.set({ counter: 'day-2026-11-28', expiresAt: Timestamp.now() });
      const folder = backupFolder();
      await succeeded(runScript('backup', ['--out', folder]));
      const atBackup = await wholeDatabase();

      const changedRef = db.collection(ENQUIRY_COLLECTION).doc(changed);
      const erasedRef = db.collection(ENQUIRY_COLLECTION).doc(erased);
      await changedRef.update({ name: 'Priya R.' });
      await erasedRef.delete();
      await draft.delete();
      await counter.delete();

      const one = await succeeded(runScript('restore', ['--from', folder, '--doc', erasedRef.path]));
      expect(one).toContain('created 1');
      expect((await erasedRef.get()).exists).toBe(true);
      expect((await draft.get()).exists).toBe(false);

      const missing = await succeeded(runScript('restore', ['--from', folder]));
      expect(missing).toContain('created 2');
      expect(missing).toMatch(/different from the backup and left as they are: 1/);
      expect(missing).toContain(changedRef.path);
      expect(missing).toContain('--overwrite');
      expect((await changedRef.get()).get('name')).toBe('Priya R.');
      expect((await draft.get()).exists).toBe(true);
      expect((await counter.get()).exists).toBe(true);

      const overwritten = await succeeded(runScript('restore', ['--from', folder, '--overwrite']));
      expect(overwritten).toMatch(/replaced by the backup \(--overwrite\): 1/);
      expect(await wholeDatabase()).toEqual(atBackup);
    },
    DRILL_DEADLINE_MS,
  );

  it(
    'refuses a folder that is not a finished backup, saying so',
    async () => {
      const run = await runScript('restore', ['--from', backupFolder()]);
      expect(run.code).toBe(2);
      expect(run.output).toMatch(/not a finished backup/);
    },
    RUN_DEADLINE_MS + 10_000,
  );
});
