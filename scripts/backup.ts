/**
 * Writes every document of every collection to a folder, one JSON-lines file per collection with
 * Firestore's types kept (scripts/lib/firestore-backup.ts), for `npm run restore`:
 *
 *   npm run backup                          # the local emulator, into backups/demo-sme-hair-<time>/
 *   npm run backup -- --out before-the-drill
 *
 * Without --project it reads the local emulator's demo project, as `npm run export` does; with
 * --project <real-id> it reads that project with application default credentials. A real project's
 * own backups are Firestore's managed ones and point-in-time recovery (README, "Backups and restores").
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { BACKUP_USAGE, BackupUsageError, parseBackupArgs, type BackupOptions } from './lib/backup-args';
import { chooseExportTarget } from './lib/enquiry-export';
import { takeBackup } from './lib/firestore-backup';
import { requireCredentials } from './lib/google-credentials';

let options: BackupOptions;
try {
  options = parseBackupArgs(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof BackupUsageError)) throw error;
  console.error(`✖ ${error.message}\n${BACKUP_USAGE}`);
  process.exit(2);
}
const target = chooseExportTarget(options.projectId, process.env);
if (target.kind === 'emulator') process.env.FIRESTORE_EMULATOR_HOST = target.host;
const where = target.kind === 'emulator' ? `the emulator at ${target.host}` : 'Cloud Firestore';
const app = initializeApp({ projectId: options.projectId });

try {
  if (target.kind === 'project') await requireCredentials(app, options.projectId);
  console.log(`• Backing up project ${options.projectId} from ${where}.`);
  const manifest = await takeBackup(getFirestore(app), options.projectId, options.out);
  const counts = Object.entries(manifest.collections).map(([name, count]) => `${name} ${count}`);
  console.log(`✔ ${options.out}: ${counts.join(', ') || 'no collections'}.`);
} catch (error) {
  console.error(`✖ backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await deleteApp(app);
}
