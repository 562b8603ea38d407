/**
 * `npm test`: every check, cheapest first, stopping at the first failure: typecheck, lint, unit
 * tests, build (and that the firebase.json it writes is the committed one), Firestore emulator
 * tests (rules, delivery), then the whole stack (Firestore, Functions and Hosting emulators) with
 * the trigger, hosting and browser tests.
 * Missing Java or Chromium stops it with one line saying what to install; nothing is skipped.
 */
import { spawnSync } from 'node:child_process';
import { fail, PORTS, requireJava, ROOT } from './lib/project.ts';
import { chromiumPath, CHROMIUM_INSTALL_HINT } from './lib/chromium.ts';
import { requireFreePorts } from './lib/processes.ts';

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
});

const emulatorExec = (only: string, command: string) => [
  'tsx',
  'scripts/emulators.ts',
  'exec',
  '--only',
  only,
  command,
];

const steps: { name: string; command: string[] }[] = [
  { name: 'Typecheck', command: ['npm', 'run', 'typecheck'] },
  { name: 'Lint', command: ['npm', 'run', 'lint'] },
  { name: 'Unit tests', command: ['npx', 'vitest', 'run', '--project', 'web', '--project', 'node'] },
  { name: 'Build', command: ['npm', 'run', 'build'] },
  {
    // The build writes the CSP hashes of its inline code into firebase.json; a stale committed copy
    // would deploy a policy that blocks the site's own boot script.
    name: 'Committed firebase.json matches the build',
    command: ['git', 'diff', '--exit-code', '--', 'firebase.json'],
  },
  {
    name: 'Emulator tests (rules, delivery)',
    command: ['npx', ...emulatorExec('firestore', 'npx vitest run --project emulator')],
  },
  {
    name: 'Stack and browser tests',
    // One file at a time across both projects: their files share the SMTP catcher's port. The
    // WhatsApp stand-in and the sweep run beside them, as under npm start (with-local-services.ts).
    command: [
      'npx',
      ...emulatorExec(
        'firestore,functions,hosting',
        'npx tsx scripts/with-local-services.ts npx vitest run --project stack --project e2e --no-file-parallelism',
      ),
    ],
  },
];

const timings: string[] = [];
const started = performance.now();
for (const step of steps) {
  console.log(`\n━━ ${step.name} ━━`);
  const stepStarted = performance.now();
  const [command = 'npx', ...args] = step.command;
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: '1' },
  });
  const seconds = (performance.now() - stepStarted) / 1000;
  timings.push(`  ${step.name.padEnd(36)} ${seconds.toFixed(1).padStart(6)} s`);
  if (result.status !== 0) {
    console.log(`\n${timings.join('\n')}`);
    fail(`${step.name} failed.`);
  }
}
console.log(
  `\n${timings.join('\n')}\n✓ All checks passed in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
