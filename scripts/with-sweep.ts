/**
 * Runs a command with the local sweep beside it (scripts/lib/local-sweep.ts), for the stack tests:
 * inside `emulators.ts exec`, the sweep runs on its production schedule and answers `POST /run`,
 * as under `npm start`. Exits with the command's code once the sweep has stopped.
 *
 *   tsx scripts/emulators.ts exec --only firestore,functions,hosting "tsx scripts/with-sweep.ts npx vitest run"
 */
import { spawn } from 'node:child_process';
import { startLocalSweep } from './lib/local-sweep.ts';
import { ROOT } from './lib/project.ts';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: tsx scripts/with-sweep.ts <command> [args…]');
  process.exit(2);
}
const sweep = await startLocalSweep();
const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  void sweep.stop().finally(() => process.exit(code ?? (signal ? 1 : 0)));
});
