/**
 * Flood benchmark of the enquiry path (not part of `npm test`):
 *
 *   npm run bench:flood -- [--count 1000] [--timeout-s 600] [--no-build]
 *
 * Builds the site and the functions, starts the Firestore, Functions and Hosting emulators through
 * the project launcher and runs itself inside them (`--inside-emulators`), with an SMTP catcher on
 * 2525 standing in for the sales mailbox. A script then writes N enquiries straight to Firestore
 * through the client SDK under the real rules (half of them one message copied, half from
 * distinct senders, all replaying one captured request's date and time), among them 5 that use a
 * real buyer's phone under other names and addresses and 6 popups that use a real popup buyer's
 * email and phone, one per business. Right after, the buyer sends a real enquiry through the site
 * in Chromium, and the popup buyer sends theirs the way the site's popup does (client SDK, the
 * device's clock). When the triggers have settled, one sweep runs (the scheduled function's code),
 * which sends the digest of held enquiries and duplicates. It prints documents, individual emails,
 * digests, delivery states, and where each real buyer reached sales (their own email, or the row
 * of the digest's table) with the submit-to-email time.
 * The emulators' own output goes to artifacts/bench-flood/emulators.log.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Firestore as AdminFirestore } from 'firebase-admin/firestore';
import { chromium } from 'playwright-core';
import { DEFAULT_ADMISSION_LIMITS } from '../functions/src/enquiry/deps';
import { indiaHourKey } from '../functions/src/contract/base/india-time';
import * as contract from '../functions/src/contract/enquiry/enquiry';
import { ENQUIRY_COLLECTION, POPUP_ENQUIRY_COLLECTION } from '../functions/src/contract/enquiry/collections';
import { SETTLED_STATES } from '../functions/src/contract/delivery/delivery';
import { createSmtpTransport } from '../functions/src/channels/mail/transport';
import { sweepUndeliveredEnquiries } from '../functions/src/enquiry/sweeper';
import { startSmtpCatcher, type CaughtMail } from '../tests/support/smtp-catcher';
import { CHROMIUM_ARGS, chromiumPath } from './lib/chromium';
import * as harness from './lib/bench-harness';
import { PORTS, ROOT, RUN_TS_COMMAND } from './lib/project';

/** 300 copies of one message and 300 distinct senders. */
const DEFAULT_COUNT = 600;
/** The real buyers, and how many scripted writes borrow their phone, or email and phone. */
const BUYER = { name: 'Meena Sundaram', phone: '9840012345', typedPhone: '98400 12345' } as const;
const POPUP_BUYER = { name: 'Arun Kumar', phone: '9123456780' } as const;
const PHONE_SQUATTERS = 5;
const DEFAULT_TIMEOUT_S = 600;
const FILES = harness.benchFiles('bench-flood');
const SITE = `http://127.0.0.1:${PORTS.hosting}`;
const POLL_MS = 1000;
/** As functions/.env.local configures the emulated functions. */
const MAIL = {
  salesRecipients: ['sales@example.com'],
  from: 'SME Hair website <enquiries@example.com>',
  acknowledgeVisitor: false,
};

/** Outside: build, then run this script inside the emulators and print its report. */
async function outside(options: harness.BenchOptions): Promise<number> {
  if (options.build || !existsSync(join(ROOT, 'dist', 'site', 'enquiry.html'))) {
    console.log('• Building the site and the functions ...');
    if (spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) return 1;
  }
  const inner = `${RUN_TS_COMMAND} scripts/bench-flood.ts --inside-emulators --count ${options.count} --timeout-s ${options.timeoutS}`;
  return harness.runAroundEmulators(FILES, 'firestore,functions,hosting', inner);
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
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(BUYER.name);
  await form.getByRole('textbox', { name: 'Phone', exact: true }).fill(BUYER.typedPhone);
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
async function inside(options: harness.BenchOptions): Promise<number> {
  const catcher = await startSmtpCatcher({ port: PORTS.smtp, acknowledgementsApart: true });
  const clients = harness.openEmulatorClients('bench-flood');
  const { db, adminDb } = clients;
  const runId = Date.now().toString(36);
  const deadline = Date.now() + options.timeoutS * 1000;

  // A script: half one message copied, half distinct senders, all written at once, replaying the
  // date and time of one request it captured two hours earlier (a script's, not a device's clock).
  const copies = Math.floor(options.count / 2);
  const captured = new Date(Date.now() - 2 * 60 * 60_000 - 7 * 60_000);
  const realEmail = `meena.${runId}@example.com`;
  const popupEmail = `arun.${runId}@example.com`;
  const write = async (index: number) => {
    const copy = index < copies;
    // The first distinct senders borrow the real buyer's phone, under their own names and addresses.
    const squatter = !copy && index - copies < PHONE_SQUATTERS;
    const payload = contract.buildEnquiryPayload(
      {
        name: copy ? 'Cheap Hair Deals' : `Flood ${runId} ${index}`,
        companyname: 'Script Traders',
        phone: copy ? '9000000000' : squatter ? BUYER.phone : String(8_000_000_000 + index),
        email: copy ? 'deals@spam.example' : `flood-${runId}-${index}@spam.example`,
        city: 'Nowhere',
        ordertype: 'Bulk',
        message: copy
          ? 'Best prices on hair, visit our site today!'
          : `Scripted enquiry ${runId} number ${index}.`,
      },
      contract.FORM_PAGES.other,
      captured,
    );
    return harness.writeAsVisitor(db, ENQUIRY_COLLECTION, payload);
  };
  // Six popups with the popup buyer's email and phone, one per business, under another name.
  const squatPopup = async (business: contract.BusinessOption) => {
    const payload = contract.buildPopupEnquiryPayload(
      { name: 'Squatter', email: popupEmail, phone: POPUP_BUYER.phone, business },
      captured,
    );
    return harness.writeAsVisitor(db, POPUP_ENQUIRY_COLLECTION, payload);
  };
  const floodStarted = Date.now();
  const written = await Promise.allSettled([
    ...Array.from({ length: options.count }, (_, index) => write(index)),
    ...contract.BUSINESS_OPTIONS.map(squatPopup),
  ]);
  const floodPaths = written.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const floodWriteMs = Date.now() - floodStarted;

  const visitor = await sendRealEnquiry(realEmail);
  const [realDoc] = (await adminDb.collection(ENQUIRY_COLLECTION).where('email', '==', realEmail).get()).docs;
  const realPath = realDoc?.ref.path ?? '';
  // The popup buyer, as the site's popup writes: their own clock, their own wholesaler enquiry.
  const popupSentAt = Date.now();
  const popupPath = await harness.writeAsVisitor(
    db,
    POPUP_ENQUIRY_COLLECTION,
    contract.buildPopupEnquiryPayload(
      {
        name: POPUP_BUYER.name,
        email: popupEmail,
        phone: POPUP_BUYER.phone,
        business: contract.DEFAULT_BUSINESS,
      },
      new Date(),
    ),
  );
  /** Where a real buyer reached sales: their own email, or a digest (with the table row, if shown). */
  const reached = (path: string) => {
    const own = catcher.messages.find((mail) => mail.headers.get('x-enquiry-id') === path);
    if (own) return { mail: own, where: 'its own email' };
    for (const mail of catcher.messages.filter((caught) => caught.headers.has('x-enquiry-digest'))) {
      const csv = mail.attachments[0]?.content.toString('utf8') ?? '';
      const rank = csv
        .split('\r\n')
        .find((line) => line.split(',')[1] === path)
        ?.split(',')[0];
      if (rank) {
        const shown = Number(rank) <= 50 ? `row ${rank} of the table` : `CSV row ${rank}, NOT in the table`;
        return { mail, where: `the digest, ${shown}` };
      }
    }
    return null;
  };
  let realMail: CaughtMail | undefined;
  const findRealMail = () => reached(realPath)?.mail;

  // The triggers settle: every document has a delivery record other than SENDING.
  const allPaths = [...floodPaths, realPath, popupPath].filter(Boolean);
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
  const buyerLine = (path: string, sentAt: number) => {
    const found = reached(path);
    const state = states.get(path) ?? 'unknown';
    return found
      ? `${found.where}, ${harness.seconds(found.mail.receivedAt - sentAt)} from submit to email (state ${state})`
      : `NOT EMAILED (state ${state})`;
  };
  const popupReached = reached(popupPath);
  harness.writeReport(FILES, [
    `Enquiry flood benchmark: ${options.count} scripted writes (client SDK, real rules; ${copies} copies of one message, ${options.count - copies} distinct senders of which ${PHONE_SQUATTERS} use the real buyer's phone; all with one captured request's date and time) and ${contract.BUSINESS_OPTIONS.length} popups with the popup buyer's email and phone; then a real enquiry through the site in Chromium and a real popup enquiry`,
    `  documents stored        ${floodPaths.length + (realPath ? 1 : 0) + 1} (${floodPaths.length} scripted in ${harness.seconds(floodWriteMs)}, ${options.count + contract.BUSINESS_OPTIONS.length - floodPaths.length} refused; real: ${realPath || 'not stored'}, ${popupPath})`,
    `  individual emails       ${individual} (hourly cap ${DEFAULT_ADMISSION_LIMITS.hourlyCap}; India-time hours of the run: ${[...new Set([indiaHourKey(new Date(floodStarted)), indiaHourKey(new Date())])].join(', ')})`,
    `  digests                 ${digests.length}${digests.length ? ` (covering ${sweep.digest.status === 'sent' ? sweep.digest.enquiries : 0} held enquiries and duplicates)` : ''}`,
    `  delivery states         ${[...counts.entries()].map(([state, n]) => `${state} ${n}`).join(', ')}`,
    `  not settled             ${unsettled}${settled ? '' : ' (timed out waiting for the triggers)'}`,
    `  real enquiry            ${buyerLine(realPath, visitor.clickedAt)}`,
    `  real popup enquiry      ${buyerLine(popupPath, popupSentAt)}`,
    `  triggers settled after  ${harness.seconds(triggersSettledMs)}; sweep: ${JSON.stringify({ due: sweep.due, sent: sweep.sent, queried: sweep.queried, digest: sweep.digest.status })}`,
  ]);

  await catcher.close();
  await clients.close();
  // A run that crosses an India-time hour gets a second hour's cap.
  const hours = new Set([indiaHourKey(new Date(floodStarted)), indiaHourKey(new Date())]).size;
  const inTable = (where: string | undefined) => where !== undefined && !where.includes('NOT in the table');
  const bothReached = inTable(reached(realPath)?.where) && inTable(popupReached?.where);
  return bothReached && unsettled === 0 && individual <= DEFAULT_ADMISSION_LIMITS.hourlyCap * hours ? 0 : 1;
}

const options = harness.readBenchOptions('bench:flood', {
  count: DEFAULT_COUNT,
  timeoutS: DEFAULT_TIMEOUT_S,
  minCount: 2,
});
harness.runBench('bench:flood', FILES, options.inside, () =>
  options.inside ? inside(options) : outside(options),
);
