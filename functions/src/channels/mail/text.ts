/**
 * Visitor text made safe for an email. Everything a visitor typed (and the document ID, which a
 * client may choose) is untrusted:
 * - HTML part: escaped, hidden characters removed;
 * - plain-text part: a visitor's value never starts a line of its own (one-line values are
 *   flattened onto their label's line, the message is indented under its label), so nothing
 *   typed can pass for the template's own `Call:` or `Bcc:` lines;
 * - headers: one line, hidden characters removed (bidi controls reverse a subject; zero-width and
 *   tag characters hide text), MIME encoded-word openers (`=?`) broken so a name cannot decode
 *   into a forged display name, every line well under SMTP's 998 characters;
 * - links: built only from values the contract accepts (contract/enquiry/contact-links.ts).
 */
import type { StoredEnquiry } from '../../contract/enquiry/stored-enquiry';
import { checkField, ENQUIRY_FIELDS } from '../../contract/enquiry/enquiry';
import { oneLineText } from '../../contract/enquiry/visitor-text';
import { fieldText } from '../../contract/enquiry/stored-enquiry';
import { percentEncode } from '../../contract/enquiry/contact-links';

/** A document ID as the email shows it; Firestore allows 1,500 bytes, far beyond a header line. */
const MAX_ID_TEXT_LENGTH = 120;
/** What a table shows for a value the visitor left empty. */
export const NOT_GIVEN = '—';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text that shows as typed inside HTML elements and quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/**
 * A header value from visitor text: one line, and no `=?`, which a mail client would decode as
 * the start of a MIME encoded-word (`=?UTF-8?B?...?=`) into text the visitor chose.
 */
export function headerText(value: string): string {
  return oneLineText(value).replace(/=\?/g, '= ?');
}

/**
 * What could pass for part of an address or close a quoted name once the name is in NFKC form
 * (which has already made the fullwidth and small `＜ ＞ ＠ ＂ ﹤ ﹥ ﹫` the ASCII ones): `<`, `>`,
 * `@`, double quotes, backslash, and the brackets and quotation marks that look like them (angle
 * quotes ‹ › « », CJK and mathematical angle brackets 〈 〉 《 》 ⟨ ⟩ ⟪ ⟫, ornamental ❬ ❭ ❮ ❯ ❰ ❱ ⧼ ⧽,
 * arrowheads ˂ ˃, Canadian syllabics ᐸ ᐳ, curly double quotes).
 */
const ADDRESS_LOOK_ALIKES =
  /[<>@"\\\u00ab\u00bb\u2039\u203a\u201c-\u201f\u3008-\u300b\u27e8-\u27eb\u276c-\u2771\u29fc\u29fd\u02c2\u02c3\u1433\u1438]/g;

/**
 * A Reply-To display name from the visitor's name: one line, in NFKC form, and nothing that could
 * pass for an address or close the quoted name, so neither `Boss <ceo@ramanhair.in>` nor `Boss
 * ＜ceo＠ramanhair.in＞` can show as the company's own address. Apostrophes stay (D'Souza).
 */
export function displayNameText(value: string): string {
  return headerText(value.normalize('NFKC')).replace(ADDRESS_LOOK_ALIKES, ' ').replace(/ {2,}/g, ' ').trim();
}

export function field(enquiry: StoredEnquiry, name: string): string {
  return fieldText(enquiry.data[name]);
}

/** Whether the contract accepts the text as an address. */
export function isAcceptedAddress(email: string): boolean {
  return checkField(ENQUIRY_FIELDS.email, email) === null;
}

/** The visitor's address when it is one the contract accepts, else null (no Reply-To, no link). */
export function visitorAddress(enquiry: StoredEnquiry): string | null {
  const email = field(enquiry, 'email').trim();
  return isAcceptedAddress(email) ? email : null;
}

/**
 * A document ID as mail shows it: as is when it is plain (Firestore's own auto-IDs are), otherwise
 * percent-encoded and cut, so a chosen ID cannot break a line, a header or a link.
 */
function idText(id: string): string {
  if (/^[A-Za-z0-9_-]{1,120}$/.test(id)) return id;
  const encoded = percentEncode(id);
  if (encoded.length <= MAX_ID_TEXT_LENGTH) return encoded;
  // ASCII only, so the header needs no encoding; never ends inside a %XX escape.
  return `${encoded.slice(0, MAX_ID_TEXT_LENGTH - 3).replace(/%[0-9A-F]?$/, '')}...`;
}

export function enquiryPathText(enquiry: { collection: string; id: string }): string {
  return `${enquiry.collection}/${idText(enquiry.id)}`;
}
