/**
 * `npm run seed [-- --count 20000]`: adds demo enquiries (both forms, the last ten weeks, every
 * delivery state, some followed up, buyers who wrote more than once) and their response-time
 * histograms to the local emulator's demo project, for the sales inbox, its figures and its chart.
 * About thirty by default; `--count 20000` makes the database `npm run bench:load` measures the
 * inbox against. Run it while `npm start` is running; it only ever writes to the emulator.
 */
import { parseArgs } from 'node:util';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { PORTS, PROJECT_ID } from './lib/project';
import { DEMO_ENQUIRY_COUNT, demoEnquiries, writeDemoEnquiries } from './lib/demo-enquiries';

const MAX_COUNT = 100_000;

let count = DEMO_ENQUIRY_COUNT;
try {
  const { values } = parseArgs({ options: { count: { type: 'string' } }, strict: true });
  if (values.count !== undefined) count = Number(values.count);
  if (!Number.isInteger(count) || count < 1 || count > MAX_COUNT)
    throw new Error(`--count takes a whole number from 1 to ${MAX_COUNT}, not "${values.count ?? ''}"`);
} catch (error) {
  console.error(
    `✖ ${error instanceof Error ? error.message : String(error)}\nusage: npm run seed -- [--count N]`,
  );
  process.exit(2);
}

process.env.FIRESTORE_EMULATOR_HOST ??= `127.0.0.1:${PORTS.firestore}`;
const app = initializeApp({ projectId: PROJECT_ID }, 'seed');
try {
  const started = performance.now();
  const enquiries = demoEnquiries(new Date(), count);
  await writeDemoEnquiries(getFirestore(app), enquiries);
  const states = enquiries.reduce<Record<string, number>>((counts, { notification }) => {
    counts[notification.state] = (counts[notification.state] ?? 0) + 1;
    return counts;
  }, {});
  console.log(
    `✔ ${enquiries.length} demo enquiries added to ${PROJECT_ID} at ${process.env.FIRESTORE_EMULATOR_HOST} in ${((performance.now() - started) / 1000).toFixed(1)} s:`,
    states,
  );
} catch (error) {
  console.error(
    `✖ seeding failed (is npm start running?): ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
} finally {
  await deleteApp(app);
}
