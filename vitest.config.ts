import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { emulatorPorts } from './scripts/lib/emulator-ports';
import { retentionDaysFor } from './scripts/lib/retention-param';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The stop tests run the Functions emulator on the built functions (and `npm start` serves the
 * built site), so they run after the build, in a step of their own, one file at a time: both use
 * the project's ports.
 */
const STOP_TESTS = ['scripts/launcher-stop.test.ts', 'scripts/start-stop.test.ts'];

/**
 * Six projects, by what they need running:
 * - web, node: nothing (unit tests: jsdom for the site, node for functions and scripts)
 * - launchers: the build, and the project's ports free (the emulator launcher and npm start,
 *   started and stopped)
 * - emulator: the Firestore emulator alone (rules, delivery handlers with a real SMTP server)
 * - stack: Firestore + Functions + Hosting emulators with the built site (triggers, headers, HTML)
 * - e2e: the same stack driven through Chromium
 */
/** A project whose files run one at a time against emulators that one command started. */
const againstEmulators = (
  name: string,
  include: string[],
  testTimeout: number,
  globalSetup: string[] = [],
) => ({
  extends: true as const,
  test: {
    name,
    include,
    environment: 'node' as const,
    testTimeout,
    hookTimeout: 60_000,
    fileParallelism: false,
    globalSetup,
  },
});

export default defineConfig({
  plugins: [react()],
  // As in vite.config.ts: the tests run against what a build today would say.
  define: {
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
    __ENQUIRY_RETENTION_DAYS__: JSON.stringify(retentionDaysFor(fromRoot('./functions'), 'demo-sme-hair')),
    __EMULATOR_PORTS__: JSON.stringify(emulatorPorts(fromRoot('./firebase.json'))),
  },
  // `@contract/*` is declared once, in tsconfig.json.
  resolve: { tsconfigPaths: true },
  test: {
    root: fromRoot('./'),
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/src/testing/setup.ts'],
          // A form typed key by key validates on every key: a test that takes one second alone
          // took more than the default five beside other suites on a busy 2-core machine.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          include: ['functions/src/**/*.test.ts', 'renderer/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...STOP_TESTS],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'launchers',
          include: STOP_TESTS,
          environment: 'node',
          fileParallelism: false,
        },
      },
      againstEmulators('emulator', ['tests/rules/**/*.test.ts', 'tests/functions/**/*.test.ts'], 30_000),
      againstEmulators('stack', ['tests/stack/**/*.test.ts'], 30_000),
      // Room for several UI deadlines in one journey on a loaded machine.
      // One Chromium for all of its files (tests/support/shared-chromium.ts).
      againstEmulators('e2e', ['tests/e2e/**/*.test.ts'], 120_000, ['tests/support/shared-chromium.ts']),
    ],
  },
});
