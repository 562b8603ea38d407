/**
 * Flood benchmark of the enquiry path (not part of `npm test`):
 *
 *   npm run bench:flood -- [--count 1000] [--timeout-s 600] [--no-build]
 *
 * Builds the site and the functions, starts the Firestore, Functions and Hosting emulators through
 * the project launcher and runs itself inside them (`--inside-emulators`), with an SMTP catcher on
 * 2525 standing in for the sales mailbox. A script then writes N enquiries straight to Firestore
 * through the client SDK under the real rules (half of them one message copied, half from
 * distinct senders), and right after, a visitor sends one real enquiry through the site in
 * Chromium. When the triggers have settled, one sweep runs (the scheduled function's code; the
 * emulators do not run schedules), which sends the digest of held enquiries. It prints documents,
 * individual emails, digests, delivery states, and the real enquiry's submit-to-email time.
 * The emulators' own output goes to artifacts/bench-flood/emulators.log.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { deleteApp as deleteAdmin, initializeApp as initializeAdmin } from 'firebase-admin/app';
import {
  getFirestore as getAdminFirestore,
  type Firestore as AdminFirestore,
} from 'firebase-admin/firestore';
import { deleteApp as deleteClient, initializeApp as initializeClient } from 'firebase/app';
import {
  addDoc,
  collection,
  connectFirestoreEmulator,
  getFirestore,
  serverTimestamp,
  terminate,
} from 'firebase/firestore/lite';
import { chromium } from 'playwright-core';
import { DEFAULT_ADMISSION_LIMITS, indiaHourKey } from '../functions/src/admission.ts';
import * as contract from '../functions/src/contract/enquiry.ts';
import { SETTLED_STATES } from '../functions/src/delivery-state.ts';
import { createSmtpTransport } from '../functions/src/mail/transport.ts';
import { sweepUndeliveredEnquiries } from '../functions/src/sweeper.ts';
import { startSmtpCatcher, type CaughtMail } from '../tests/support/smtp-catcher.ts';
import { CHROMIUM_ARGS, chromiumPath } from './lib/chromium.ts';
import { PORTS, PROJECT_ID, ROOT } from './lib/emulator-env.ts';

const DEFAULT_COUNT = 1000;
const DEFAULT_TIMEOUT_S = 600;
const ARTIFACTS = join(ROOT, 'artifacts', 'bench-flood');
const REPORT_FILE = join(ARTIFACTS, 'report.txt');
const EMULATOR_LOG = join(ARTIFACTS, 'emulators.log');
const TSX_BIN = join(ROOT, 'node_modules', '.bin', 'tsx');
const SITE = `http://127.0.0.1:${PORTS.hosting}`;
const POLL_MS = 1000;
/** As functions/.env.local configures the emulated functions. */
const MAIL = {
  salesRecipients: ['sales@example.com'],
  from: 'SME Hair website <enquiries@example.com>',
  acknowledgeVisitor: false,
};

type BenchOptions = { count: number; timeoutS: number; build: boolean; inside: boolean };

function readOptions(): BenchOptions {
  const usage = 'usage: npm run bench:flood -- [--count N] [--timeout-s seconds] [--no-build]';
  try {
    const { values } = parseArgs({
      args: process.argv.slice(2),
      strict: true,
      options: {
        count: { type: 'string', default: String(DEFAULT_COUNT) },
        'timeout-s': { type: 'string', default: String(DEFAULT_TIMEOUT_S) },
        'no-build': { type: 'boolean', default: false },
        'inside-emulators': { type: 'boolean', default: false },
      },
    });
    const count = Number(values.count);
    const timeoutS = Number(values['timeout-s']);
    if (!Number.isInteger(count) || count < 2 || count > 5000) throw new Error('--count must be 2..5000');
    if (!Number.isFinite(timeoutS) || timeoutS <= 0) throw new Error('--timeout-s must be positive');
    return { count, timeoutS, build: !values['no-build'], inside: values['inside-emulators'] };
  } catch (error) {
    console.error(`✖ ${error instanceof Error ? error.message : String(error)}\n${usage}`);
    process.exit(2);
  }
}

/** Outside: build, start the emulators around this script, print the report it leaves. */
async function runAroundEmulators(options: BenchOptions): Promise<number> {
  mkdirSync(ARTIFACTS, { recursive: true });
  rmSync(REPORT_FILE, { force: true });
  if (options.build || !existsSync(join(ROOT, 'dist', 'site', 'enquiry.html'))) {
    console.log('• Building the site and the functions ...');
    if (spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) return 1;
  }
  const inner = `${TSX_BIN} scripts/bench-flood.ts --inside-emulators --count ${options.count} --timeout-s ${options.timeoutS}`;
  console.log(`• Starting the Firestore, Functions and Hosting emulators (log: ${EMULATOR_LOG}) ...`);
  const log = createWriteStream(EMULATOR_LOG);
  const launcher = spawn(
    TSX_BIN,
    [join(ROOT, 'scripts', 'emulators.ts'), 'exec', '--only', 'firestore,functions,hosting', inner],
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

async function statesOf(db: AdminFirestore, paths: string[]): Promise<Map<string, string>> {
  const states = new Map<string, string>();
  for (let offset = 0; offset < paths.length; offset += 100) {
    const refs = paths.slice(offset, offset + 100).map((path) => db.doc(path));
    for (const snapshot of await db.getAll(...refs))
      states.set(snapshot.ref.path, String(snapshot.get('notification.state') ?? 'NONE'));
  }
  return states;
}

async function until(condition: () => Promise<boolean>, deadline: number): Promise<boolean> {
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return condition();
}

/** The visitor: /enquiry in Chromium, the full form filled in, sent; resolves at the click. */
async function sendRealEnquiry(email: string): Promise<{ clickedAt: number; close: () => Promise<void> }> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('Chromium is required for bench:flood');
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  page.setDefaultTimeout(30_000);
  await page.goto(`${SITE}/enquiry`);
  const form = page.locator('form.enquiry-form').first();
  const submit = form.getByRole('button', { name: 'Send Enquiry' });
  await submit.waitFor();
  await page.waitForFunction(
    () =>
      !(document.querySelector('form.enquiry-form button[type="submit"]') as HTMLButtonElement | null)
        ?.disabled,
  );
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Meena Sundaram');
  await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('98400 12345');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByRole('textbox', { name: 'City', exact: true }).fill('Coimbatore');
  await form.getByRole('combobox', { name: 'Order Type' }).selectOption('bulk');
  await form
    .getByRole('textbox', { name: 'Message', exact: true })
    .fill('Looking for 10 kg of single drawn bulk hair every month.');
  await form.getByRole('checkbox', { name: /I agree to the Terms & Conditions/ }).check();
  const clickedAt = Date.now();
  await submit.click();
  await page.getByRole('dialog', { name: 'Thank you!' }).waitFor();
  return { clickedAt, close: () => browser.close() };
}

/** Inside the emulators: flood, real enquiry, settle, one sweep, report. */
async function runInsideEmulators(options: BenchOptions): Promise<number> {
  const catcher = await startSmtpCatcher({ port: PORTS.smtp });
  const client = initializeClient({ projectId: PROJECT_ID, apiKey: 'demo-api-key' }, 'bench-flood-client');
  const db = getFirestore(client);
  connectFirestoreEmulator(db, '127.0.0.1', PORTS.firestore);
  const admin = initializeAdmin({ projectId: PROJECT_ID }, 'bench-flood-admin');
  const adminDb = getAdminFirestore(admin);
  const runId = Date.now().toString(36);
  const deadline = Date.now() + options.timeoutS * 1000;

  // A script: half one message copied, half distinct senders, all written at once.
  const copies = Math.floor(options.count / 2);
  const write = async (index: number) => {
    const copy = index < copies;
    const payload = contract.buildEnquiryPayload(
      {
        name: copy ? 'Cheap Hair Deals' : `Flood ${runId} ${index}`,
        companyname: 'Script Traders',
        phone: copy ? '9000000000' : String(8_000_000_000 + index),
        email: copy ? 'deals@spam.example' : `flood-${runId}-${index}@spam.example`,
        city: 'Nowhere',
        ordertype: 'Bulk',
        message: copy
          ? 'Best prices on hair, visit our site today!'
          : `Scripted enquiry ${runId} number ${index}.`,
      },
      contract.FORM_PAGES.other,
      new Date(),
    );
    const ref = await addDoc(collection(db, contract.ENQUIRY_COLLECTION), {
      ...payload,
      createdAt: serverTimestamp(),
    });
    return ref.path;
  };
  const floodStarted = Date.now();
  const written = await Promise.allSettled(Array.from({ length: options.count }, (_, index) => write(index)));
  const floodPaths = written.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const floodWriteMs = Date.now() - floodStarted;

  const realEmail = `meena.${runId}@example.com`;
  const visitor = await sendRealEnquiry(realEmail);
  const [realDoc] = (
    await adminDb.collection(contract.ENQUIRY_COLLECTION).where('email', '==', realEmail).get()
  ).docs;
  const realPath = realDoc?.ref.path ?? '';
  let realMail: CaughtMail | undefined;
  const findRealMail = () =>
    catcher.messages.find(
      (mail) =>
        mail.headers.get('x-enquiry-id') === realPath ||
        (mail.headers.has('x-enquiry-digest') &&
          (mail.attachments[0]?.content.toString('utf8') ?? '').includes(realPath)),
    );

  // The triggers settle: every document has a delivery record other than SENDING.
  const allPaths = [...floodPaths, realPath].filter(Boolean);
  let states = await statesOf(adminDb, allPaths);
  const settled = await until(async () => {
    realMail ??= findRealMail();
    states = await statesOf(adminDb, allPaths);
    return [...states.values()].every((state) => state !== 'NONE' && state !== 'SENDING');
  }, deadline);
  const triggersSettledMs = Date.now() - floodStarted;
  realMail ??= findRealMail();

  // The scheduled sweep's code, once: it sends the digest of what was held.
  const sweep = await sweepUndeliveredEnquiries(
    {
      db: adminDb,
      transport: createSmtpTransport({
        host: '127.0.0.1',
        port: PORTS.smtp,
        secure: false,
        user: '',
        password: '',
      }),
      mail: MAIL,
      limits: DEFAULT_ADMISSION_LIMITS,
      clock: () => new Date(),
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    },
    `bench-flood-${runId}`,
  );
  realMail ??= findRealMail();
  states = await statesOf(adminDb, allPaths);
  await visitor.close();

  const digests = catcher.messages.filter((mail) => mail.headers.has('x-enquiry-digest'));
  const individual = catcher.messages.length - digests.length;
  const counts = new Map<string, number>();
  for (const state of states.values()) counts.set(state, (counts.get(state) ?? 0) + 1);
  const unsettled = [...states.values()].filter(
    (state) => !(SETTLED_STATES as readonly string[]).includes(state),
  ).length;
  const realWaitMs = realMail ? realMail.receivedAt - visitor.clickedAt : NaN;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const report = [
    `Enquiry flood benchmark: ${options.count} scripted writes (client SDK, real rules; ${copies} copies of one message, ${options.count - copies} distinct senders), then one real enquiry through the site in Chromium`,
    `  documents stored        ${floodPaths.length + (realPath ? 1 : 0)} (${floodPaths.length} scripted in ${seconds(floodWriteMs)}, ${options.count - floodPaths.length} refused; real: ${realPath || 'not stored'})`,
    `  individual emails       ${individual} (hourly cap ${DEFAULT_ADMISSION_LIMITS.hourlyCap}; India-time hours of the run: ${[...new Set([indiaHourKey(new Date(floodStarted)), indiaHourKey(new Date())])].join(', ')})`,
    `  digests                 ${digests.length}${digests.length ? ` (covering ${sweep.digest.status === 'sent' ? sweep.digest.enquiries : 0} held enquiries)` : ''}`,
    `  delivery states         ${[...counts.entries()].map(([state, n]) => `${state} ${n}`).join(', ')}`,
    `  not settled             ${unsettled}${settled ? '' : ' (timed out waiting for the triggers)'}`,
    `  real enquiry            ${realMail ? `${realMail.headers.has('x-enquiry-digest') ? 'in the digest' : 'its own email'}, ${seconds(realWaitMs)} from submit to email` : 'NOT EMAILED'} (state ${states.get(realPath) ?? 'unknown'})`,
    `  triggers settled after  ${seconds(triggersSettledMs)}; sweep: ${JSON.stringify({ due: sweep.due, sent: sweep.sent, queried: sweep.queried, digest: sweep.digest.status })}`,
  ].join('\n');
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(REPORT_FILE, `${report}\n`);

  await catcher.close();
  await terminate(db);
  await deleteClient(client);
  await deleteAdmin(admin);
  // A run that crosses an India-time hour gets a second hour's cap.
  const hours = new Set([indiaHourKey(new Date(floodStarted)), indiaHourKey(new Date())]).size;
  return realMail && unsettled === 0 && individual <= DEFAULT_ADMISSION_LIMITS.hourlyCap * hours ? 0 : 1;
}

const options = readOptions();
const run = options.inside ? runInsideEmulators(options) : runAroundEmulators(options);
run.then(
  (code) => process.exit(code),
  (error: unknown) => {
    const line = `✖ bench:flood failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
    if (options.inside) writeFileSync(REPORT_FILE, `${line}\n`);
    console.error(line);
    process.exit(1);
  },
);
