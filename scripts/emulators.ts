/**
 * Runs any firebase emulator command with the project's offline-safe environment, e.g.
 *   tsx scripts/emulators.ts exec --only firestore "vitest run --project rules"
 *   tsx scripts/emulators.ts start --only firestore,functions
 */
import { spawn } from 'node:child_process';
import { emulatorEnv, FIREBASE_BIN, firebaseBaseArgs, withAuthEmulator } from './lib/emulator-env.ts';
import { EMULATOR_PORTS, requireJava, ROOT } from './lib/project.ts';
import { descendantsOf, stopProcesses, waitForFreePorts } from './lib/processes.ts';

const WATCH_INTERVAL_MS = 1_000;

const [command, ...given] = process.argv.slice(2);
const onlyAt = given.indexOf('--only');
const rest = given.map((arg, index) => (index === onlyAt + 1 && onlyAt >= 0 ? withAuthEmulator(arg) : arg));
if (command !== 'exec' && command !== 'start') {
  console.error('usage: tsx scripts/emulators.ts <exec|start> [--only list] ["command to run"]');
  process.exit(2);
}
requireJava();
const child = spawn(FIREBASE_BIN, [`emulators:${command}`, ...firebaseBaseArgs(), ...rest], {
  cwd: ROOT,
  env: emulatorEnv(),
  stdio: 'inherit',
});
// firebase-tools starts the Firestore emulator's java in a process group of its own: note every
// process below it while it runs, so none outlives it (an orphaned java keeps 8080 and 9150).
const started = new Set<number>();
const watch = setInterval(() => {
  if (child.pid) for (const pid of descendantsOf(child.pid)) started.add(pid);
}, WATCH_INTERVAL_MS);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  clearInterval(watch);
  void (async () => {
    await stopProcesses([...started]);
    const held = await waitForFreePorts(EMULATOR_PORTS);
    if (held.length) {
      console.error(`✖ the emulators stopped, but something still listens on ${held.join(', ')}.`);
      process.exit(1);
    }
    if (command === 'start') console.log('✓ stopped; no server is left running.');
    process.exit(code ?? (signal ? 1 : 0));
  })();
});
