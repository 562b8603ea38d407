/**
 * `npm start`: builds the site and the functions, then runs the whole stack locally on the demo
 * project: Firestore, Functions, Hosting and Auth emulators plus a mail catcher (MailDev) that
 * shows every email the functions send, and creates the demo sales account for /inbox.
 * Ctrl-C stops everything (scripts/start-stop.test.ts proves it). `--no-build` starts from the
 * last build.
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { parseArgs } from 'node:util';
import { EMULATOR_PORTS, fail, LOCAL_SERVER_PORTS, PORTS, PROJECT_ID, requireJava } from './lib/project';
import { seedSiteDrafts } from './lib/site-drafts';
import {
  HOSTING_STAND_IN_ORIGIN,
  LOCAL_SWEEP_ORIGIN,
  startLocalServices,
  WHATSAPP_STAND_IN_ORIGIN,
  type LocalServices,
} from './lib/local-services';
import {
  AUTH_EMULATOR_HOST,
  DEMO_OWNER_ACCOUNT,
  DEMO_SALES_ACCOUNT,
  ensureAccount,
} from './lib/sales-accounts';
import {
  requireFreePorts,
  run,
  startEmulators,
  startMailCatcher,
  stopOnSignal,
  stopServers,
  waitForUrl,
  within,
} from './lib/processes';

const SITE_URL = `http://127.0.0.1:${PORTS.hosting}`;
const MAIL_URL = `http://127.0.0.1:${PORTS.mailUi}`;
const STARTUP_TIMEOUT_MS = 90_000;

const LOCAL_PORTS = { ...EMULATOR_PORTS, ...LOCAL_SERVER_PORTS };

const options = (() => {
  try {
    const { values } = parseArgs({ options: { 'no-build': { type: 'boolean', default: false } } });
    return { build: !values['no-build'] };
  } catch (error) {
    console.error(`✖ ${(error as Error).message}\nusage: npm start [-- --no-build]`);
    process.exit(2);
  }
})();

requireJava();
await requireFreePorts(LOCAL_PORTS);

const started = performance.now();
if (options.build) run('npm', ['run', 'build']);

const mail = startMailCatcher();
const emulators = startEmulators('firestore,functions,hosting');
const servers = [emulators, mail];
let services: LocalServices | undefined;
stopOnSignal(servers, LOCAL_PORTS, [async () => services?.stop()]);

try {
  const dead = () => servers.some((server) => server.exitCode !== null);
  await waitForUrl(`${MAIL_URL}/email`, STARTUP_TIMEOUT_MS, dead);
  await within(emulators.ready, STARTUP_TIMEOUT_MS, 'Starting the emulators');
  await waitForUrl(`${SITE_URL}/home`, STARTUP_TIMEOUT_MS, dead);
  // The Auth emulator starts empty every time: the demo sales and owner accounts are made anew.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = AUTH_EMULATOR_HOST;
  const admin = initializeApp({ projectId: PROJECT_ID }, 'start');
  try {
    await ensureAccount(getAuth(admin), DEMO_SALES_ACCOUNT, true);
    await ensureAccount(getAuth(admin), DEMO_OWNER_ACCOUNT, true, true);
    // The Site part starts from the committed seed, as the site does.
    process.env.FIRESTORE_EMULATOR_HOST ??= `127.0.0.1:${PORTS.firestore}`;
    await seedSiteDrafts(getFirestore(admin));
  } finally {
    await deleteApp(admin);
  }
  services = await startLocalServices();
} catch (error) {
  await services?.stop();
  await stopServers(servers);
  fail(`The local stack did not start: ${(error as Error).message}.`);
}

const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`
✓ Ready in ${seconds} s (demo project, nothing leaves this machine)
  Site        ${SITE_URL}/home
  Mail        ${MAIL_URL}   (every email the sales team would get)
  Firestore   http://127.0.0.1:${PORTS.firestore}
  WhatsApp    ${WHATSAPP_STAND_IN_ORIGIN}   (every alert the sales phones would get)
  Sweep       every 15 minutes, as in production (retries, the hourly digest of held enquiries);
              run it now: curl -X POST ${LOCAL_SWEEP_ORIGIN}/run
  Inbox       ${SITE_URL}/inbox   sign in as ${DEMO_SALES_ACCOUNT.email} / ${DEMO_SALES_ACCOUNT.password}
              or, to find, export and erase a buyer's data, the owner ${DEMO_OWNER_ACCOUNT.email} / ${DEMO_OWNER_ACCOUNT.password}
              (npm run seed adds about 30 demo enquiries; -- --count 20000 makes a big inbox)
  Site part   ${SITE_URL}/inbox/site as the owner: edit, preview (http://127.0.0.1:${PORTS.hostingPreview}), publish
              (live at ${SITE_URL}; Hosting API stand-in ${HOSTING_STAND_IN_ORIGIN}/state with
              the header "Authorization: Bearer <HOSTING_API_TOKEN of functions/.env.local>")
Press Ctrl-C to stop.
`);
