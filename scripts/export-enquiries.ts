/**
 * Exports one enquiry collection as CSV for the sales team, with every field and the email's
 * delivery state:
 *
 *   npm run export -- --collection SME-enquiry-form --since 2026-01-01 --out enquiries.csv
 *
 * Without --project it reads the local emulator's demo project (demo-sme-hair at 127.0.0.1:8080).
 * With --project <real-id> it reads that project with application default credentials
 * (`gcloud auth application-default login`), and says so when it has none. FIRESTORE_EMULATOR_HOST,
 * when set, always wins.
 */
import { writeFileSync } from 'node:fs';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { requireCredentials } from './lib/google-credentials';
import {
  byReceivedTime,
  chooseExportTarget,
  enquiriesToCsv,
  EXPORT_USAGE,
  parseExportArgs,
  UsageError,
  type ExportOptions,
} from './lib/enquiry-export';
import { readStoredEnquiry, type StoredEnquiry } from '../functions/src/contract/enquiry/stored-enquiry';

async function readEnquiries(options: ExportOptions, onEmulator: boolean): Promise<StoredEnquiry[]> {
  const app = initializeApp({ projectId: options.projectId });
  if (!onEmulator) await requireCredentials(app, options.projectId);
  try {
    const collection = getFirestore(app).collection(options.collection);
    const snapshot = options.since
      ? await collection
          .where('createdAt', '>=', Timestamp.fromDate(options.since))
          .orderBy('createdAt')
          .get()
      : await collection.get();
    return snapshot.docs
      .map((doc) => readStoredEnquiry({ collection: options.collection, id: doc.id }, doc.data()))
      .sort(byReceivedTime);
  } finally {
    // Closes the gRPC channels so the process ends on its own and stdout is fully flushed.
    await deleteApp(app);
  }
}

async function main(): Promise<void> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(EXPORT_USAGE);
    return;
  }
  let options: ExportOptions;
  try {
    options = parseExportArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`✖ ${error.message}\n${EXPORT_USAGE}`);
    process.exit(2);
  }
  const target = chooseExportTarget(options.projectId, process.env);
  if (target.kind === 'emulator') process.env.FIRESTORE_EMULATOR_HOST = target.host;
  const where = target.kind === 'emulator' ? `the emulator at ${target.host}` : 'Cloud Firestore';
  console.error(`• Reading ${options.collection} of project ${options.projectId} from ${where}.`);

  const docs = await readEnquiries(options, target.kind === 'emulator');
  const csv = enquiriesToCsv(options.collection, docs);
  if (options.out) {
    writeFileSync(options.out, csv);
    console.error(`✔ ${docs.length} enquiries written to ${options.out}.`);
  } else {
    process.stdout.write(csv);
  }
}

main().catch((error: unknown) => {
  console.error(`✖ export failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
