/**
 * Visitor text as every channel shows it (the sales email, the WhatsApp alert, the digest): without
 * hidden characters, on one line where one line is asked for, and cut to a length without
 * splitting what a reader sees as one character. The contract refuses hidden characters on the way in; a document written
 * with the Admin SDK, or stored before the contract refused them, may still hold some.
 *
 * Part of the contract: imports only the contract.
 */
import { withoutHiddenCharacters } from './hidden-characters';

/** C0 and C1 controls (CR, LF, NEL among them), DEL, and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- these are the characters it removes
const LINE_BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/gu;

/** Visitor text as a reader should see it: hidden characters removed. */
export function visibleText(value: string): string {
  return withoutHiddenCharacters(value);
}

/** One line of text: breaks and controls become single spaces, hidden characters go, ends trimmed. */
export function oneLineText(value: string): string {
  return visibleText(value).replace(LINE_BREAKING, ' ').replace(/ {2,}/g, ' ').trim();
}

let segmenter: Intl.Segmenter | undefined;

/**
 * What a reader sees as single characters: an emoji sequence with its joiners, a letter with its
 * marks. Code points where a browser has no Intl.Segmenter (Firefox before 125).
 */
function graphemes(value: string): string[] {
  if (typeof Intl.Segmenter !== 'function') return [...value];
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return Array.from(segmenter.segment(value), ({ segment }) => segment);
}

/**
 * At most `maxLength` characters (code points), the last of them `…` when it was cut, and cut only
 * between what a reader sees as whole characters: a ZWJ emoji is kept whole or left out, never
 * shown as `👨‍…`.
 */
export function cutTo(value: string, maxLength: number): string {
  if ([...value].length <= maxLength) return value;
  let kept = '';
  let length = 0;
  for (const grapheme of graphemes(value)) {
    const size = [...grapheme].length;
    if (length + size > maxLength - 1) break;
    kept += grapheme;
    length += size;
  }
  return `${kept}…`;
}
