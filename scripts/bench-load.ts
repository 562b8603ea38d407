/**
 * Load benchmark of the enquiry mail path (not part of `npm test`):
 *
 *   flock /tmp/sme-emulator.lock npm run bench:load -- [--count 200] [--timeout-s 300]
 *
 * Builds the functions, starts the Firestore and Functions emulators through the project launcher
 * and runs itself inside them (`--inside-emulators`): an SMTP catcher on 2525 (where
 * functions/.env.local sends), N enquiries submitted at once through the client SDK under the real
 * rules (full and popup forms alternating), with the WhatsApp Cloud API stand-in on 9190. It waits
 * until each enquiry is SENT (its own email and WhatsApp alert) or, past the hourly cap, HELD, and
 * prints documents stored, states, emails, duplicates, submit-to-email latency, and the p50 and
 * p95 time from each document's creation to the stand-in's receipt of its alert. The emulators' own output
 * goes to artifacts/bench-load/emulators.log. Exits non-zero if any enquiry lost its email or got two,
 * or a sales number got two WhatsApp alerts about one enquiry.
 *
 * Then, in a second run of the Firestore, Hosting and Auth emulators (artifacts/bench-load-inbox/),
 * how many documents opening the sales inbox reads with 20,000 enquiries seeded
 * (scripts/lib/inbox-reads.ts); more than a few hundred fails the run. `--no-build` uses the site
 * and functions as last built.
 */
import { spawnSync } from 'node:child_process';
import * as contract from '../functions/src/contract/enquiry/enquiry';
import { ENQUIRY_COLLECTION, POPUP_ENQUIRY_COLLECTION } from '../functions/src/contract/enquiry/collections';
import { startSmtpCatcher } from '../tests/support/smtp-catcher';
import {
  benchFiles,
  openEmulatorClients,
  percentile,
  runAroundEmulators,
  readBenchOptions,
  runBench,
  type BenchOptions,
  seconds,
  writeAsVisitor,
  writeReport,
} from './lib/bench-harness';
import { measureInboxReads } from './lib/inbox-reads';
import { emulatorFunctionsEnv, emulatorWhatsAppSettings } from './lib/local-sweep';
import { PORTS, ROOT, RUN_TS_COMMAND } from './lib/project';
import { startWhatsAppStandIn } from './lib/whatsapp-stand-in';

const DEFAULT_COUNT = 200;
const DEFAULT_TIMEOUT_S = 300;
const FILES = benchFiles('bench-load');
const INBOX_FILES = benchFiles('bench-load-inbox');
/** How often the run looks at the delivery records while it waits for them to settle. */
const POLL_MS = 500;

/**
 * Outside: build the site and the functions, then run this script inside the emulators and print
 * its report; then the inbox's reads, inside emulators of their own.
 */
async function outside(options: BenchOptions): Promise<number> {
  if (options.build) {
    console.log('• Building the site and the functions for the emulators ...');
    if (spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) return 1;
  }
  const inner = `${RUN_TS_COMMAND} scripts/bench-load.ts --inside-emulators --count ${options.count} --timeout-s ${options.timeoutS}`;
  const alerts = await runAroundEmulators(FILES, 'firestore,functions', inner);
  const reads = await runAroundEmulators(
    INBOX_FILES,
    'firestore,hosting',
    `${RUN_TS_COMMAND} scripts/bench-load.ts --inside-emulators --part inbox-reads`,
  );
  return alerts || reads;
}

/** Inside the second run: the inbox's reads on a database of 20,000 enquiries. */
async function insideInboxReads(): Promise<number> {
  const { lines, ok } = await measureInboxReads();
  writeReport(INBOX_FILES, lines);
  return ok ? 0 : 1;
}

/** Inside the emulators: submit, wait for mail and SENT records, write the report. */
async function inside(options: BenchOptions): Promise<number> {
  const catcher = await startSmtpCatcher({ port: PORTS.smtp, acknowledgementsApart: true });
  const env = emulatorFunctionsEnv();
  const standIn = await startWhatsAppStandIn({
    port: PORTS.whatsapp,
    token: env.WHATSAPP_TOKEN ?? '',
    phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID ?? '',
  });
  const phones = emulatorWhatsAppSettings(env)?.numbers.length ?? 0;
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
      return writeAsVisitor(db, ENQUIRY_COLLECTION, payload);
    }
    const payload = contract.buildPopupEnquiryPayload(
      { name: label, email: `bench${index}@example.com`, phone, business: contract.DEFAULT_BUSINESS },
      now,
    );
    return writeAsVisitor(db, POPUP_ENQUIRY_COLLECTION, payload);
  };

  // One enquiry per trigger first, so the numbers below measure steady work, not module loading.
  const warmUpStart = Date.now();
  await Promise.all([submit(-2), submit(-1)]);
  await catcher.waitForMessages(2, options.timeoutS * 1000);
  standIn.clear();
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

  // Every stored enquiry settles: its own email (SENT) or, past the hourly cap, HELD for the digest.
  const states = new Map<string, string>();
  const createdAt = new Map<string, number>();
  const readStates = async () => {
    const paths = [...submittedAt.keys()];
    for (let offset = 0; offset < paths.length; offset += 100) {
      const refs = paths.slice(offset, offset + 100).map((path) => adminDb.doc(path));
      for (const snapshot of await adminDb.getAll(...refs)) {
        states.set(snapshot.ref.path, String(snapshot.get('notification.state') ?? 'NONE'));
        const created = snapshot.get('createdAt') as { toMillis?: () => number } | undefined;
        if (created?.toMillis) createdAt.set(snapshot.ref.path, created.toMillis());
      }
    }
  };
  const sentPaths = () => [...states].filter(([, state]) => state === 'SENT').map(([path]) => path);
  const alertsFor = (path: string) =>
    standIn.messages.filter((message) => message.parameters[5]?.endsWith(`/${path}`));
  const settled = () =>
    [...states.values()].every((state) => state === 'SENT' || state === 'HELD') &&
    sentPaths().every((path) => alertsFor(path).length >= phones);
  await readStates();
  while (!settled() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    await readStates();
  }
  const timedOut = !settled();
  const settledMs = Date.now() - started;

  const mailsPerEnquiry = new Map<string, number>();
  const latencies: number[] = [];
  for (const mail of catcher.messages) {
    const path = String(mail.headers.get('x-enquiry-id') ?? '');
    mailsPerEnquiry.set(path, (mailsPerEnquiry.get(path) ?? 0) + 1);
    const before = submittedAt.get(path);
    if (before !== undefined && mailsPerEnquiry.get(path) === 1) latencies.push(mail.receivedAt - before);
  }
  latencies.sort((a, b) => a - b);
  // The alert: from the document's creation (the server's time) to the stand-in's receipt.
  const alertLatencies: number[] = [];
  let alertRepeats = 0;
  for (const path of sentPaths()) {
    const alerts = alertsFor(path);
    alertRepeats += alerts.length - new Set(alerts.map((alert) => alert.to)).size;
    const first = Math.min(...alerts.map((alert) => Date.parse(alert.receivedAt)));
    const created = createdAt.get(path);
    if (alerts.length && created !== undefined) alertLatencies.push(first - created);
  }
  alertLatencies.sort((a, b) => a - b);
  const duplicates = [...mailsPerEnquiry.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
  const missing = sentPaths().filter((path) => !mailsPerEnquiry.has(path)).length;
  const stateCounts = new Map<string, number>();
  for (const state of states.values()) stateCounts.set(state, (stateCounts.get(state) ?? 0) + 1);
  const spread = (values: number[]) =>
    `p50 ${seconds(percentile(values, 0.5))}, p95 ${seconds(percentile(values, 0.95))}, max ${seconds(values.at(-1) ?? NaN)} (${values.length} enquiries)`;

  writeReport(FILES, [
    `Enquiry load benchmark: ${options.count} concurrent enquiries (client SDK, real rules, Functions emulator, SMTP catcher on ${PORTS.smtp}, WhatsApp stand-in on ${PORTS.whatsapp} with ${phones} sales numbers)`,
    `  documents stored        ${stored}${refused ? ` (${refused} writes refused)` : ''}`,
    `  delivery states         ${[...stateCounts.entries()].map(([state, n]) => `${state} ${n}`).join(', ')} (past the hourly cap, HELD for the digest)`,
    `  emails received         ${catcher.messages.length}; duplicates ${duplicates}; SENT without mail ${missing}${timedOut ? ' (timed out waiting)' : ''}`,
    `  latency submit→email    ${spread(latencies)}`,
    `  WhatsApp alerts         ${standIn.messages.length} messages; a number alerted twice for one enquiry: ${alertRepeats}`,
    `  latency created→alert   ${spread(alertLatencies)}`,
    `  all writes done in      ${seconds(submitMs)}; all settled in ${seconds(settledMs)}`,
    `  warm-up (2 enquiries, not counted) ${seconds(warmUpMs)}`,
  ]);

  await catcher.close();
  await clients.close();
  await standIn.close();
  return stored === options.count && duplicates === 0 && missing === 0 && alertRepeats === 0 && !timedOut
    ? 0
    : 1;
}

const options = readBenchOptions('bench:load', {
  count: DEFAULT_COUNT,
  timeoutS: DEFAULT_TIMEOUT_S,
  minCount: 1,
});
runBench('bench:load', options.part === 'inbox-reads' ? INBOX_FILES : FILES, options.inside, () =>
  options.inside ? (options.part === 'inbox-reads' ? insideInboxReads() : inside(options)) : outside(options),
);
