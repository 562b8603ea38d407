/**
 * The arguments of `npm run backup` and `npm run restore`. Both work on the local emulator's demo
 * project unless given `--project <id>` (as `npm run export` and `npm run privacy` do).
 */
import { join } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { PROJECT_ID, ROOT } from './project';

export const BACKUP_USAGE = 'usage: npm run backup -- [--out <folder>] [--project <id>]';
export const RESTORE_USAGE =
  'usage: npm run restore -- --from <backup folder> [--doc <collection>/<id>] [--overwrite] [--project <id>]';

/** Where backups go unless `--out` says otherwise (ignored by git: they hold buyers' details). */
export const BACKUPS_DIR = join(ROOT, 'backups');

export class BackupUsageError extends Error {}

export type BackupOptions = { projectId: string; out: string };
export type RestoreCommand = { projectId: string; from: string; doc: string | null; overwrite: boolean };

function parse(argv: string[], options: NonNullable<ParseArgsConfig['options']>) {
  try {
    return parseArgs({ args: argv, strict: true, allowPositionals: false, options }).values;
  } catch (error) {
    throw new BackupUsageError(error instanceof Error ? error.message : String(error));
  }
}

/** A folder name from the time, sortable and without characters a shell or Windows dislikes. */
const stamp = (now: Date) => now.toISOString().replace(/[:.]/g, '-');

export function parseBackupArgs(argv: string[], now = new Date()): BackupOptions {
  const values = parse(argv, { out: { type: 'string' }, project: { type: 'string' } });
  const projectId = typeof values.project === 'string' ? values.project : PROJECT_ID;
  const out = typeof values.out === 'string' ? values.out : join(BACKUPS_DIR, `${projectId}-${stamp(now)}`);
  return { projectId, out };
}

/** `collection/id`, or `collection/id/sub/id` for a subcollection's document: an even number of parts. */
const DOCUMENT_PATH = /^[^/]+\/[^/]+(?:\/[^/]+\/[^/]+)*$/;

export function parseRestoreArgs(argv: string[]): RestoreCommand {
  const values = parse(argv, {
    from: { type: 'string' },
    doc: { type: 'string' },
    overwrite: { type: 'boolean', default: false },
    project: { type: 'string' },
  });
  if (typeof values.from !== 'string') throw new BackupUsageError('--from <backup folder> is required');
  const doc = typeof values.doc === 'string' ? values.doc : null;
  if (doc !== null && !DOCUMENT_PATH.test(doc))
    throw new BackupUsageError(`--doc takes a document's path, <collection>/<id>, not "${doc}"`);
  return {
    projectId: typeof values.project === 'string' ? values.project : PROJECT_ID,
    from: values.from,
    doc,
    overwrite: values.overwrite === true,
  };
}
