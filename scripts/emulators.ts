/**
 * Runs any firebase emulator command with the project's offline-safe environment, e.g.
 *   tsx scripts/emulators.ts exec --only firestore "vitest run --project rules"
 *   tsx scripts/emulators.ts start --only firestore,functions
 */
import { spawn } from 'node:child_process';
import {
  emulatorEnv,
  FIREBASE_BIN,
  firebaseBaseArgs,
  requireJava,
  ROOT,
  withAuthEmulator,
} from './lib/emulator-env.ts';

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
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
