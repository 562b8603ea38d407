import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHARACTER_SETS,
  hasHiddenCharacters,
  withAtomicChillu,
  withoutHiddenCharacters,
} from './hidden-characters';

const RULES = readFileSync(new URL('../../../../firestore.rules', import.meta.url), 'utf8');
const LAST_CODE_POINT = 0x10ffff;
const isSurrogate = (codePoint: number) => codePoint >= 0xd800 && codePoint <= 0xdfff;

/** Every code point, as a one-character string (the surrogates, which no text holds alone, left out). */
function* everyCharacter(): Generator<string> {
  for (let codePoint = 0; codePoint <= LAST_CODE_POINT; codePoint += 1)
    if (!isSurrogate(codePoint)) yield String.fromCodePoint(codePoint);
}

/**
 * The code points a set takes, as an RE2 character class body written inside a rules string
 * literal (`\\x{AD}\\x{115F}-\\x{1160}...`): what firestore.rules must say for that set.
 */
function rulesClassBody(takes: (character: string) => boolean): string {
  const hex = (codePoint: number) => `\\\\x{${codePoint.toString(16).toUpperCase()}}`;
  const parts: string[] = [];
  let start = -1;
  for (let codePoint = 0; codePoint <= LAST_CODE_POINT + 1; codePoint += 1) {
    const taken =
      codePoint <= LAST_CODE_POINT && !isSurrogate(codePoint) && takes(String.fromCodePoint(codePoint));
    if (taken && start < 0) start = codePoint;
    if (!taken && start >= 0) {
      const end = codePoint - 1;
      parts.push(start === end ? hex(start) : `${hex(start)}-${hex(end)}`);
      start = -1;
    }
  }
  return parts.join('');
}

/** What firestore.rules binds to `name` in hasNoHiddenCharacters. */
function rulesBinding(name: string): string | undefined {
  return new RegExp(`let ${name} = '([^']*)';`).exec(RULES)?.[1];
}

describe('hidden characters in firestore.rules', () => {
  it.each([
    ['hidden', CHARACTER_SETS.hidden],
    ['script', CHARACTER_SETS.joiningScript],
    ['emoji', CHARACTER_SETS.emoji],
  ] as const)('spell out the contract\'s "%s" set, code point by code point', (name, takes) => {
    // On a failure, paste the expected text into firestore.rules (a new Unicode version can add to a set).
    expect(rulesBinding(name), `let ${name} in firestore.rules`).toBe(rulesClassBody(takes));
  });
});

describe('the sets behind the hidden characters', () => {
  const ignorable = /^\p{Default_Ignorable_Code_Point}$/u;

  it('count every default-ignorable code point as hidden, and the characters that draw as blanks', () => {
    for (const character of everyCharacter())
      if (ignorable.test(character)) expect(CHARACTER_SETS.hidden(character)).toBe(true);
    for (const blank of ['\u115f', '\u1160', '\u3164', '\uffa0', '\u2800', '\ufff9', '\ufffb'])
      expect(CHARACTER_SETS.hidden(blank)).toBe(true);
    expect(CHARACTER_SETS.hidden('a')).toBe(false);
  });

  it('put every emoji and skin tone beside which a joiner counts in the emoji set, and nothing hidden in either set', () => {
    const problems: string[] = [];
    const hex = (character: string) => `U+${character.codePointAt(0)?.toString(16).toUpperCase()}`;
    for (const character of everyCharacter()) {
      const { hidden, joiningScript, emoji } = CHARACTER_SETS;
      if (/^[\p{Extended_Pictographic}\p{Emoji_Modifier}]$/u.test(character) && !emoji(character))
        problems.push(`${hex(character)} is an emoji outside the set`);
      if ((joiningScript(character) || emoji(character)) && hidden(character))
        problems.push(`${hex(character)} is hidden, yet a joiner beside it would count`);
      if (joiningScript(character) && emoji(character)) problems.push(`${hex(character)} is in both sets`);
    }
    expect(problems).toEqual([]);
  });

  it('cover every letter and mark of the scripts shaped with joiners', () => {
    const scripts = ['Arabic', 'Syriac', 'Devanagari', 'Bengali', 'Gurmukhi', 'Gujarati', 'Oriya', 'Tamil'];
    scripts.push('Telugu', 'Kannada', 'Malayalam', 'Sinhala', 'Myanmar', 'Khmer', 'Mongolian');
    const missing: string[] = [];
    for (const script of scripts) {
      const inScript = new RegExp(`^(?=[\\p{L}\\p{M}])\\p{Script=${script}}$`, 'u');
      for (let codePoint = 0; codePoint <= 0xffff; codePoint += 1) {
        const character = String.fromCodePoint(codePoint);
        if (isSurrogate(codePoint) || !inScript.test(character) || CHARACTER_SETS.hidden(character)) continue;
        if (!CHARACTER_SETS.joiningScript(character)) missing.push(`${script} U+${codePoint.toString(16)}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('removing hidden characters', () => {
  /** Text built from what matters here: letters of joining scripts, Latin, emoji, joiners, hidden ones. */
  const text = fc
    .array(
      fc.constantFrom(
        'क',
        '\u094d',
        'ष',
        'ی',
        'ر',
        'ന',
        'ല',
        '\u0d4d',
        'a',
        ' ',
        '1',
        '❤',
        '👩',
        '\u{1f3fd}',
        '💼',
        '\u200c',
        '\u200d',
        '\ufe0f',
        '\ufe0e',
        '\u200b',
        '\u00ad',
        '\u2800',
        '\u{e0100}',
        '\u{e0041}',
      ),
      { maxLength: 24 },
    )
    .map((parts) => parts.join(''));

  it('leaves text that passes, and keeps every joiner that joins', () => {
    fc.assert(
      fc.property(text, (value) => {
        const cleaned = withoutHiddenCharacters(value);
        expect(hasHiddenCharacters(cleaned)).toBe(false);
        expect(withoutHiddenCharacters(cleaned)).toBe(cleaned);
        if (!hasHiddenCharacters(value)) expect(cleaned).toBe(withAtomicChillu(value));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('a Malayalam chillu in the older spelling', () => {
  it.each([
    ['ണ്\u200d', 'ൺ'],
    ['ന്\u200d', 'ൻ'],
    ['ര്\u200d', 'ർ'],
    ['ല്\u200d', 'ൽ'],
    ['ള്\u200d', 'ൾ'],
    ['ക്\u200d', 'ൿ'],
  ])('%s becomes the atomic letter %s', (legacy, atomic) => {
    expect(withoutHiddenCharacters(`അ${legacy}`)).toBe(`അ${atomic}`);
    expect(withoutHiddenCharacters(`അ${legacy} കുമാർ`)).toBe(`അ${atomic} കുമാർ`);
  });

  it('is written as the atomic letter also when a hidden character stood between its parts', () => {
    // A soft hyphen inside ന്‍: once it is gone the parts meet, and cleaning again changes nothing.
    const cleaned = withoutHiddenCharacters('\u0d28\u00ad\u0d4d\u200d\u0915');
    expect(cleaned).toBe('\u0d7b\u0915');
    expect(withoutHiddenCharacters(cleaned)).toBe(cleaned);
  });

  it('keeps the name a person sees: അവന്‍ is stored as അവൻ, not with a visible virama', () => {
    const typed = '\u0d05\u0d35\u0d28\u0d4d\u200d';
    expect(withoutHiddenCharacters(typed)).toBe('\u0d05\u0d35\u0d7b');
    expect(withoutHiddenCharacters('അനില്‍ കുമാര്‍, എന്‍റെ')).toBe('അനിൽ കുമാർ, എൻറെ');
    expect(hasHiddenCharacters(withoutHiddenCharacters(typed))).toBe(false);
  });

  it('leaves a virama without a joiner, and a joiner after another consonant, as they were', () => {
    expect(withAtomicChillu('അവന്')).toBe('അവന്');
    expect(withAtomicChillu('മ്\u200d')).toBe('മ്\u200d');
    expect(withAtomicChillu('लक्\u200dष्मी')).toBe('लक्\u200dष्मी');
  });
});
