import { readFileSync } from 'node:fs';
import { declaredParams } from 'firebase-functions/params';
import { describe, expect, it } from 'vitest';
import './config';
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
