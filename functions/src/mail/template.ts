/**
 * The emails about an enquiry: the sales team's notification (every field, one-click reply, call
 * and WhatsApp) and the optional short acknowledgement to the visitor.
 *
 * Everything a visitor typed is untrusted: it is HTML-escaped in the HTML part, stripped of line
 * breaks before it goes into a header, and links are only built from values that match the
 * contract's phone and email patterns.
 */
import {
  EMAIL_PATTERN,
  ENQUIRY_COLLECTION,
  FIELDS_BY_COLLECTION,
  FORM_PAGES,
  PHONE_PATTERN,
  type EnquiryCollection,
} from '../contract/enquiry';
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
};

/** Country code for the call and WhatsApp links: the contract stores ten-digit Indian numbers. */
const INDIA_DIALLING_CODE = '91';
/** Long enough for any subject the contract allows; cuts off what an Admin-written document might hold. */
const MAX_SUBJECT_LENGTH = 250;
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

/** C0 controls (CR and LF among them), DEL, and the Unicode line and paragraph separators. */
function breaksHeaderLine(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029;
}

/** A single header line: no CR/LF (header injection), no other control characters, trimmed. */
export function headerText(value: string): string {
  return [...value]
    .map((character) => (breaksHeaderLine(character) ? ' ' : character))
    .join('')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** A stored value as text: the contract stores strings, an Admin-written document may not. */
export function fieldText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? '';
}

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

/** The visitor's address when it is one the contract accepts, else null (no Reply-To, no link). */
export function visitorAddress(enquiry: Enquiry): string | null {
  const email = field(enquiry, 'email').trim();
  return EMAIL_PATTERN.test(email) ? email : null;
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
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from.trim());
  return match?.[1] ?? 'localhost';
}

function messageIdFor(prefix: string, enquiry: Enquiry, from: string): string {
  const localPart = `${prefix}.${enquiry.collection}.${enquiry.id}`.replace(/[^A-Za-z0-9._-]/g, '_');
  return `<${localPart}@${messageIdDomain(from)}>`;
}

function htmlCell(row: Row): string {
  if (row.value === '') return NOT_GIVEN;
  const text = escapeHtml(row.value);
  if (row.kind === 'phone') {
    const links = phoneLinks(row.value);
    if (!links) return text;
    return (
      `<a href="${escapeHtml(links.tel)}">${escapeHtml(links.display)}</a>` +
      ` · <a href="${escapeHtml(links.whatsapp)}">WhatsApp</a>`
    );
  }
  if (row.kind === 'email' && EMAIL_PATTERN.test(row.value)) {
    return `<a href="mailto:${escapeHtml(row.value)}">${text}</a>`;
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
  if (email) {
    const replySubject = encodeURIComponent(`Re: ${subject}`);
    buttons.push(button(`mailto:${email}?subject=${replySubject}`, 'Reply by email'));
  }
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
      `The enquiry is stored in Firestore as ${escapeHtml(enquiry.collection)}/${escapeHtml(enquiry.id)}.</p>`,
    '</body></html>',
  ].join('\n');
}

function salesText(enquiry: Enquiry, subject: string, rows: Row[]): string {
  const lines = [subject, ''];
  for (const row of rows) {
    const value = row.value === '' ? NOT_GIVEN : row.value;
    if (row.kind === 'multiline') {
      lines.push(`${row.label}:`, ...value.split(/\r\n|\r|\n/).map((line) => `  ${line}`));
    } else {
      lines.push(`${row.label}: ${value}`);
    }
  }
  const links = phoneLinks(field(enquiry, 'phone'));
  lines.push('');
  if (links) lines.push(`Call: ${links.tel}`, `WhatsApp: ${links.whatsapp}`);
  if (visitorAddress(enquiry)) lines.push('Reply to this email to write to the visitor.');
  lines.push(`Stored in Firestore as ${enquiry.collection}/${enquiry.id}.`);
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
      [ENQUIRY_ID_HEADER]: headerText(`${enquiry.collection}/${enquiry.id}`),
      'Auto-Submitted': 'auto-generated',
    },
  };
  if (email) mail.replyTo = { name: headerText(field(enquiry, 'name')), address: email };
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
