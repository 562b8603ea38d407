/**
 * `npm run dev`: the Vite dev server with hot reload, talking to the same local Firestore and
 * Functions emulators and mail catcher as `npm start`. Ctrl-C stops everything.
 */
import { join } from 'node:path';
import { EMULATOR_PORTS, fail, LOCAL_SERVER_PORTS, PORTS, requireJava, ROOT } from './lib/project';
import {
  LOCAL_SWEEP_ORIGIN,
  startLocalServices,
  WHATSAPP_STAND_IN_ORIGIN,
  type LocalServices,
} from './lib/local-services';
import {
  requireFreePorts,
  run,
  startEmulators,
  startMailCatcher,
  startServer,
  stopOnSignal,
  stopServers,
  waitForUrl,
  within,
} from './lib/processes';

// No Hosting: Vite serves the site.
const { hosting: _hosting, ...emulatorPorts } = EMULATOR_PORTS;
const LOCAL_PORTS = { ...emulatorPorts, ...LOCAL_SERVER_PORTS, vite: PORTS.vite };

requireJava();
await requireFreePorts(LOCAL_PORTS);

run('npm', ['run', 'build:assets']);
run('npm', ['run', 'build:functions']);

const mail = startMailCatcher();
const emulators = startEmulators('auth,firestore,functions');
const vite = startServer('Vite', join(ROOT, 'node_modules', '.bin', 'vite'), []);
const servers = [vite, emulators, mail];
let services: LocalServices | undefined;
stopOnSignal(servers, LOCAL_PORTS, [async () => services?.stop()]);

try {
  const dead = () => servers.some((server) => server.exitCode !== null);
  await within(emulators.ready, 90_000, 'Starting the emulators');
  await waitForUrl(`http://127.0.0.1:${PORTS.vite}/home`, 90_000, dead);
  services = await startLocalServices();
} catch (error) {
  await services?.stop();
  await stopServers(servers);
  fail(`The dev stack did not start: ${(error as Error).message}.`);
}
console.log(`
✓ Dev server  http://127.0.0.1:${PORTS.vite}/home  (hot reload)
  Mail        http://127.0.0.1:${PORTS.mailUi}
  WhatsApp    ${WHATSAPP_STAND_IN_ORIGIN}
  Sweep       every 15 minutes (retries, the hourly digest); now: curl -X POST ${LOCAL_SWEEP_ORIGIN}/run
Press Ctrl-C to stop.
`);
