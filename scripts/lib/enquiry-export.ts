/**
 * The pure half of `npm run export`: reading the arguments, choosing emulator or real project,
 * and turning enquiry documents into a CSV a spreadsheet opens safely (with the columns of
 * functions/src/contract/enquiry/enquiry-columns.ts, which the sales inbox's download uses too).
 */
import { parseArgs } from 'node:util';
import {
  ENQUIRY_COLLECTIONS,
  type EnquiryCollection,
} from '../../functions/src/contract/enquiry/collections';
import { startOfIndiaDay } from '../../functions/src/contract/base/india-time';

const DEMO_PROJECT_ID = 'demo-sme-hair';
const DEFAULT_EMULATOR_HOST = '127.0.0.1:8080';

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

type ExportTarget = { kind: 'emulator'; host: string } | { kind: 'project' };

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

export { csvCell, neutraliseFormula } from '../../functions/src/contract/enquiry/csv';

export {
  byReceivedTime,
  enquiriesToCsv,
  exportColumns,
} from '../../functions/src/contract/enquiry/enquiry-columns';
