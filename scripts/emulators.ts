/**
 * Runs any firebase emulator command with the project's offline-safe environment, e.g.
 *   node --import tsx scripts/emulators.ts exec --only firestore "vitest run --project rules"
 *   node --import tsx scripts/emulators.ts start --only firestore,functions
 *
 * Ctrl-C (or SIGTERM, or the terminal closing) stops the emulators once, cleanly, then ends every
 * process they started, and so does firebase-tools dying on its own; it says "no server is left
 * running" only once none of those runs and their ports are free (scripts/launcher-stop.test.ts
 * proves it). Run it under `node --import tsx`, as package.json does,
 * not the tsx command: tsx relays a signal to its child and kills the child outright when it has
 * not answered within 30 ms, which a busy machine misses, and then nothing stops the emulators.
 */
import { emulatorEnv, FIREBASE_BIN, firebaseBaseArgs, withAuthEmulator } from './lib/emulator-env';
import { EMULATOR_PORTS, requireJava } from './lib/project';
import { endLeftovers, listProcesses, startServer, waitForFreePorts } from './lib/processes';

/** firebase-tools' clean shutdown takes seconds; past this its process group is killed. */
const STOP_GRACE_MS = 30_000;

const [command, ...given] = process.argv.slice(2);
const onlyAt = given.indexOf('--only');
const rest = given.map((arg, index) => (index === onlyAt + 1 && onlyAt >= 0 ? withAuthEmulator(arg) : arg));
if (command !== 'exec' && command !== 'start') {
  console.error(
    'usage: node --import tsx scripts/emulators.ts <exec|start> [--only list] ["command to run"]',
  );
  process.exit(2);
}
requireJava();
// A process group of its own, so that it hears of a stop once, from here. In the terminal's group
// Ctrl-C would reach it directly and again through this launcher (and npm); firebase-tools takes a
// second signal more than 100 ms after the first as "stop right now" and exits without stopping
// the Firestore emulator's java. Nothing reads a prompt from it: stdin is closed. Everything it
// starts carries its mark (startServer), the java in a session of its own and every function
// worker included, so none outlives it, however it ends.
const child = startServer(
  'Firebase emulators',
  FIREBASE_BIN,
  [`emulators:${command}`, ...firebaseBaseArgs(), ...rest],
  { env: emulatorEnv(), stdio: ['ignore', 'inherit', 'inherit'] },
);

const signalGroup = (signal: NodeJS.Signals) => {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
};
let stopping = false;
const stop = (signal: NodeJS.Signals) => {
  if (stopping || child.exitCode !== null) return;
  stopping = true;
  // The whole group: firebase-tools and, under `exec`, the command it runs.
  signalGroup(signal === 'SIGHUP' ? 'SIGINT' : signal);
  setTimeout(() => signalGroup('SIGKILL'), STOP_GRACE_MS).unref();
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => stop(signal));

child.on('exit', (code, signal) => {
  void (async () => {
    signalGroup('SIGKILL'); // what it left in its group; where there is no /proc, all we can reach
    const left = await endLeftovers([child]);
    if (left.length) {
      console.error(
        `✖ the emulators stopped, but these processes they started still run after SIGKILL (ps -o pid,stat,args -p <pid> shows their state):\n${listProcesses(left)}`,
      );
      process.exit(1);
    }
    const held = await waitForFreePorts(EMULATOR_PORTS);
    if (held.length) {
      console.error(`✖ the emulators stopped, but something still listens on ${held.join(', ')}.`);
      process.exit(1);
    }
    if (command === 'start') console.log('✓ stopped; no server is left running.');
    process.exit(code ?? (signal ? 1 : 0));
  })();
});
