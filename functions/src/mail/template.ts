/**
 * The emails about an enquiry: the sales team's notification (every field, one-click reply, call
 * and WhatsApp) and the optional short acknowledgement to the visitor.
 *
 * Everything a visitor typed (and the document ID, which a client may choose) is untrusted:
 * - HTML part: escaped;
 * - plain-text part: a visitor's value never starts a line of its own. One-line values are
 *   flattened onto their label's line, the message is indented under its label, so nothing
 *   typed can pass for the template's own `Call:` or `Bcc:` lines;
 * - headers: one line, hidden characters removed (bidi controls reverse a subject; zero-width and
 *   tag characters hide text), MIME encoded-word openers
 *   (`=?`) broken so a name cannot decode into a forged display name, every line well under
 *   SMTP's 998 characters, and the Message-ID made of safe characters only;
 * - links: built only from values the contract accepts, `mailto:` addresses percent-encoded.
 */
import { createHash } from 'node:crypto';
import {
  ENQUIRY_COLLECTION,
  ENQUIRY_FIELDS,
  FIELDS_BY_COLLECTION,
  FORM_PAGES,
  PHONE_PATTERN,
  checkField,
  withoutHiddenCharacters,
  type EnquiryCollection,
} from '../contract/enquiry';
import {
  BUYER_SIGN_TEXT,
  BUYER_SIGNS,
  signCount,
  type BuyerSigns,
  type DigestCandidate,
} from '../buyer-signals';
import { fieldText, HELD_REASON_TEXT } from '../contract/enquiry-columns';
import { csvFile } from '../csv';
import type { HeldReason } from '../delivery-state';
import { formatIndiaDateTime } from '../india-time';

export type MailSettings = {
  salesRecipients: string[];
  /** The sender, e.g. `SME Hair website <enquiries@example.com>`. */
  from: string;
  /** Whether the visitor also gets a short acknowledgement. */
  acknowledgeVisitor: boolean;
};

/** One stored enquiry, as the mail is written from it. */
export type Enquiry = {
  collection: EnquiryCollection;
  id: string;
  /** The document's data; values are shown as text whatever their type. */
  data: Record<string, unknown>;
  /** The server time of the write (`createdAt`), when the document has one. */
  receivedAt: Date | null;
};

export type MailAttachment = { filename: string; content: string; contentType: string };

export type OutgoingMail = {
  from: string;
  to: string[];
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  /** Stable per enquiry, so a mailbox can recognise a repeat of the same notification. */
  messageId: string;
  headers: Record<string, string>;
  attachments?: MailAttachment[];
};

/** Country code for the call and WhatsApp links: the contract stores ten-digit Indian numbers. */
const INDIA_DIALLING_CODE = '91';
/** Long enough for any subject the contract allows; cuts off what an Admin-written document might hold. */
const MAX_SUBJECT_LENGTH = 250;
/** A display name in Reply-To: the contract's name limit. */
const MAX_DISPLAY_NAME_LENGTH = ENQUIRY_FIELDS.name.maxLength;
/** A document ID as the email shows it; Firestore allows 1,500 bytes, far beyond a header line. */
const MAX_ID_TEXT_LENGTH = 120;
/** SMTP's limit for one line of a message (RFC 5322), headers included. */
export const MAX_HEADER_LINE_LENGTH = 998;
const NOT_GIVEN = '—';

/** Which header tells an operator the mail is about which document. */
export const ENQUIRY_ID_HEADER = 'X-Enquiry-Id';

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

/** C0 and C1 controls (CR, LF, NEL among them), DEL, and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- these are the characters it removes
const LINE_BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/gu;

/**
 * Visitor text as a reader should see it: the contract refuses hidden characters (bidi controls,
 * zero-width characters, tag characters, Hangul fillers), but a document written with the Admin
 * SDK, or stored before the contract refused them, may still hold some; none reaches an email.
 */
export function visibleText(value: string): string {
  return withoutHiddenCharacters(value);
}

/** One line of text: breaks and controls become single spaces, hidden characters go, ends trimmed. */
export function oneLineText(value: string): string {
  return visibleText(value).replace(LINE_BREAKING, ' ').replace(/ {2,}/g, ' ').trim();
}

/**
 * A header value from visitor text: one line, and no `=?`, which a mail client would decode as
 * the start of a MIME encoded-word (`=?UTF-8?B?...?=`) into text the visitor chose.
 */
export function headerText(value: string): string {
  return oneLineText(value).replace(/=\?/g, '= ?');
}

/**
 * A Reply-To display name from the visitor's name: one line, and nothing that could pass for an
 * address or close the quoted name (`<`, `>`, `@`, double quotes, backslash), so `Boss
 * <ceo@ramanhair.in>` cannot show as the company's own address. Apostrophes stay (D'Souza).
 */
export function displayNameText(value: string): string {
  return headerText(value)
    .replace(/[<>@"\u201c\u201d\u201e\u201f\u00ab\u00bb\\]/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

export { fieldText, HELD_REASON_TEXT };

function field(enquiry: Enquiry, name: string): string {
  return fieldText(enquiry.data[name]);
}

function cutTo(value: string, maxLength: number): string {
  const characters = [...value];
  return characters.length <= maxLength ? value : `${characters.slice(0, maxLength - 1).join('')}…`;
}

/** `New enquiry: Priya Raman, Chennai (bulk)` or `New popup enquiry: Priya Raman (I am a Salon Retailer)`. */
export function salesSubject(enquiry: Enquiry): string {
  const name = headerText(field(enquiry, 'name')) || 'no name given';
  if (enquiry.collection === ENQUIRY_COLLECTION) {
    const city = headerText(field(enquiry, 'city')) || 'no city given';
    const orderType = headerText(field(enquiry, 'ordertype')).toLowerCase() || 'no order type';
    return cutTo(`New enquiry: ${name}, ${city} (${orderType})`, MAX_SUBJECT_LENGTH);
  }
  const business = headerText(field(enquiry, 'business')) || 'no business given';
  return cutTo(`New popup enquiry: ${name} (${business})`, MAX_SUBJECT_LENGTH);
}

/** Where on the site the enquiry was sent from, in the sales team's words. */
export function formDescription(enquiry: Enquiry): string {
  if (enquiry.collection !== ENQUIRY_COLLECTION) return 'Popup enquiry form';
  const formpage = field(enquiry, 'formpage');
  if (formpage === FORM_PAGES.home) return 'Full enquiry form (Homepage)';
  if (formpage === FORM_PAGES.enquiry) return 'Full enquiry form (Enquirypage)';
  if (formpage === '') return 'Full enquiry form';
  return `Full enquiry form (${formpage})`;
}

/** Whether the contract accepts the text as an address. */
export function isAcceptedAddress(email: string): boolean {
  return checkField(ENQUIRY_FIELDS.email, email) === null;
}

/** The visitor's address when it is one the contract accepts, else null (no Reply-To, no link). */
export function visitorAddress(enquiry: Enquiry): string | null {
  const email = field(enquiry, 'email').trim();
  return isAcceptedAddress(email) ? email : null;
}

/** Percent-encodes everything but unreserved characters (RFC 3986), so `+` and `'` survive a mail client. */
function percentEncode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** A `mailto:` link (RFC 6068): local part and domain percent-encoded, the @ between them kept. */
export function mailtoHref(address: string, subject?: string): string {
  const at = address.lastIndexOf('@');
  const encoded = `${percentEncode(address.slice(0, at))}@${percentEncode(address.slice(at + 1))}`;
  return subject === undefined ? `mailto:${encoded}` : `mailto:${encoded}?subject=${percentEncode(subject)}`;
}

/**
 * A document ID as mail shows it: as is when it is plain (Firestore's own auto-IDs are), otherwise
 * percent-encoded and cut, so a chosen ID cannot break a line, a header or a link.
 */
export function idText(id: string): string {
  if (/^[A-Za-z0-9_-]{1,120}$/.test(id)) return id;
  const encoded = percentEncode(id);
  if (encoded.length <= MAX_ID_TEXT_LENGTH) return encoded;
  // ASCII only, so the header needs no encoding; never ends inside a %XX escape.
  return `${encoded.slice(0, MAX_ID_TEXT_LENGTH - 3).replace(/%[0-9A-F]?$/, '')}...`;
}

export function enquiryPathText(enquiry: { collection: string; id: string }): string {
  return `${enquiry.collection}/${idText(enquiry.id)}`;
}

type PhoneLinks = { display: string; tel: string; whatsapp: string };

export function phoneLinks(phone: string): PhoneLinks | null {
  if (!PHONE_PATTERN.test(phone)) return null;
  return {
    display: `+${INDIA_DIALLING_CODE} ${phone.slice(0, 5)} ${phone.slice(5)}`,
    tel: `tel:+${INDIA_DIALLING_CODE}${phone}`,
    whatsapp: `https://wa.me/${INDIA_DIALLING_CODE}${phone}`,
  };
}

type Row = { label: string; value: string; kind: 'text' | 'multiline' | 'phone' | 'email' };

/** The table: the form, every contract field in contract order, and when the server stored it. */
export function enquiryRows(enquiry: Enquiry): Row[] {
  const rows: Row[] = [{ label: 'Form', value: formDescription(enquiry), kind: 'text' }];
  for (const [name, rule] of Object.entries(FIELDS_BY_COLLECTION[enquiry.collection])) {
    if (name === 'formpage') continue;
    const kind =
      name === 'phone' ? 'phone' : name === 'email' ? 'email' : name === 'message' ? 'multiline' : 'text';
    rows.push({ label: rule.label, value: field(enquiry, name), kind });
  }
  rows.push({
    label: 'Received',
    value: enquiry.receivedAt ? formatIndiaDateTime(enquiry.receivedAt) : 'unknown',
    kind: 'text',
  });
  return rows;
}

function messageIdDomain(from: string): string {
  const match = /@([A-Za-z0-9.-]{1,253})>?\s*$/.exec(from.trim());
  return match?.[1] ?? 'localhost';
}

/**
 * `<enquiry.SME-enquiry-form.<id>@domain>`: stable per enquiry and made of safe characters only.
 * An ID that is not plain is replaced by its hash, so two unusual IDs can never share one.
 */
function messageIdFor(prefix: string, enquiry: { collection: string; id: string }, from: string): string {
  const id = /^[A-Za-z0-9_-]{1,100}$/.test(enquiry.id)
    ? enquiry.id
    : `h${createHash('sha256').update(enquiry.id).digest('hex').slice(0, 32)}`;
  return `<${prefix}.${enquiry.collection}.${id}@${messageIdDomain(from)}>`;
}

function htmlCell(row: Row): string {
  if (row.value === '') return NOT_GIVEN;
  const text = escapeHtml(visibleText(row.value));
  if (row.kind === 'phone') {
    const links = phoneLinks(row.value);
    if (!links) return text;
    return (
      `<a href="${escapeHtml(links.tel)}">${escapeHtml(links.display)}</a>` +
      ` · <a href="${escapeHtml(links.whatsapp)}">WhatsApp</a>`
    );
  }
  if (row.kind === 'email' && isAcceptedAddress(row.value)) {
    return `<a href="${escapeHtml(mailtoHref(row.value))}">${text}</a>`;
  }
  if (row.kind === 'multiline') return `<div style="white-space:pre-wrap">${text}</div>`;
  return text;
}

function actionButtons(enquiry: Enquiry, subject: string): string {
  const button = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}" style="display:inline-block;margin:0 8px 8px 0;padding:10px 16px;` +
    `background:#7a4b2a;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:600">${label}</a>`;
  const buttons: string[] = [];
  const email = visitorAddress(enquiry);
  if (email) buttons.push(button(mailtoHref(email, `Re: ${subject}`), 'Reply by email'));
  const links = phoneLinks(field(enquiry, 'phone'));
  if (links) {
    buttons.push(button(links.tel, `Call ${escapeHtml(links.display)}`));
    buttons.push(button(links.whatsapp, 'WhatsApp'));
  }
  return buttons.length ? `<p>${buttons.join('')}</p>` : '';
}

function salesHtml(enquiry: Enquiry, subject: string, rows: Row[]): string {
  const tableRows = rows
    .map(
      (row) =>
        `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:6px 12px 6px 0;color:#555">` +
        `${escapeHtml(row.label)}</th><td style="padding:6px 0">${htmlCell(row)}</td></tr>`,
    )
    .join('\n');
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><title>' + escapeHtml(subject) + '</title></head>',
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#222;line-height:1.45">',
    `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(subject)}</h1>`,
    actionButtons(enquiry, subject),
    '<table role="presentation" style="border-collapse:collapse">',
    tableRows,
    '</table>',
    '<p style="color:#777;font-size:13px">Replying to this email writes to the visitor. ' +
      `The enquiry is stored in Firestore as ${escapeHtml(enquiryPathText(enquiry))}.</p>`,
    '</body></html>',
  ].join('\n');
}

/** Every line break a mail client might honour, so each line of the message gets its indent. */
// eslint-disable-next-line no-control-regex -- vertical tab and form feed break lines too
const ANY_LINE_BREAK = /\r\n|[\n\r\u000b\f\u0085\u2028\u2029]/;
/** The message sits under its label, indented, so none of its lines starts at the margin. */
const MESSAGE_INDENT = '  ';

function salesText(enquiry: Enquiry, subject: string, rows: Row[]): string {
  const lines = [subject, ''];
  for (const row of rows) {
    if (row.kind === 'multiline') {
      const messageLines = row.value === '' ? [NOT_GIVEN] : row.value.split(ANY_LINE_BREAK);
      lines.push(`${row.label}:`, ...messageLines.map((line) => `${MESSAGE_INDENT}${oneLineText(line)}`));
    } else {
      lines.push(`${row.label}: ${oneLineText(row.value) || NOT_GIVEN}`);
    }
  }
  const links = phoneLinks(field(enquiry, 'phone'));
  lines.push('');
  if (links) lines.push(`Call: ${links.tel}`, `WhatsApp: ${links.whatsapp}`);
  if (visitorAddress(enquiry)) lines.push('Reply to this email to write to the visitor.');
  lines.push(`Stored in Firestore as ${enquiryPathText(enquiry)}.`);
  return lines.join('\n');
}

/** The sales team's notification about one enquiry. */
export function composeSalesEmail(enquiry: Enquiry, settings: MailSettings): OutgoingMail {
  const subject = salesSubject(enquiry);
  const rows = enquiryRows(enquiry);
  const email = visitorAddress(enquiry);
  const mail: OutgoingMail = {
    from: settings.from,
    to: settings.salesRecipients,
    subject,
    text: salesText(enquiry, subject, rows),
    html: salesHtml(enquiry, subject, rows),
    messageId: messageIdFor('enquiry', enquiry, settings.from),
    headers: {
      [ENQUIRY_ID_HEADER]: enquiryPathText(enquiry),
      'Auto-Submitted': 'auto-generated',
    },
  };
  if (email) {
    mail.replyTo = {
      name: cutTo(displayNameText(field(enquiry, 'name')), MAX_DISPLAY_NAME_LENGTH),
      address: email,
    };
  }
  return mail;
}

export const ACKNOWLEDGEMENT_SUBJECT = 'We have received your enquiry';
const ACKNOWLEDGEMENT_LINES = [
  'Thank you for contacting us.',
  '',
  'We have received your enquiry and our sales team will get back to you soon.',
  '',
  'If you did not send an enquiry on our website, please ignore this email.',
];

/**
 * The visitor's acknowledgement, or null without a valid address. It repeats nothing the visitor
 * typed, not even the name, so the form cannot be used to send chosen text to someone else.
 */
export function composeAcknowledgementEmail(enquiry: Enquiry, settings: MailSettings): OutgoingMail | null {
  const email = visitorAddress(enquiry);
  if (!email) return null;
  const mail: OutgoingMail = {
    from: settings.from,
    to: [email],
    subject: ACKNOWLEDGEMENT_SUBJECT,
    text: ACKNOWLEDGEMENT_LINES.join('\n'),
    html:
      '<!doctype html>\n<html lang="en"><head><meta charset="utf-8"></head>' +
      '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#222">' +
      ACKNOWLEDGEMENT_LINES.filter((line) => line !== '')
        .map((line) => `<p>${escapeHtml(line)}</p>`)
        .join('') +
      '</body></html>',
    messageId: messageIdFor('acknowledgement', enquiry, settings.from),
    // Stops out-of-office replies bouncing back and forth with the sales mailbox.
    headers: { 'Auto-Submitted': 'auto-replied', 'X-Auto-Response-Suppress': 'All' },
  };
  const salesAddress = settings.salesRecipients[0];
  if (salesAddress) mail.replyTo = { name: '', address: salesAddress };
  return mail;
}

/** Rows of the digest's table; the CSV attachment carries every enquiry the digest reports. */
export const DIGEST_TABLE_ROWS = 50;
/** A table cell shows this much of a value; the CSV has all of it. */
const DIGEST_CELL_LENGTH = 60;

export type DigestEntry = { candidate: DigestCandidate; signs: BuyerSigns };

export type Digest = {
  /**
   * What this digest reports (held enquiries, which it then marks DIGESTED, and duplicates not yet
   * listed), those that look most like real buyers first (rankForDigest).
   */
  entries: DigestEntry[];
  /** Every enquiry held when the digest was written, which may be more than one digest carries. */
  heldTotal: number;
  /** Every duplicate not yet listed when the digest was written. */
  duplicatesTotal: number;
  /** The India-time hour this digest belongs to, e.g. `2026-11-22T20`; at most one per hour. */
  hourKey: string;
  writtenAt: Date;
};

/** Why an entry had no email of its own, as the sales team reads it. */
function whyText(candidate: DigestCandidate): string {
  if (candidate.kind === 'duplicate')
    return `duplicate of ${oneLineText(candidate.duplicateOf ?? 'an earlier enquiry')}`;
  const reason = candidate.heldReason ?? 'unknown';
  return HELD_REASON_TEXT[reason as HeldReason] ?? oneLineText(reason);
}

function signsText(signs: BuyerSigns): string {
  const shown = BUYER_SIGNS.filter((sign) => signs[sign]).map((sign) => BUYER_SIGN_TEXT[sign]);
  return `${signCount(signs)} of ${BUYER_SIGNS.length}${shown.length ? `: ${shown.join(', ')}` : ''}`;
}

function candidateAsEnquiry(candidate: DigestCandidate): Enquiry {
  return {
    collection: candidate.collection,
    id: candidate.id,
    data: candidate.data,
    receivedAt: candidate.receivedAt,
  };
}

/** The columns of the digest's CSV: rank, where to find it, when, why and its signs, every field. */
function digestCsv(entries: DigestEntry[]): string {
  const fieldNames = [...new Set(ENQUIRY_COLLECTIONS_FIELDS.flatMap((fields) => Object.keys(fields)))].filter(
    (name) => name !== 'formpage',
  );
  const labelOf = (name: string) =>
    ENQUIRY_COLLECTIONS_FIELDS.map((fields) => fields[name]?.label).find(Boolean) ?? name;
  const header = [
    'Rank',
    'Enquiry',
    'Received at',
    'Form',
    'No email of its own because',
    'Signs of a real buyer',
    ...fieldNames.map(labelOf),
  ];
  const rows = entries.map(({ candidate, signs }, index) => [
    String(index + 1),
    `${candidate.collection}/${candidate.id}`,
    candidate.receivedAt ? formatIndiaDateTime(candidate.receivedAt) : '',
    formDescription(candidateAsEnquiry(candidate)),
    whyText(candidate),
    signsText(signs),
    ...fieldNames.map((name) => fieldText(candidate.data[name])),
  ]);
  return csvFile(header, rows);
}

const ENQUIRY_COLLECTIONS_FIELDS = Object.values(FIELDS_BY_COLLECTION);

type DigestRow = {
  received: string;
  form: string;
  name: string;
  email: string;
  phone: string;
  why: string;
  signs: string;
};

function digestRow({ candidate, signs }: DigestEntry): DigestRow {
  const cell = (value: unknown) => cutTo(oneLineText(fieldText(value)), DIGEST_CELL_LENGTH) || NOT_GIVEN;
  return {
    received: candidate.receivedAt ? formatIndiaDateTime(candidate.receivedAt) : 'unknown',
    form: formDescription(candidateAsEnquiry(candidate)),
    name: cell(candidate.data.name),
    email: cell(candidate.data.email),
    phone: cell(candidate.data.phone),
    why: whyText(candidate),
    signs: signsText(signs),
  };
}

const heldIn = (digest: Digest) => digest.entries.filter(({ candidate }) => candidate.kind === 'held').length;

export function digestSubject(digest: Digest): string {
  const held = heldIn(digest);
  const duplicates = digest.entries.length - held;
  const duplicateText = duplicates ? `, ${duplicates} duplicate${duplicates === 1 ? '' : 's'}` : '';
  return `Held enquiries: ${held} not emailed one by one${duplicateText} (${formatIndiaDateTime(digest.writtenAt)})`;
}

export function composeDigestEmail(digest: Digest, settings: MailSettings): OutgoingMail {
  const subject = digestSubject(digest);
  const count = digest.entries.length;
  const held = heldIn(digest);
  const duplicates = count - held;
  const shown = digest.entries.slice(0, DIGEST_TABLE_ROWS).map(digestRow);
  const later = digest.heldTotal + digest.duplicatesTotal - count;
  const intro = [
    `${held} enquiries were held back instead of being emailed one by one: the same sender wrote`,
    'too often, or the site sent its hourly or daily number of enquiry emails. None is lost: each is',
    'in Firestore and in the sales inbox.',
  ];
  if (duplicates > 0) {
    intro.push(
      `${duplicates} were duplicates: the same name, email and phone sent the same enquiry again`,
      'within 24 hours; each names the enquiry it repeats.',
    );
  }
  const tableNote =
    count > shown.length
      ? `The table shows ${shown.length} of them, those with the most signs of a real buyer first; the attached CSV has all ${count}.`
      : `All ${count} are in the table, those with the most signs of a real buyer first, and in the attached CSV.`;
  const signsNote = `Signs of a real buyer: ${BUYER_SIGNS.map((sign) => BUYER_SIGN_TEXT[sign]).join(', ')}.`;
  const laterNote = later > 0 ? [`${later} more follow in the next digest.`] : [];
  const text = [
    subject,
    '',
    ...intro,
    tableNote,
    signsNote,
    ...laterNote,
    '',
    ...shown.map(
      (row, index) =>
        `${index + 1}. ${row.received} | ${row.form} | ${row.name} | ${row.email} | ${row.phone} | ${row.why} | ${row.signs}`,
    ),
  ].join('\n');
  const th = (label: string) =>
    `<th style="text-align:left;padding:4px 8px;border-bottom:1px solid #ccc">${label}</th>`;
  const td = (value: string) => `<td style="padding:4px 8px;vertical-align:top">${escapeHtml(value)}</td>`;
  const html = [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#222;line-height:1.45">',
    `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(subject)}</h1>`,
    `<p>${escapeHtml(intro.join(' '))}</p>`,
    `<p>${escapeHtml(tableNote)} ${escapeHtml(signsNote)}${laterNote.map((note) => ` ${escapeHtml(note)}`).join('')}</p>`,
    '<table role="presentation" style="border-collapse:collapse">',
    `<tr>${['#', 'Received', 'Form', 'Name', 'Email', 'Phone', 'No email of its own because', 'Signs of a real buyer'].map(th).join('')}</tr>`,
    ...shown.map(
      (row, index) =>
        `<tr>${[String(index + 1), row.received, row.form, row.name, row.email, row.phone, row.why, row.signs].map(td).join('')}</tr>`,
    ),
    '</table>',
    '</body></html>',
  ].join('\n');
  return {
    from: settings.from,
    to: settings.salesRecipients,
    subject,
    text,
    html,
    messageId: messageIdFor(
      'digest',
      { collection: 'held', id: digest.hourKey.replace(/[^0-9T]/g, '') },
      settings.from,
    ),
    headers: {
      'Auto-Submitted': 'auto-generated',
      'X-Enquiry-Digest': digest.hourKey.replace(/[^0-9T-]/g, ''),
    },
    attachments: [
      {
        filename: `held-enquiries-${digest.hourKey.replace(/[^0-9T-]/g, '')}.csv`,
        content: digestCsv(digest.entries),
        contentType: 'text/csv; charset=utf-8',
      },
    ],
  };
}
