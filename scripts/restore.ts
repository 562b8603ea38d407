/**
 * Brings documents back from a folder written by `npm run backup`:
 *
 *   npm run restore -- --from backups/demo-sme-hair-<time>            # every missing document
 *   npm run restore -- --from <folder> --doc SME-enquiry-form/<id>     # one document
 *   npm run restore -- --from <folder> --overwrite                     # also replace changed ones
 *
 * By default it only creates documents that are missing, and lists the existing ones that differ
 * from the backup without touching them. An enquiry comes back with its delivery record, so the
 * trigger its creation fires finds it SENT and emails nobody again. Without --project it writes to
 * the local emulator's demo project, as `npm run export` does.
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { BackupUsageError, parseRestoreArgs, RESTORE_USAGE, type RestoreCommand } from './lib/backup-args';
import { chooseExportTarget } from './lib/enquiry-export';
import { BackupFormatError, readBackup, restoreBackup } from './lib/firestore-backup';
import { requireCredentials } from './lib/google-credentials';

/** Paths listed in full up to this many; beyond it, the count and the first ones. */
const LISTED_PATHS = 20;

let command: RestoreCommand;
try {
  command = parseRestoreArgs(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof BackupUsageError)) throw error;
  console.error(`✖ ${error.message}\n${RESTORE_USAGE}`);
  process.exit(2);
}
const target = chooseExportTarget(command.projectId, process.env);
if (target.kind === 'emulator') process.env.FIRESTORE_EMULATOR_HOST = target.host;
const where = target.kind === 'emulator' ? `the emulator at ${target.host}` : `project ${command.projectId}`;
const app = initializeApp({ projectId: command.projectId });

const list = (paths: string[]) =>
  paths
    .slice(0, LISTED_PATHS)
    .map((path) => `  ${path}`)
    .concat(paths.length > LISTED_PATHS ? [`  … and ${paths.length - LISTED_PATHS} more`] : [])
    .join('\n');

try {
  const { manifest, lines } = readBackup(command.from);
  if (target.kind === 'project') await requireCredentials(app, command.projectId);
  console.log(
    `• Restoring ${command.doc ?? 'every missing document'} from ${command.from} (project ${manifest.projectId}, taken ${manifest.takenAt}) into ${where}.`,
  );
  const report = await restoreBackup(getFirestore(app), lines, command);
  console.log(
    `✔ created ${report.created.length}${report.created.length ? `:\n${list(report.created)}` : '.'}`,
  );
  console.log(`• already as in the backup: ${report.unchanged.length}.`);
  if (report.overwritten.length)
    console.log(
      `• replaced by the backup (--overwrite): ${report.overwritten.length}:\n${list(report.overwritten)}`,
    );
  if (report.different.length)
    console.log(
      `• different from the backup and left as they are: ${report.different.length}:\n${list(report.different)}\n` +
        '  Run again with --overwrite to replace them (or --doc <path> --overwrite for one).',
    );
} catch (error) {
  console.error(`✖ restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = error instanceof BackupFormatError ? 2 : 1;
} finally {
  await deleteApp(app);
}
