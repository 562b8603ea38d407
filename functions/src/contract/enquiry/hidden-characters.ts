/**
 * Characters that show nothing: the one definition, for the contract's checks, the forms, the
 * sales email, the WhatsApp alert and firestore.rules (which spells the same sets out as code point
 * ranges; hidden-characters.test.ts generates them from here, so the two cannot drift).
 *
 * Hidden is Unicode's Default_Ignorable_Code_Point (bidi controls, zero-width and format
 * characters, the soft hyphen, variation selectors, tag characters, the Hangul fillers that
 * Unicode files as letters but that draw as blanks ...), plus the braille blank (U+2800) and the
 * interlinear annotation marks (U+FFF9–U+FFFB), which draw as nothing too. Text made of them, or
 * hiding them, reads differently from what a person sees: "TNUOCCA 0987" turned around, "Ravi"
 * followed by an invisible "IGNORE ALL" in tag characters or variation selectors, a name of blanks.
 *
 * One exception, which names need: a single joiner where a script or an emoji uses it,
 * - a zero-width joiner or non-joiner between two characters of a script that is shaped with
 *   them (the Indic scripts, Sinhala, Arabic and Persian, Syriac, Myanmar, Khmer, Mongolian): the
 *   half form in लक्‍ष्मी, the Persian name علی‌رضا;
 * - a zero-width joiner inside an emoji sequence, after an emoji (or its presentation selector)
 *   and before another: 👩🏽‍💼, 🏳️‍🌈;
 * - one emoji presentation selector (U+FE0F) after an emoji or a keycap's character: ❤️, 1️⃣.
 * A run of them, or one at a word's edge or beside a Latin letter, is hidden: a joiner that counts
 * stands alone between two visible characters, so none can carry text.
 *
 * Part of the contract: no imports. No lookbehind either (older phones' browsers lack it).
 */

/** First and last code point of a range, both included. */
type CodePointRange = readonly [number, number];

/** Hidden wherever it stands, unless it is one of the joiners below where it joins. */
const HIDDEN_CHARACTER = /[\p{Default_Ignorable_Code_Point}\u2800\ufff9-\ufffb]/u;

const ZERO_WIDTH_NON_JOINER = '\u200c';
const ZERO_WIDTH_JOINER = '\u200d';
const EMOJI_PRESENTATION = '\ufe0f';

/**
 * Scripts shaped with joiners, by block, without the hidden characters some blocks hold (the
 * Arabic letter mark, Khmer's inherent vowels, Mongolian's selectors, the byte order mark).
 */
const JOINING_SCRIPT_RANGES: readonly CodePointRange[] = [
  [0x0600, 0x061b], // Arabic
  [0x061d, 0x074f], // Arabic, Syriac
  [0x0750, 0x077f], // Arabic Supplement
  [0x0860, 0x08ff], // Syriac Supplement, Arabic Extended-B and -A
  [0x0900, 0x0dff], // Devanagari, Bengali, Gurmukhi, Gujarati, Oriya, Tamil, Telugu, Kannada, Malayalam, Sinhala
  [0x1000, 0x109f], // Myanmar
  [0x1780, 0x17b3], // Khmer
  [0x17b6, 0x17ff],
  [0x1800, 0x180a], // Mongolian
  [0x1810, 0x18af],
  [0x1cd0, 0x1cff], // Vedic Extensions
  [0xa8e0, 0xa8ff], // Devanagari Extended
  [0xa9e0, 0xa9ff], // Myanmar Extended-B
  [0xaa60, 0xaa7f], // Myanmar Extended-A
  [0xfb50, 0xfdff], // Arabic Presentation Forms-A
  [0xfe70, 0xfefe], // Arabic Presentation Forms-B
];

/**
 * Emoji, by block: every Extended_Pictographic character (the test checks it) and the skin-tone
 * modifiers, with the symbols around them (visible, so a joiner beside one hides nothing).
 */
const EMOJI_RANGES: readonly CodePointRange[] = [
  [0x00a9, 0x00a9],
  [0x00ae, 0x00ae],
  [0x203c, 0x203c],
  [0x2049, 0x2049],
  [0x2122, 0x2122],
  [0x2139, 0x2139],
  [0x2194, 0x21aa],
  [0x231a, 0x23fa],
  [0x24c2, 0x24c2],
  [0x25aa, 0x27bf],
  [0x2934, 0x2935],
  [0x2b05, 0x2b55],
  [0x3030, 0x3030],
  [0x303d, 0x303d],
  [0x3297, 0x3297],
  [0x3299, 0x3299],
  [0x1f000, 0x1fffd],
];

function characterClass(ranges: readonly CodePointRange[]): RegExp {
  const escaped = (codePoint: number) => `\\u{${codePoint.toString(16)}}`;
  const body = ranges.map(([from, to]) => (from === to ? escaped(from) : `${escaped(from)}-${escaped(to)}`));
  return new RegExp(`^[${body.join('')}]$`, 'u');
}

const JOINING_SCRIPT = characterClass(JOINING_SCRIPT_RANGES);
const EMOJI = characterClass(EMOJI_RANGES);
/** What an emoji presentation selector may follow besides an emoji: a keycap's character (1️⃣). */
const KEYCAP_BASE = /^[#*0-9]$/;

/** One code point as the rules' sets see it (for hidden-characters.test.ts, which writes them out). */
export const CHARACTER_SETS = {
  hidden: (character: string) => HIDDEN_CHARACTER.test(character),
  joiningScript: (character: string) => JOINING_SCRIPT.test(character),
  emoji: (character: string) => EMOJI.test(character),
} as const;

/** Whether the hidden character at `index` is a joiner where a script or an emoji uses it. */
function joins(points: readonly string[], index: number): boolean {
  const point = points[index];
  const before = points[index - 1] ?? '';
  const after = points[index + 1] ?? '';
  if (point === EMOJI_PRESENTATION) return EMOJI.test(before) || KEYCAP_BASE.test(before);
  if (point === ZERO_WIDTH_NON_JOINER) return JOINING_SCRIPT.test(before) && JOINING_SCRIPT.test(after);
  if (point !== ZERO_WIDTH_JOINER) return false;
  const joinsBefore =
    JOINING_SCRIPT.test(before) ||
    EMOJI.test(before) ||
    (before === EMOJI_PRESENTATION && joins(points, index - 1));
  return joinsBefore && (JOINING_SCRIPT.test(after) || EMOJI.test(after));
}

/** Whether the text holds a character that shows nothing (a joiner that joins does not count). */
export function hasHiddenCharacters(value: string): boolean {
  if (!HIDDEN_CHARACTER.test(value)) return false;
  const points = [...value];
  return points.some((point, index) => HIDDEN_CHARACTER.test(point) && !joins(points, index));
}

/**
 * Malayalam's chillu letters as input methods before Unicode 5.1 write them: consonant, virama,
 * zero-width joiner (`അവന്‍`). Today's write the atomic letters U+0D7A–U+0D7F (`അവൻ`), which look
 * the same; the older spelling's joiner ends a word, where a joiner is hidden, so dropped alone it
 * would leave a visible virama (`അവന്`).
 */
const LEGACY_CHILLU = /([\u0d15\u0d23\u0d28\u0d30\u0d32\u0d33])\u0d4d\u200d/gu;
const ATOMIC_CHILLU: Readonly<Record<string, string>> = {
  '\u0d23': '\u0d7a', // ണ്‍ → ൺ
  '\u0d28': '\u0d7b', // ന്‍ → ൻ
  '\u0d30': '\u0d7c', // ര്‍ → ർ
  '\u0d32': '\u0d7d', // ല്‍ → ൽ
  '\u0d33': '\u0d7e', // ള്‍ → ൾ
  '\u0d15': '\u0d7f', // ക്‍ → ൿ
};

/** The text with each legacy chillu sequence written as the atomic letter it spells. */
export function withAtomicChillu(value: string): string {
  return value.replace(LEGACY_CHILLU, (sequence, consonant: string) => ATOMIC_CHILLU[consonant] ?? sequence);
}

/**
 * The text without its hidden characters, the joiners that join kept, and a legacy chillu written
 * as its atomic letter: nothing a person could see is lost, and what is left passes
 * hasHiddenCharacters (each joiner kept has the same visible neighbours as before). Removing a
 * hidden character can bring a chillu's parts together (ന, a soft hyphen, ്, a joiner), so the two
 * steps repeat until neither changes anything; each change shortens the text, so this ends.
 */
export function withoutHiddenCharacters(value: string): string {
  if (!HIDDEN_CHARACTER.test(value)) return value;
  let current = value;
  for (;;) {
    const points = [...withAtomicChillu(current)];
    const next = points
      .filter((point, index) => !HIDDEN_CHARACTER.test(point) || joins(points, index))
      .join('');
    if (next === current) return next;
    current = next;
  }
}
