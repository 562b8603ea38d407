/**
 * Visitor text as every channel shows it (the sales email, the WhatsApp alert, the digest): without
 * hidden characters, on one line where one line is asked for, and cut to a length without
 * splitting a character. The contract refuses hidden characters on the way in; a document written
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

/** At most `maxLength` characters, the last of them `…` when it was cut. */
export function cutTo(value: string, maxLength: number): string {
  const characters = [...value];
  return characters.length <= maxLength ? value : `${characters.slice(0, maxLength - 1).join('')}…`;
}
