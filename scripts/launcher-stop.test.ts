/**
 * A stop is a stop: the emulator launcher (`node --import tsx scripts/emulators.ts start`, behind
 * `npm run emulators` and every emulator step of `npm test`) ends every process it started when
 * sent SIGINT, the Firestore emulator's java included, and says "no server is left running" only
 * once their ports are free. A java left holding 8080 and 9150 was once seen about once in ten
 * stops; the launcher now waits for every port it owns, so this starts and stops the real emulator
 * once for each way a stop comes (scripts/lib/stop-check.ts), as `npm start`'s test does: each stop
 * takes about 20 s on a busy machine. Then, KILLS times, it runs the stack of `npm run emulators`
 * (Firestore, Functions, Hosting) and firebase-tools is killed under it once the site has been
 * visited and a flood of enquiries has started function workers: `npm start` once left such
 * workers running.
 *
 * The Functions emulator loads the built functions, so this runs in the `launchers` step of
 * `npm test`, after the build and before any emulator step, on the project's fixed ports: it fails
 * at once, saying so, when something already holds them.
 */
import { EMULATOR_PORTS, RUN_TS } from './lib/project';
import { describeStops, SIGNAL_TARGETS } from './lib/stop-check';

const STOPS = SIGNAL_TARGETS.length;
const KILLS = 1;
/** Deadlines for a busy 2-core machine: the emulator starts in about 4 s and stops in about 2 s. */
const START_DEADLINE_MS = 120_000;
/** The launcher allows firebase-tools 30 s to stop, then 15 s for what it started, 10 s for the ports. */
const STOP_DEADLINE_MS = 90_000;

describeStops(
  'the emulator launcher',
  'ends every process it started, java included, and frees every port before it says so',
  STOPS,
  {
    what: 'the launcher',
    command: [...RUN_TS, 'scripts/emulators.ts', 'start', '--only', 'firestore'],
    withFunctions: [...RUN_TS, 'scripts/emulators.ts', 'start', '--only', 'firestore,functions,hosting'],
    kills: KILLS,
    runsMailCatcher: false,
    ready: 'All emulators ready',
    ports: EMULATOR_PORTS,
    launcherMark: 'scripts/emulators.ts',
    startDeadlineMs: START_DEADLINE_MS,
    stopDeadlineMs: STOP_DEADLINE_MS,
  },
);
