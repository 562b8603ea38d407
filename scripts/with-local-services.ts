/**
 * Runs a command with the local services beside it (scripts/lib/local-services.ts: the WhatsApp
 * Cloud API stand-in on :9190 and the sweep on its production schedule, `POST :9191/run`), for the
 * stack tests, as under `npm start`. Exits with the command's code once they have stopped.
 *
 *   node --import tsx scripts/emulators.ts exec --only firestore,functions,hosting \
 *     "node --import tsx scripts/with-local-services.ts npx vitest run"
 */
import { spawn } from 'node:child_process';
import { startLocalServices } from './lib/local-services';
import { ROOT } from './lib/project';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node --import tsx scripts/with-local-services.ts <command> [args…]');
  process.exit(2);
}
const services = await startLocalServices();
const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  void services.stop().finally(() => process.exit(code ?? (signal ? 1 : 0)));
});
