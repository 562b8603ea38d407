/**
 * `npm test`: every check, stopping at the first failure: typecheck beside lint, the docs against
 * the code, the build (and that the firebase.json it writes is the committed one), then the unit
 * tests, the Nu Html Checker over every prerendered page and the emulator launcher and `npm start`
 * started and stopped on the build, side by side; Firestore emulator tests (rules, delivery), then
 * the whole stack (Firestore, Functions and Hosting emulators) with the trigger, hosting and browser
 * tests. It ends with a table of each step's time (artifacts/test-times.txt).
 * Missing Java or Chromium stops it with one line saying what to install; nothing is skipped.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MINUTE_MS } from '../functions/src/contract/base/time';
import { fail, PORTS, requireJava, ROOT, RUN_TS, RUN_TS_COMMAND } from './lib/project';
import { chromiumPath, CHROMIUM_INSTALL_HINT } from './lib/chromium';
import { endLeftovers, requireFreePorts, startServer, stopServers } from './lib/processes';
import { stepTable, type StepTime } from './lib/step-table';

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

/** Each vitest step also writes its results here, so the table can say how many tests it ran. */
const RESULTS_DIR = join(ROOT, 'artifacts', 'test-results');
/** The step table of the last run, for anyone comparing runs. */
const TIMES_FILE = join(ROOT, 'artifacts', 'test-times.txt');
const resultsOf = (slug: string) => join(RESULTS_DIR, `${slug}.json`);
/** vitest's own report on the terminal, and its JSON results (with the test count) in a file. */
const vitestReporters = (slug: string) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=artifacts/test-results/${slug}.json`,
];

type Step = {
  name: string;
  command: string[];
  deadlineMs: number;
  /** Runs at the same time as the step before it (each alone uses about one core of two). */
  besidePrevious?: boolean;
  /** The name of its vitest results file, when it runs vitest. */
  results?: string;
};

/**
 * Each step's deadline, about five times what it takes on a busy 2-core machine: a step that waits
 * for ever (an emulator prompting for a param nobody can answer) fails with its name, long before
 * CI's own limit, and its processes are stopped.
 */
const steps: Step[] = [
  { name: 'Typecheck', command: ['npm', 'run', 'typecheck'], deadlineMs: 5 * MINUTE_MS },
  // tsc and ESLint each keep one core busy: side by side they take the longer one's time.
  { name: 'Lint', command: ['npm', 'run', 'lint'], deadlineMs: 5 * MINUTE_MS, besidePrevious: true },
  {
    name: 'Docs agree with the code',
    command: [...RUN_TS, 'scripts/check-docs.ts'],
    deadlineMs: 1 * MINUTE_MS,
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
    // The unit tests need no port and no build; they keep the cores busy while the launchers below
    // mostly wait on servers starting and stopping, so the three run side by side.
    name: 'Unit tests',
    command: ['npx', 'vitest', 'run', '--project', 'web', '--project', 'node', ...vitestReporters('unit')],
    deadlineMs: 10 * MINUTE_MS,
    results: 'unit',
  },
  {
    // Every prerendered page is valid HTML: the Nu Html Checker (vnu-jar) finds no error.
    name: 'Valid markup (Nu Html Checker)',
    command: [...RUN_TS, 'scripts/check-markup.ts'],
    deadlineMs: 3 * MINUTE_MS,
    besidePrevious: true,
  },
  {
    // The launchers run the built functions and site: started and stopped before any emulator step
    // (about 3 min on a busy 2-core machine), mostly waiting, so beside the unit tests and the markup
    // check (neither uses a port).
    name: 'The launchers stop every server',
    command: ['npx', 'vitest', 'run', '--project', 'launchers', ...vitestReporters('launchers')],
    deadlineMs: 25 * MINUTE_MS,
    results: 'launchers',
    besidePrevious: true,
  },
  {
    name: 'Emulator tests (rules, delivery)',
    command: emulatorExec(
      'firestore',
      `npx vitest run --project emulator ${vitestReporters('emulator').join(' ')}`,
    ),
    deadlineMs: 15 * MINUTE_MS,
    results: 'emulator',
  },
  {
    name: 'Stack and browser tests',
    // One file at a time across both projects: their files share the SMTP catcher's port. The
    // WhatsApp stand-in and the sweep run beside them, as under npm start (with-local-services.ts).
    command: emulatorExec(
      'firestore,functions,hosting',
      `${RUN_TS_COMMAND} scripts/with-local-services.ts npx vitest run --project stack --project e2e --no-file-parallelism ${vitestReporters('stack').join(' ')}`,
    ),
    deadlineMs: 35 * MINUTE_MS,
    results: 'stack',
  },
];

/**
 * Runs one step in a process group of its own; its exit code, or null when it passed its deadline.
 * A buffered step keeps its output until it ends, so steps side by side never interleave.
 */
async function runStep(step: Step, buffered: boolean): Promise<{ code: number | null; output: string }> {
  const [command = 'npx', ...args] = step.command;
  const child = startServer(command, command, args, {
    env: { ...process.env, FORCE_COLOR: '1' },
    ...(buffered ? { stdio: ['ignore', 'pipe', 'pipe'] } : {}),
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const stop = () => void stopServers([child]);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  let late = false;
  const timer = setTimeout(() => {
    late = true;
    void stopServers([child], 10_000);
  }, step.deadlineMs);
  const code = await new Promise<number>((resolve) =>
    child.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))),
  );
  clearTimeout(timer);
  // Whatever the step left running (a browser's crash handler, a server) ends with it.
  await endLeftovers([child], 10_000);
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
  return { code: late ? null : code, output };
}

/** How many tests a vitest step ran, from its JSON results; undefined when it wrote none. */
function testsRun(step: Step): number | undefined {
  if (!step.results) return undefined;
  try {
    return (JSON.parse(readFileSync(resultsOf(step.results), 'utf8')) as { numTotalTests: number })
      .numTotalTests;
  } catch {
    return undefined;
  }
}

/** The steps in the order they run: each alone, or side by side with the ones marked beside it. */
const batches = steps.reduce<Step[][]>((runs, step) => {
  const last = runs.at(-1);
  if (step.besidePrevious && last) last.push(step);
  else runs.push([step]);
  return runs;
}, []);

rmSync(RESULTS_DIR, { recursive: true, force: true });
mkdirSync(RESULTS_DIR, { recursive: true });
/** Each step's time, by its place in `steps`, so steps run side by side are listed in order. */
const times: StepTime[] = [];
const started = performance.now();
/** Prints the table of the steps run so far (also when one failed) and keeps it in artifacts/. */
const report = () => {
  const table = stepTable(
    steps.flatMap((step) => times.filter((time) => time.name === step.name)),
    (performance.now() - started) / 1000,
  );
  console.log(`\n${table}`);
  writeFileSync(TIMES_FILE, `${table}\n`);
};

for (const batch of batches) {
  const together = batch.length > 1;
  if (together) console.log(`\n━━ ${batch.map((step) => step.name).join(' + ')}, side by side ━━`);
  // The last of a batch (the longest) shows its output as it comes; the others theirs as each ends.
  const live = batch.at(-1);
  const outcomes = await Promise.all(
    batch.map(async (step) => {
      const buffered = step !== live;
      if (!buffered) console.log(`\n━━ ${step.name} ━━`);
      const stepStarted = performance.now();
      const { code, output } = await runStep(step, buffered);
      const seconds = (performance.now() - stepStarted) / 1000;
      if (buffered) console.log(`\n━━ ${step.name} (beside ${live?.name}) ━━\n${output}`);
      times.push({ name: step.name, seconds, tests: testsRun(step), beside: together });
      return { step, code };
    }),
  );
  const failed = outcomes.find(({ code }) => code !== 0);
  if (failed) {
    report();
    fail(
      failed.code === null
        ? `${failed.step.name} did not finish within ${failed.step.deadlineMs / MINUTE_MS} min and was stopped: something waits (a prompt, a server that never answers); its output above shows what.`
        : `${failed.step.name} failed.`,
    );
  }
}
report();
console.log(`✓ All checks passed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
