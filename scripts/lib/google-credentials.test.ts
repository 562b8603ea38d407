/**
 * The owner's tools pointed at a real project from a machine that has no Google credentials: each
 * ends at once, non-zero, with the one sentence that says what to do, not Google's own error.
 * The scripts run as `npm run` runs them, in an environment where no application default
 * credentials can be found: GOOGLE_APPLICATION_CREDENTIALS names a file that does not exist (it is
 * tried first, so no network call is made), and HOME and gcloud's config folder are empty.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENQUIRY_COLLECTION } from '../../functions/src/contract/enquiry/collections';
import { noCredentialsAdvice } from './google-credentials';
import { ROOT } from './project';

const PROJECT = 'some-real-looking-id';
/** Each run loads the Admin SDK through tsx: about 2 s, many times that on a busy 2-core machine. */
const RUN_DEADLINE_MS = 60_000;

/** An environment with no way to Google credentials and no emulator. */
function withoutCredentials(): NodeJS.ProcessEnv {
  const empty = mkdtempSync(join(tmpdir(), 'sme-no-credentials-'));
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env))
    if (!/^(GOOGLE_|GCLOUD_|CLOUDSDK_|FIREBASE_|FIRESTORE_)/.test(name)) env[name] = value;
  return {
    ...env,
    HOME: empty,
    CLOUDSDK_CONFIG: empty,
    GOOGLE_APPLICATION_CREDENTIALS: join(empty, 'missing-key.json'),
  };
}

type Run = { code: number | null; stdout: string; stderr: string; ms: number };

function runScript(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), [join(ROOT, script), ...args], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_DEADLINE_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

describe('the owner’s tools on a real project without Google credentials', () => {
  it.each([
    ['npm run export', 'scripts/export-enquiries.ts', ['--collection', ENQUIRY_COLLECTION]],
    ['npm run sales', 'scripts/sales.ts', ['grant', 'someone@example.com']],
    ['npm run privacy', 'scripts/privacy.ts', ['find', '--email', 'someone@example.com']],
    ['npm run backup', 'scripts/backup.ts', ['--out', join(tmpdir(), 'sme-backup-without-credentials')]],
  ])(
    '%s says to sign in with gcloud and exits 1, without Google’s own error',
    async (_, script, args) => {
      const env = withoutCredentials();
      const run = await runScript(script, [...args, '--project', PROJECT], env);

      expect(run.ms, `it was still running after ${RUN_DEADLINE_MS / 1000} s`).toBeLessThan(RUN_DEADLINE_MS);
      expect(run.stderr).toContain(`✖ ${noCredentialsAdvice(PROJECT, env)}`);
      expect(run.code).toBe(1);
      expect(`${run.stdout}${run.stderr}`).not.toMatch(/ENOENT|does not exist, or it is not a file|OAuth2/);
    },
    RUN_DEADLINE_MS + 10_000,
  );
});
