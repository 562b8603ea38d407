/**
 * The hourly digest email: every enquiry admission control kept from an email of its own, those
 * with the strongest signs of a real buyer first, a table of 50 and a CSV (the export's columns, with
 * the digest's rank and reasons first) of every one.
 */
import { ENQUIRY_COLLECTIONS } from '../../contract/enquiry/collections';
import { enquiriesToCsv } from '../../contract/enquiry/enquiry-columns';
import { requestedSummaryOf } from '../../contract/enquiry/request-lines';
import { formatIndiaDateTime } from '../../contract/base/india-time';
import { fieldText, type StoredEnquiry } from '../../contract/enquiry/stored-enquiry';
import { cutTo, oneLineText } from '../../contract/enquiry/visitor-text';
import { phoneValidity } from '../../contract/enquiry/phone-plans';
import { formDescription } from './enquiry-emails';
import { messageIdFor, type MailSettings, type OutgoingMail } from './message';
import { escapeHtml, NOT_GIVEN } from './text';

/** Rows of the digest's table; the CSV attachment carries every enquiry the digest reports. */
export const DIGEST_TABLE_ROWS = 50;
/** A table cell shows this much of a value; the CSV has all of it. */
const DIGEST_CELL_LENGTH = 60;

/** One enquiry the digest reports, as the digest (enquiry/digest.ts) ranked and described it. */
export type DigestEntry = {
  enquiry: StoredEnquiry;
  /** Held back (marked DIGESTED once sent), or else a duplicate (given the digest's hour). */
  held: boolean;
  /** Why it had no email of its own, in the sales team's words. */
  why: string;
  /** Its signs of a real buyer: `3 of 4: first contact, …`. */
  signs: string;
};

type Digest = {
  /**
   * What this digest reports (held enquiries, which it then marks DIGESTED, and duplicates not yet
   * listed), those that look most like real buyers first.
   */
  entries: DigestEntry[];
  /** Every sign of a real buyer the ranking weighs, in the sales team's words. */
  signNames: readonly string[];
  /** Every enquiry held when the digest was written, which may be more than one digest carries. */
  heldTotal: number;
  /** Every duplicate not yet listed when the digest was written. */
  duplicatesTotal: number;
  /** The India-time hour this digest belongs to, e.g. `2026-11-22T20`; at most one per hour. */
  hourKey: string;
  writtenAt: Date;
};

/**
 * The digest's CSV: its rank, the enquiry's path, why it had no email of its own and its signs,
 * then the export's own columns for both forms.
 */
function digestCsv(entries: DigestEntry[]): string {
  const byDocument = new Map(entries.map((entry, index) => [entry.enquiry, { ...entry, rank: index + 1 }]));
  const entryOf = (doc: StoredEnquiry) => byDocument.get(doc);
  return enquiriesToCsv(
    ENQUIRY_COLLECTIONS,
    entries.map(({ enquiry }) => enquiry),
    [
      { header: 'Rank', value: (doc) => String(entryOf(doc)?.rank ?? '') },
      { header: 'Enquiry', value: (doc) => `${doc.collection ?? ''}/${doc.id}` },
      { header: 'No email of its own because', value: (doc) => entryOf(doc)?.why ?? '' },
      { header: 'Signs of a real buyer', value: (doc) => entryOf(doc)?.signs ?? '' },
    ],
  );
}

type DigestRow = {
  received: string;
  form: string;
  name: string;
  email: string;
  phone: string;
  why: string;
  signs: string;
  /** What the buyer asked a quote for: the first line and how many more. */
  asked: string;
};

function phoneCell(phone: unknown, cell: (value: unknown) => string): string {
  const validity = phoneValidity(phone);
  return validity.valid ? validity.display : `${cell(phone)} (${validity.note})`;
}

function digestRow({ enquiry, why, signs }: DigestEntry): DigestRow {
  const cell = (value: unknown) => cutTo(oneLineText(fieldText(value)), DIGEST_CELL_LENGTH) || NOT_GIVEN;
  return {
    received: enquiry.receivedAt ? formatIndiaDateTime(enquiry.receivedAt) : 'unknown',
    form: formDescription(enquiry),
    name: cell(enquiry.data.name),
    email: cell(enquiry.data.email),
    // As its country writes it, with the country code: +1 212 555 0100, +91 98765 43210; a
    // number no plan has as stored, with why: 0000000000 (not a valid number for India).
    phone: phoneCell(enquiry.data.phone, cell),
    why,
    signs,
    asked: cutTo(oneLineText(requestedSummaryOf(enquiry.data)), DIGEST_CELL_LENGTH) || NOT_GIVEN,
  };
}

const heldIn = (digest: Digest) => digest.entries.filter((entry) => entry.held).length;

function digestSubject(digest: Digest): string {
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
      ? `The table shows ${shown.length} of them, those with the strongest signs of a real buyer first; the attached CSV has all ${count}.`
      : `All ${count} are in the table, those with the strongest signs of a real buyer first, and in the attached CSV.`;
  const signsNote = `Signs of a real buyer: ${digest.signNames.join(', ')}.`;
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
        `${index + 1}. ${row.received} | ${row.form} | ${row.name} | ${row.email} | ${row.phone} | ${row.asked} | ${row.why} | ${row.signs}`,
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
    `<tr>${['#', 'Received', 'Form', 'Name', 'Email', 'Phone', 'Asked a quote for', 'No email of its own because', 'Signs of a real buyer'].map(th).join('')}</tr>`,
    ...shown.map(
      (row, index) =>
        `<tr>${[String(index + 1), row.received, row.form, row.name, row.email, row.phone, row.asked, row.why, row.signs].map(td).join('')}</tr>`,
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
