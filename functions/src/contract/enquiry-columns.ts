/**
 * The columns of an enquiry as a spreadsheet shows it: `npm run export` and the sales inbox's
 * "Download CSV" both write their files from this one list, so a file from either opens with the
 * same headers in the same order.
 *
 * No Firebase or Node imports, so the browser bundle, the scripts and the functions all use it.
 */
import { csvFile } from '../csv';
import { NOTIFICATION_FIELD, type HeldReason } from '../delivery-state';
import { formatIndiaIso } from '../india-time';
import { FIELDS_BY_COLLECTION, type EnquiryCollection } from './enquiry';

/** A stored value as text: the contract stores strings, an Admin-written document may not. */
export function fieldText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? '';
}

/** Why admission control held an enquiry back, as the sales team reads it. */
export const HELD_REASON_TEXT: Record<HeldReason, string> = {
  'sender-limit': 'this address or phone already had its emails today',
  'hourly-cap': 'the hourly email cap was reached',
  'daily-cap': 'the daily email cap was reached',
};

export type ExportDocument = { id: string; data: Record<string, unknown> };

export type ExportColumn = { header: string; value: (doc: ExportDocument) => string };

/** Anything with `toDate()`: the Admin SDK's and the web SDK's Timestamp alike. */
export function asDate(value: unknown): Date | null {
  if (value && typeof value === 'object' && 'toDate' in value && typeof value.toDate === 'function') {
    const date: unknown = value.toDate();
    if (date instanceof Date) return date;
  }
  return null;
}

function delivery(doc: ExportDocument, key: string): unknown {
  const record = doc.data[NOTIFICATION_FIELD];
  return record && typeof record === 'object' ? (record as Record<string, unknown>)[key] : undefined;
}

function heldText(value: unknown): string {
  const reason = fieldText(value);
  return reason in HELD_REASON_TEXT ? HELD_REASON_TEXT[reason as HeldReason] : reason;
}

function dateText(value: unknown): string {
  const date = asDate(value);
  return date ? formatIndiaIso(date) : '';
}

/** Document id, server time, every contract field (by its label), then the email's delivery. */
export function exportColumns(collection: EnquiryCollection): ExportColumn[] {
  const fieldColumns = Object.entries(FIELDS_BY_COLLECTION[collection]).map(([name, rule]) => ({
    header: rule.label,
    value: (doc: ExportDocument) => fieldText(doc.data[name]),
  }));
  return [
    { header: 'Enquiry ID', value: (doc) => doc.id },
    { header: 'Received at', value: (doc) => dateText(doc.data.createdAt) },
    ...fieldColumns,
    // No record yet means the trigger has not run (or never did): the sweeper will pick it up.
    { header: 'Email state', value: (doc) => fieldText(delivery(doc, 'state')) || 'PENDING' },
    { header: 'Email attempts', value: (doc) => fieldText(delivery(doc, 'attempts')) || '0' },
    { header: 'Email sent at', value: (doc) => dateText(delivery(doc, 'sentAt')) },
    { header: 'Email last error', value: (doc) => fieldText(delivery(doc, 'lastError')) },
    // HELD, DIGESTED and DUPLICATE say why an enquiry had no email of its own, and where it went.
    { header: 'Held because', value: (doc) => heldText(delivery(doc, 'heldReason')) },
    { header: 'In digest of', value: (doc) => fieldText(delivery(doc, 'digest')) },
    { header: 'Digested at', value: (doc) => dateText(delivery(doc, 'digestedAt')) },
    { header: 'Duplicate of', value: (doc) => fieldText(delivery(doc, 'duplicateOf')) },
  ];
}

export function enquiriesToCsv(collection: EnquiryCollection, docs: ExportDocument[]): string {
  const columns = exportColumns(collection);
  return csvFile(
    columns.map((column) => column.header),
    docs.map((doc) => columns.map((column) => column.value(doc))),
  );
}

/** Oldest first; documents without a server time (written by hand) come first. */
export function byReceivedTime(a: ExportDocument, b: ExportDocument): number {
  const timeOf = (doc: ExportDocument) => asDate(doc.data.createdAt)?.getTime() ?? -Infinity;
  return timeOf(a) - timeOf(b) || a.id.localeCompare(b.id);
}
