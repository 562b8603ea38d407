/**
 * `npm run privacy` given an identifier no address can be: one plain line and a usage exit code,
 * before it asks Firestore anything (so no emulator is needed here). How long the refusal takes is
 * measured apart, by scripts/bench-privacy-identifiers.ts.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT, RUN_TS } from './lib/project';

/** Starting the CLI on a busy 2-core machine takes a few seconds. */
const CLI_TIMEOUT_MS = 60_000;

function privacyCli(...args: string[]) {
  const [node = process.execPath, ...flags] = RUN_TS;
  return spawnSync(node, [...flags, 'scripts/privacy.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: CLI_TIMEOUT_MS,
    env: { ...process.env, FIRESTORE_EMULATOR_HOST: '127.0.0.1:9' },
  });
}

describe('npm run privacy with a crafted identifier', () => {
  it.each([
    ['100,012 characters', `${'a'.repeat(100_000)}@example.com`],
    ['16,004 characters of dotted labels', `a@${'b.'.repeat(8_000)} x`],
  ])('refuses one of %s in one plain line, and exits 2', { timeout: CLI_TIMEOUT_MS }, (_what, email) => {
    const run = privacyCli('find', '--email', email);
    expect(run.status, run.stderr).toBe(2);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^✖ .*longer than any email address \(254 characters\)/);
    expect(lines[0]?.length).toBeLessThan(200);
  });
});
