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
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { deleteApp as deleteAdmin, initializeApp as initializeAdmin } from 'firebase-admin/app';
import { getFirestore as getAdminFirestore } from 'firebase-admin/firestore';
import { deleteApp as deleteClient, initializeApp as initializeClient } from 'firebase/app';
import {
  addDoc,
  collection,
  connectFirestoreEmulator,
  getFirestore,
  serverTimestamp,
  terminate,
} from 'firebase/firestore/lite';
import * as contract from '../functions/src/contract/enquiry.ts';
import { startSmtpCatcher } from '../tests/support/smtp-catcher.ts';
import { PORTS, PROJECT_ID, ROOT } from './lib/emulator-env.ts';

const DEFAULT_COUNT = 200;
const DEFAULT_TIMEOUT_S = 300;
const ARTIFACTS = join(ROOT, 'artifacts', 'bench-load');
const REPORT_FILE = join(ARTIFACTS, 'report.txt');
const EMULATOR_LOG = join(ARTIFACTS, 'emulators.log');
const TSX_BIN = join(ROOT, 'node_modules', '.bin', 'tsx');
const TSC_BIN = join(ROOT, 'node_modules', '.bin', 'tsc');
/** How often the run looks at the delivery records while it waits for them to settle. */
const POLL_MS = 500;

type BenchOptions = { count: number; timeoutS: number; inside: boolean };

function readOptions(): BenchOptions {
  const usage = 'usage: npm run bench:load -- [--count N] [--timeout-s seconds]';
  try {
    const { values } = parseArgs({
      args: process.argv.slice(2),
      strict: true,
      options: {
        count: { type: 'string', default: String(DEFAULT_COUNT) },
        'timeout-s': { type: 'string', default: String(DEFAULT_TIMEOUT_S) },
        'inside-emulators': { type: 'boolean', default: false },
      },
    });
    const count = Number(values.count);
    const timeoutS = Number(values['timeout-s']);
    if (!Number.isInteger(count) || count < 1 || count > 5000) throw new Error('--count must be 1..5000');
    if (!Number.isFinite(timeoutS) || timeoutS <= 0) throw new Error('--timeout-s must be positive');
    return { count, timeoutS, inside: values['inside-emulators'] };
  } catch (error) {
    console.error(`✖ ${error instanceof Error ? error.message : String(error)}\n${usage}`);
    process.exit(2);
  }
}

/** Outside: build, start the emulators around this script, print the report it leaves. */
async function runAroundEmulators(options: BenchOptions): Promise<number> {
  mkdirSync(ARTIFACTS, { recursive: true });
  rmSync(REPORT_FILE, { force: true });
  console.log('• Building the functions (functions/lib) for the emulator ...');
  const build = spawnSync(TSC_BIN, ['-p', join(ROOT, 'functions', 'tsconfig.json')], { stdio: 'inherit' });
  if (build.status !== 0) return 1;

  const inner = `${TSX_BIN} scripts/bench-load.ts --inside-emulators --count ${options.count} --timeout-s ${options.timeoutS}`;
  console.log(`• Starting the Firestore and Functions emulators (log: ${EMULATOR_LOG}) ...`);
  const log = createWriteStream(EMULATOR_LOG);
  const launcher = spawn(
    TSX_BIN,
    [join(ROOT, 'scripts', 'emulators.ts'), 'exec', '--only', 'firestore,functions', inner],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  launcher.stdout.pipe(log, { end: false });
  launcher.stderr.pipe(log, { end: false });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => launcher.kill(signal));
  const code = await new Promise<number>((resolve) =>
    launcher.on('close', (exitCode) => resolve(exitCode ?? 1)),
  );
  log.end();
  try {
    console.log(readFileSync(REPORT_FILE, 'utf8'));
  } catch {
    console.error(`✖ the benchmark left no report; see ${EMULATOR_LOG}`);
    return code || 1;
  }
  return code;
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? NaN;
}

/** Inside the emulators: submit, wait for mail and SENT records, write the report. */
async function runInsideEmulators(options: BenchOptions): Promise<number> {
  const catcher = await startSmtpCatcher({ port: PORTS.smtp });
  const client = initializeClient({ projectId: PROJECT_ID, apiKey: 'demo-api-key' }, 'bench-client');
  const db = getFirestore(client);
  connectFirestoreEmulator(db, '127.0.0.1', PORTS.firestore);
  const admin = initializeAdmin({ projectId: PROJECT_ID }, 'bench-admin');
  const adminDb = getAdminFirestore(admin);
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

  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const report = [
    `Enquiry mail load benchmark: ${options.count} concurrent enquiries (client SDK, real rules, Functions emulator, SMTP catcher on ${PORTS.smtp})`,
    `  documents stored      ${stored}${refused ? ` (${refused} writes refused)` : ''}`,
    `  emails received       ${catcher.messages.length}`,
    `  duplicates            ${duplicates}`,
    `  enquiries without mail ${missing}${timedOut ? ' (timed out waiting)' : ''}`,
    `  delivery states       ${[...stateCounts.entries()].map(([state, n]) => `${state} ${n}`).join(', ')}`,
    `  latency submit→email  p50 ${seconds(percentile(latencies, 0.5))}, p95 ${seconds(percentile(latencies, 0.95))}, max ${seconds(latencies.at(-1) ?? NaN)}`,
    `  all writes done in    ${seconds(submitMs)}; all mail in ${seconds(mailMs)}`,
    `  warm-up (2 enquiries, not counted) ${seconds(warmUpMs)}`,
  ].join('\n');
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(REPORT_FILE, `${report}\n`);

  await catcher.close();
  await terminate(db);
  await deleteClient(client);
  await deleteAdmin(admin);
  return stored === options.count && duplicates === 0 && missing === 0 ? 0 : 1;
}

const options = readOptions();
const run = options.inside ? runInsideEmulators(options) : runAroundEmulators(options);
run.then(
  (code) => process.exit(code),
  (error: unknown) => {
    const line = `✖ bench:load failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
    // Inside the emulators stdout goes to their log; the report file is what the outside prints.
    if (options.inside) writeFileSync(REPORT_FILE, `${line}\n`);
    console.error(line);
    process.exit(1);
  },
);
