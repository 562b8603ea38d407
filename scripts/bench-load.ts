/**
 * Load benchmark of the enquiry mail path (not part of `npm test`):
 *
 *   flock /tmp/sme-emulator.lock npm run bench:load -- [--count 200] [--timeout-s 300]
 *
 * Builds the functions, starts the Firestore and Functions emulators through the project launcher
 * and runs itself inside them (`--inside-emulators`): an SMTP catcher on 2525 (where
 * functions/.env.local sends), N enquiries submitted at once through the client SDK under the real
 * rules (full and popup forms alternating), then it waits for the mail and prints documents
 * stored, emails received, duplicates, and submit-to-email latency. The emulators' own output
 * goes to artifacts/bench-load/emulators.log. Exits non-zero if any enquiry lost its email or got two.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { addDoc, collection, serverTimestamp } from 'firebase/firestore/lite';
import * as contract from '../functions/src/contract/enquiry.ts';
import { startSmtpCatcher } from '../tests/support/smtp-catcher.ts';
import {
  benchFiles,
  openEmulatorClients,
  percentile,
  runAroundEmulators,
  readBenchOptions,
  runBench,
  type BenchOptions,
  seconds,
  TSX_BIN,
  writeReport,
} from './lib/bench-harness.ts';
import { PORTS, ROOT } from './lib/project.ts';

const DEFAULT_COUNT = 200;
const DEFAULT_TIMEOUT_S = 300;
const FILES = benchFiles('bench-load');
const TSC_BIN = join(ROOT, 'node_modules', '.bin', 'tsc');
/** How often the run looks at the delivery records while it waits for them to settle. */
const POLL_MS = 500;

/** Outside: build the functions, then run this script inside the emulators and print its report. */
async function outside(options: BenchOptions): Promise<number> {
  console.log('• Building the functions (functions/lib) for the emulator ...');
  const build = spawnSync(TSC_BIN, ['-p', join(ROOT, 'functions', 'tsconfig.json')], { stdio: 'inherit' });
  if (build.status !== 0) return 1;
  const inner = `${TSX_BIN} scripts/bench-load.ts --inside-emulators --count ${options.count} --timeout-s ${options.timeoutS}`;
  return runAroundEmulators(FILES, 'firestore,functions', inner);
}

/** Inside the emulators: submit, wait for mail and SENT records, write the report. */
async function inside(options: BenchOptions): Promise<number> {
  const catcher = await startSmtpCatcher({ port: PORTS.smtp });
  const clients = openEmulatorClients('bench-load');
  const { db, adminDb } = clients;
  const runId = Date.now().toString(36);

  const submit = async (index: number) => {
    const now = new Date();
    const label = `Bench ${runId} #${String(index).padStart(4, '0')}`;
    const phone = String(9_000_000_000 + index);
    if (index % 2 === 0) {
      const payload = contract.buildEnquiryPayload(
        {
          name: label,
          companyname: 'Load Test Traders',
          phone,
          email: `bench${index}@example.com`,
          city: 'Coimbatore',
          ordertype: index % 4 === 0 ? 'Bulk' : 'Retail',
          message: 'Load benchmark enquiry: please ignore this message.',
        },
        contract.FORM_PAGES.enquiry,
        now,
      );
      const ref = await addDoc(collection(db, contract.ENQUIRY_COLLECTION), {
        ...payload,
        createdAt: serverTimestamp(),
      });
      return ref.path;
    }
    const payload = contract.buildPopupEnquiryPayload(
      { name: label, email: `bench${index}@example.com`, phone, business: contract.DEFAULT_BUSINESS },
      now,
    );
    const ref = await addDoc(collection(db, contract.POPUP_ENQUIRY_COLLECTION), {
      ...payload,
      createdAt: serverTimestamp(),
    });
    return ref.path;
  };

  // One enquiry per trigger first, so the numbers below measure steady work, not module loading.
  const warmUpStart = Date.now();
  await Promise.all([submit(-2), submit(-1)]);
  await catcher.waitForMessages(2, options.timeoutS * 1000);
  const warmUpMs = Date.now() - warmUpStart;
  catcher.clear();

  const submittedAt = new Map<string, number>();
  const started = Date.now();
  const results = await Promise.allSettled(
    Array.from({ length: options.count }, async (_, index) => {
      const before = Date.now();
      const path = await submit(index);
      submittedAt.set(path, before);
      return path;
    }),
  );
  const submitMs = Date.now() - started;
  const stored = results.filter((result) => result.status === 'fulfilled').length;
  const refused = results.length - stored;

  const deadline = started + options.timeoutS * 1000;
  let timedOut = false;
  try {
    await catcher.waitForMessages(stored, Math.max(1, deadline - Date.now()));
  } catch {
    timedOut = true;
  }
  const mailMs = Date.now() - started;

  // Every stored enquiry should now say SENT; wait for the last records, bounded by the deadline.
  const states = new Map<string, string>();
  const readStates = async () => {
    const paths = [...submittedAt.keys()];
    for (let offset = 0; offset < paths.length; offset += 100) {
      const refs = paths.slice(offset, offset + 100).map((path) => adminDb.doc(path));
      for (const snapshot of await adminDb.getAll(...refs)) {
        states.set(snapshot.ref.path, String(snapshot.get('notification.state') ?? 'NONE'));
      }
    }
  };
  await readStates();
  while ([...states.values()].some((state) => state !== 'SENT') && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    await readStates();
  }

  const mailsPerEnquiry = new Map<string, number>();
  const latencies: number[] = [];
  for (const mail of catcher.messages) {
    const path = String(mail.headers.get('x-enquiry-id') ?? '');
    mailsPerEnquiry.set(path, (mailsPerEnquiry.get(path) ?? 0) + 1);
    const before = submittedAt.get(path);
    if (before !== undefined && mailsPerEnquiry.get(path) === 1) latencies.push(mail.receivedAt - before);
  }
  latencies.sort((a, b) => a - b);
  const duplicates = [...mailsPerEnquiry.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
  const missing = [...submittedAt.keys()].filter((path) => !mailsPerEnquiry.has(path)).length;
  const stateCounts = new Map<string, number>();
  for (const state of states.values()) stateCounts.set(state, (stateCounts.get(state) ?? 0) + 1);

  writeReport(FILES, [
    `Enquiry mail load benchmark: ${options.count} concurrent enquiries (client SDK, real rules, Functions emulator, SMTP catcher on ${PORTS.smtp})`,
    `  documents stored      ${stored}${refused ? ` (${refused} writes refused)` : ''}`,
    `  emails received       ${catcher.messages.length}`,
    `  duplicates            ${duplicates}`,
    `  enquiries without mail ${missing}${timedOut ? ' (timed out waiting)' : ''}`,
    `  delivery states       ${[...stateCounts.entries()].map(([state, n]) => `${state} ${n}`).join(', ')}`,
    `  latency submit→email  p50 ${seconds(percentile(latencies, 0.5))}, p95 ${seconds(percentile(latencies, 0.95))}, max ${seconds(latencies.at(-1) ?? NaN)}`,
    `  all writes done in    ${seconds(submitMs)}; all mail in ${seconds(mailMs)}`,
    `  warm-up (2 enquiries, not counted) ${seconds(warmUpMs)}`,
  ]);

  await catcher.close();
  await clients.close();
  return stored === options.count && duplicates === 0 && missing === 0 ? 0 : 1;
}

const options = readBenchOptions('bench:load', {
  count: DEFAULT_COUNT,
  timeoutS: DEFAULT_TIMEOUT_S,
  minCount: 1,
});
runBench('bench:load', FILES, options.inside, () => (options.inside ? inside(options) : outside(options)));
