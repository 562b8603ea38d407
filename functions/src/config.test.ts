import { readFileSync } from 'node:fs';
import { declaredParams } from 'firebase-functions/params';
import { describe, expect, it } from 'vitest';
import { DEPRECATED_APP_CHECK_PARAM, inboxAppCheckRequirement } from './config';
import { parseDotenv } from './dotenv';

/** The names a dotenv file gives a value to. */
function namesIn(file: string): string[] {
  return Object.keys(parseDotenv(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8')));
}

describe('the emulator settings', () => {
  // The functions emulator prompts on the terminal for any param without a value, and waits for
  // ever where nobody can answer (CI, npm test): every param needs a line in a .local file.
  it('give every declared param and secret a value, so the functions emulator never prompts', () => {
    const given = new Set([...namesIn('.env.local'), ...namesIn('.secret.local')]);
    const declared = declaredParams.map((param) => param.name);
    expect(declared.length).toBeGreaterThan(10);
    expect(declared.filter((name) => !given.has(name))).toEqual([]);
  });
});

describe("the inbox calls' App Check switch and its former name", () => {
  const NEW = 'INBOX_CALLS_REQUIRE_APP_CHECK';
  /** The gate read twice (as two calls would), and what it warned. */
  function gate(values: Record<string, string>) {
    const warnings: { message: string; fields: Record<string, unknown> }[] = [];
    const required = inboxAppCheckRequirement(values, {
      warn: (message, fields) => warnings.push({ message, fields }),
    });
    return { first: required(), second: required(), warnings };
  }

  it('is declared under the name that says what it gates, and not under the old one', () => {
    const names = declaredParams.map((param) => param.name);
    expect(names).toContain(NEW);
    expect(names).not.toContain(DEPRECATED_APP_CHECK_PARAM);
    expect(DEPRECATED_APP_CHECK_PARAM).toBe('RESEND_REQUIRES_APP_CHECK');
  });

  it('requires App Check when neither name is set, without a warning', () => {
    expect(gate({})).toEqual({ first: true, second: true, warnings: [] });
  });

  it.each([
    ['false', false],
    ['true', true],
  ])('obeys the new name alone (%s), without a warning', (value, required) => {
    expect(gate({ [NEW]: value })).toEqual({ first: required, second: required, warnings: [] });
  });

  it.each([
    ['false', false],
    ['true', true],
  ])(
    'obeys the old name where only it is set (%s), warning once that names the new one',
    (value, required) => {
      const { first, second, warnings } = gate({ [DEPRECATED_APP_CHECK_PARAM]: value });
      expect([first, second]).toEqual([required, required]);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]?.message).toBe(`RESEND_REQUIRES_APP_CHECK is deprecated: set ${NEW} instead`);
    },
  );

  it('takes an empty value for unset, as the other params do', () => {
    expect(gate({ [NEW]: '', [DEPRECATED_APP_CHECK_PARAM]: 'false' }).first).toBe(false);
  });

  it.each([
    ['false', 'true'],
    ['true', 'false'],
  ])(
    'requires App Check where the new name says %s and the old one %s, warning once about both',
    (current, former) => {
      const { first, second, warnings } = gate({ [NEW]: current, [DEPRECATED_APP_CHECK_PARAM]: former });
      expect([first, second]).toEqual([true, true]);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]?.message).toContain('disagree: App Check is required');
      expect(warnings[0]?.fields).toEqual({ [NEW]: current, [DEPRECATED_APP_CHECK_PARAM]: former });
    },
  );

  it('follows both names where they agree, warning once that the old one can go', () => {
    const { first, warnings } = gate({ [NEW]: 'false', [DEPRECATED_APP_CHECK_PARAM]: 'false' });
    expect(first).toBe(false);
    expect(warnings.map((warning) => warning.message)).toEqual([
      `RESEND_REQUIRES_APP_CHECK is deprecated: delete it, ${NEW} is set`,
    ]);
  });
});
