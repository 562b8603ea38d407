/**
 * `npm start`: builds the site and the functions, then runs the whole stack locally on the demo
 * project: Firestore, Functions and Hosting emulators plus a mail catcher (MailDev) that shows
 * every email the functions send. Ctrl-C stops everything.
 */
import { fail, PORTS, requireJava } from './lib/emulator-env.ts';
import {
  requireFreePorts,
  run,
  startEmulators,
  startMailCatcher,
  stopOnSignal,
  stopServers,
  waitForUrl,
  within,
} from './lib/processes.ts';

const SITE_URL = `http://127.0.0.1:${PORTS.hosting}`;
const MAIL_URL = `http://127.0.0.1:${PORTS.mailUi}`;
const STARTUP_TIMEOUT_MS = 90_000;

requireJava();
await requireFreePorts({
  hosting: PORTS.hosting,
  functions: PORTS.functions,
  firestore: PORTS.firestore,
  auth: PORTS.auth,
  'emulator hub': PORTS.hub,
  'mail SMTP': PORTS.smtp,
  'mail UI': PORTS.mailUi,
});

const started = performance.now();
run('npm', ['run', 'build']);

const mail = startMailCatcher();
const emulators = startEmulators('firestore,functions,hosting');
const servers = [emulators, mail];
stopOnSignal(servers);

try {
  const dead = () => servers.some((server) => server.exitCode !== null);
  await waitForUrl(`${MAIL_URL}/email`, STARTUP_TIMEOUT_MS, dead);
  await within(emulators.ready, STARTUP_TIMEOUT_MS, 'Starting the emulators');
  await waitForUrl(`${SITE_URL}/home`, STARTUP_TIMEOUT_MS, dead);
} catch (error) {
  await stopServers(servers);
  fail(`The local stack did not start: ${(error as Error).message}.`);
}

const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`
✓ Ready in ${seconds} s (demo project, nothing leaves this machine)
  Site        ${SITE_URL}/home
  Mail        ${MAIL_URL}   (every email the sales team would get)
  Firestore   http://127.0.0.1:${PORTS.firestore}
Press Ctrl-C to stop.
`);
