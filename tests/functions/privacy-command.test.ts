/**
 * `npm run privacy -- erase` as the owner runs it, against the Firestore emulator: it asks before it
 * erases, and only a yes erases. No answer at all (standard input closed, as under `< /dev/null`,
 * cron or a CI job) is a no: it says nothing was erased and exits non-zero.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { App } from 'firebase-admin/app';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ENQUIRY_COLLECTION } from '../../functions/src/contract/enquiry/collections';
import { clearFirestore, startAdmin, stopAdmin } from '../support/firestore-admin';
import { PRIYA, storeEnquiry } from '../support/delivery-fixtures';

const script = fileURLToPath(new URL('../../scripts/privacy.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
/** A run loads the Admin SDK through tsx: about 3 s, many times that on a busy 2-core machine. */
const RUN_DEADLINE_MS = 60_000;

type Run = { code: number | null; stdout: string; stderr: string };

/** Runs the script; `answer` is typed at its prompt, or, when null, its standard input is closed. */
function runPrivacy(args: string[], answer: string | null): Promise<Run> {
  return new Promise((resolve, reject) => {
    // No answer: standard input is /dev/null, as under `npm run privacy -- erase … < /dev/null`.
    const child = spawn(tsx, [script, ...args], {
      env: process.env,
      stdio: [answer === null ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    const { stdin, stdout: out, stderr: err } = child;
    if (!out || !err) throw new Error('spawn gave no output pipes');
    let stdout = '';
    let stderr = '';
    out.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      // Answer only once the question is asked, as a person would.
      if (answer !== null && stdout.includes('[y/N]') && stdin?.writable) stdin.end(`${answer}\n`);
    });
    err.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_DEADLINE_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

let app: App;
let db: Firestore;

beforeAll(() => {
  ({ app, db } = startAdmin('privacy-command-tests'));
});

afterAll(async () => {
  await stopAdmin(app);
});

beforeEach(async () => {
  await clearFirestore();
});

const enquiryExists = async (id: string) => (await db.collection(ENQUIRY_COLLECTION).doc(id).get()).exists;

describe('npm run privacy -- erase', () => {
  it(
    'erases nothing and exits non-zero when its question gets no answer',
    async () => {
      const id = await storeEnquiry(db, PRIYA);

      const run = await runPrivacy(['erase', '--email', PRIYA.email], null);

      expect(run.stdout).toContain('[y/N]');
      expect(run.stdout).toMatch(/Nothing was erased/i);
      expect(run.code, `exit code; output:\n${run.stdout}${run.stderr}`).not.toBe(0);
      expect(run.code).not.toBeNull();
      expect(await enquiryExists(id)).toBe(true);
    },
    RUN_DEADLINE_MS + 10_000,
  );

  it(
    'erases once the owner answers yes',
    async () => {
      const id = await storeEnquiry(db, PRIYA);

      const run = await runPrivacy(['erase', '--email', PRIYA.email], 'y');

      expect(run.code, `exit code; output:\n${run.stdout}${run.stderr}`).toBe(0);
      expect(run.stdout).toContain('✔ erased');
      expect(await enquiryExists(id)).toBe(false);
    },
    RUN_DEADLINE_MS + 10_000,
  );
});
