/**
 * `npm test`: every check, cheapest first, stopping at the first failure: typecheck, lint, unit
 * tests, build (and that the firebase.json it writes is the committed one), the Nu Html Checker
 * over every prerendered page, the emulator launcher and `npm start` started and stopped on the
 * build, Firestore emulator tests (rules, delivery), then the whole stack (Firestore, Functions and
 * Hosting emulators) with the trigger, hosting and browser tests.
 * Missing Java or Chromium stops it with one line saying what to install; nothing is skipped.
 */
import { fail, PORTS, requireJava, RUN_TS, RUN_TS_COMMAND } from './lib/project.ts';
import { chromiumPath, CHROMIUM_INSTALL_HINT } from './lib/chromium.ts';
import { endLeftovers, requireFreePorts, startServer, stopServers } from './lib/processes.ts';

requireJava();
if (!chromiumPath()) fail(`Chromium is required for the browser tests: ${CHROMIUM_INSTALL_HINT}.`);
await requireFreePorts({
  hosting: PORTS.hosting,
  functions: PORTS.functions,
  firestore: PORTS.firestore,
  'emulator hub': PORTS.hub,
  'SMTP catcher': PORTS.smtp,
  auth: PORTS.auth,
  sweep: PORTS.sweep,
  'whatsapp stand-in': PORTS.whatsapp,
  'hosting API stand-in': PORTS.hostingApi,
  'hosting live channel': PORTS.hostingLive,
  'hosting preview channel': PORTS.hostingPreview,
});

const emulatorExec = (only: string, command: string) => [
  ...RUN_TS,
  'scripts/emulators.ts',
  'exec',
  '--only',
  only,
  command,
];

const MINUTE_MS = 60_000;

/**
 * Each step's deadline, about five times what it takes on a busy 2-core machine: a step that waits
 * for ever (an emulator prompting for a param nobody can answer) fails with its name, long before
 * CI's own limit, and its processes are stopped.
 */
const steps: { name: string; command: string[]; deadlineMs: number }[] = [
  { name: 'Typecheck', command: ['npm', 'run', 'typecheck'], deadlineMs: 5 * MINUTE_MS },
  { name: 'Lint', command: ['npm', 'run', 'lint'], deadlineMs: 5 * MINUTE_MS },
  {
    name: 'Docs agree with the code',
    command: [...RUN_TS, 'scripts/check-docs.ts'],
    deadlineMs: 1 * MINUTE_MS,
  },
  {
    name: 'Unit tests',
    command: ['npx', 'vitest', 'run', '--project', 'web', '--project', 'node'],
    deadlineMs: 10 * MINUTE_MS,
  },
  { name: 'Build', command: ['npm', 'run', 'build'], deadlineMs: 10 * MINUTE_MS },
  {
    // The build writes the CSP hashes of its inline code into firebase.json; a stale committed copy
    // would deploy a policy that blocks the site's own boot script.
    name: 'Committed firebase.json matches the build',
    command: ['git', 'diff', '--exit-code', '--', 'firebase.json'],
    deadlineMs: MINUTE_MS,
  },
  {
    // Every prerendered page is valid HTML: the Nu Html Checker (vnu-jar) finds no error.
    name: 'Valid markup (Nu Html Checker)',
    command: [...RUN_TS, 'scripts/check-markup.ts'],
    deadlineMs: 3 * MINUTE_MS,
  },
  {
    // The launchers run the built functions and site: started and stopped before any emulator step
    // (about 5 min on a busy 2-core machine).
    name: 'The launchers stop every server',
    command: ['npx', 'vitest', 'run', '--project', 'launchers'],
    deadlineMs: 25 * MINUTE_MS,
  },
  {
    name: 'Emulator tests (rules, delivery)',
    command: emulatorExec('firestore', 'npx vitest run --project emulator'),
    deadlineMs: 15 * MINUTE_MS,
  },
  {
    name: 'Stack and browser tests',
    // One file at a time across both projects: their files share the SMTP catcher's port. The
    // WhatsApp stand-in and the sweep run beside them, as under npm start (with-local-services.ts).
    command: emulatorExec(
      'firestore,functions,hosting',
      `${RUN_TS_COMMAND} scripts/with-local-services.ts npx vitest run --project stack --project e2e --no-file-parallelism`,
    ),
    deadlineMs: 35 * MINUTE_MS,
  },
];

/** Runs one step in a process group of its own; its exit code, or null when it passed its deadline. */
async function runStep(command: string, args: string[], deadlineMs: number): Promise<number | null> {
  const child = startServer(command, command, args, { env: { ...process.env, FORCE_COLOR: '1' } });
  const stop = () => void stopServers([child]);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  let late = false;
  const timer = setTimeout(() => {
    late = true;
    void stopServers([child], 10_000);
  }, deadlineMs);
  const code = await new Promise<number>((resolve) =>
    child.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))),
  );
  clearTimeout(timer);
  // Whatever the step left running (a browser's crash handler, a server) ends with it.
  await endLeftovers([child], 10_000);
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
  return late ? null : code;
}

const timings: string[] = [];
const started = performance.now();
for (const step of steps) {
  console.log(`\n━━ ${step.name} ━━`);
  const stepStarted = performance.now();
  const [command = 'npx', ...args] = step.command;
  const code = await runStep(command, args, step.deadlineMs);
  const seconds = (performance.now() - stepStarted) / 1000;
  timings.push(`  ${step.name.padEnd(36)} ${seconds.toFixed(1).padStart(6)} s`);
  if (code !== 0) {
    console.log(`\n${timings.join('\n')}`);
    fail(
      code === null
        ? `${step.name} did not finish within ${step.deadlineMs / MINUTE_MS} min and was stopped: something waits (a prompt, a server that never answers); its output above shows what.`
        : `${step.name} failed.`,
    );
  }
}
console.log(
  `\n${timings.join('\n')}\n✓ All checks passed in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
