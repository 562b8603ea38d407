/**
 * The pure half of `npm run export`: reading the arguments, choosing emulator or real project,
 * and turning enquiry documents into a CSV a spreadsheet opens safely.
 */
import { parseArgs } from 'node:util';
import {
  ENQUIRY_COLLECTIONS,
  FIELDS_BY_COLLECTION,
  type EnquiryCollection,
} from '../../functions/src/contract/enquiry';
import { fieldText, HELD_REASON_TEXT } from '../../functions/src/mail/template';
import { formatIndiaIso, startOfIndiaDay } from '../../functions/src/india-time';
import { NOTIFICATION_FIELD, type HeldReason } from '../../functions/src/delivery-state';
import { csvFile } from '../../functions/src/csv';

export const DEMO_PROJECT_ID = 'demo-sme-hair';
export const DEFAULT_EMULATOR_HOST = '127.0.0.1:8080';

export const EXPORT_USAGE =
  `usage: npm run export -- --collection <${ENQUIRY_COLLECTIONS.join('|')}> ` +
  `[--since yyyy-mm-dd] [--out file.csv] [--project project-id]`;

export type ExportOptions = {
  collection: EnquiryCollection;
  /** Midnight India time at the start of the --since day; null exports everything. */
  since: Date | null;
  /** null writes the CSV to standard output. */
  out: string | null;
  projectId: string;
};

export class UsageError extends Error {}

export function parseExportArgs(argv: string[]): ExportOptions {
  let values: { collection?: string; since?: string; out?: string; project?: string };
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        collection: { type: 'string' },
        since: { type: 'string' },
        out: { type: 'string' },
        project: { type: 'string' },
      },
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const collection = values.collection;
  if (!collection) throw new UsageError('--collection is required');
  if (!(ENQUIRY_COLLECTIONS as readonly string[]).includes(collection)) {
    throw new UsageError(`unknown collection "${collection}"`);
  }
  let since: Date | null = null;
  if (values.since !== undefined) {
    since = startOfIndiaDay(values.since);
    if (!since) throw new UsageError(`--since must be a date as yyyy-mm-dd, not "${values.since}"`);
  }
  if (values.out === '') throw new UsageError('--out needs a file name');
  const projectId = values.project ?? DEMO_PROJECT_ID;
  if (!/^[a-z0-9-]{4,40}$/.test(projectId))
    throw new UsageError(`"${projectId}" is not a Firebase project id`);
  return { collection: collection as EnquiryCollection, since, out: values.out ?? null, projectId };
}

export type ExportTarget = { kind: 'emulator'; host: string } | { kind: 'project' };

/**
 * An explicit FIRESTORE_EMULATOR_HOST always wins (the Admin SDK honours it anyway); otherwise a
 * `demo-` project, which by Firebase's convention has no cloud resources, reads the local
 * emulator, and any other project id reads the real project with application default credentials.
 */
export function chooseExportTarget(projectId: string, env: NodeJS.ProcessEnv): ExportTarget {
  const host = env.FIRESTORE_EMULATOR_HOST;
  if (host) return { kind: 'emulator', host };
  if (projectId.startsWith('demo-')) return { kind: 'emulator', host: DEFAULT_EMULATOR_HOST };
  return { kind: 'project' };
}

export { csvCell, neutraliseFormula } from '../../functions/src/csv';

export type ExportDocument = { id: string; data: Record<string, unknown> };

type Column = { header: string; value: (doc: ExportDocument) => string };

function asDate(value: unknown): Date | null {
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
export function exportColumns(collection: EnquiryCollection): Column[] {
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
