/**
 * Each name is written once: the contract's base holds the time constants and small helpers every
 * part uses, the web reads the site's content types from the contract, one check serves every
 * owner-only function, the functions' region and the emulators' ports have one source each, and
 * an enquiry's arrival is read through one reader. A second definition would let the copies drift.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CODE_FOLDERS = ['functions/src', 'web/src', 'scripts', 'tests'];
/** Broken on purpose (the lint rules' fixtures), or written by a build. */
const NOT_OURS = /(^|\/)(node_modules|fixtures|generated)\//;
const CONTRACT = 'functions/src/contract';

/** Every TypeScript file of the code bases, repo-relative, with its text. */
const files = CODE_FOLDERS.flatMap((folder) =>
  readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .map((path) =>
      relative(ROOT, join(ROOT, folder, path))
        .split('\\')
        .join('/'),
    )
    .filter((path) => /\.tsx?$/.test(path) && !NOT_OURS.test(path))
    .map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') })),
);

/** The files that define `name` (a const, function or type of that name), each once per definition. */
function definitionsOf(name: string): string[] {
  const definition = new RegExp(`^\\s*(export )?(async )?(const|let|function|type|class) ${name}\\b`, 'gm');
  return files.flatMap(({ path, text }) => (text.match(definition) ?? []).map(() => path));
}

/** A firebase.json emulator port after a host's colon or as a port constant's value. */
const EMULATOR_PORT_BY_HAND = /(:|PORT\w* = |port = ')(4400|5000|5001|8080|9099)\b/i;

const withoutTests = (path: string) => !/\.test\.tsx?$/.test(path);

describe('names written once', () => {
  it.each([
    ['SECOND_MS', `${CONTRACT}/base/time.ts`],
    ['MINUTE_MS', `${CONTRACT}/base/time.ts`],
    ['HOUR_MS', `${CONTRACT}/base/time.ts`],
    ['DAY_MS', `${CONTRACT}/base/time.ts`],
    ['WEEK_MS', `${CONTRACT}/base/time.ts`],
    ['twoDigits', `${CONTRACT}/base/time.ts`],
    ['plural', `${CONTRACT}/base/words.ts`],
    ['isRecord', `${CONTRACT}/base/records.ts`],
    ['ProductFacts', `${CONTRACT}/site/site-content.ts`],
    ['Testimonial', `${CONTRACT}/site/site-content.ts`],
    ['FaqItem', `${CONTRACT}/site/site-content.ts`],
    ['requireOwner', 'functions/src/inbox/caller.ts'],
    ['functionsRegion', 'web/src/lib/firebase-config.ts'],
    ['DEFAULT_FUNCTIONS_REGION', `${CONTRACT}/base/region.ts`],
  ])('%s is defined once, in %s', (name, home) => {
    expect(definitionsOf(name)).toEqual([home]);
  });

  it('names the functions’ default region in the contract alone', () => {
    const naming = files.filter(({ text }) => text.includes("'asia-south1'")).map(({ path }) => path);
    expect(naming.filter(withoutTests)).toEqual([`${CONTRACT}/base/region.ts`]);
  });

  it('writes no emulator port by hand in the web code: firebase.json gives them', () => {
    const byHand = files
      .filter(({ path }) => path.startsWith('web/src/') && withoutTests(path))
      .filter(({ text }) => EMULATOR_PORT_BY_HAND.test(text))
      .map(({ path }) => path);
    expect(byHand).toEqual([]);
  });

  it('reads an enquiry’s arrival (`createdAt`) through the stored enquiry’s reader alone', () => {
    const direct = files
      .filter(({ path }) => path.startsWith('functions/src/') || path.startsWith('web/src/'))
      .filter(({ path }) => withoutTests(path))
      .filter(({ text }) => /\b(data|current)\??\.createdAt\b|\[['"]createdAt['"]\]/.test(text))
      .map(({ path }) => path);
    expect(direct).toEqual([]);
  });

  it('keeps the contract in subject folders, none of its modules at its root', () => {
    const root = readdirSync(join(ROOT, CONTRACT), { withFileTypes: true });
    expect(root.filter((entry) => entry.isFile()).map((entry) => entry.name)).toEqual(['tsconfig.json']);
    expect(
      root
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort(),
    ).toEqual(['base', 'delivery', 'enquiry', 'inbox', 'site']);
  });
});
