/**
 * A stop is a stop for `npm start` too (scripts/start.ts, run as package.json runs it): Ctrl-C
 * ends the Firestore, Functions, Hosting and Auth emulators (java included), MailDev, the
 * WhatsApp stand-in and the sweep, and "no server is left running" comes only once all their
 * ports are free. It was `npm start` that once in about ten stops left the Firestore emulator's
 * java holding 8080, so this stops it STOPS times, taking turns with the ways a stop comes; and it
 * once said so with two function workers still running after its emulators were killed under it
 * in a flood, so that is done KILLS times.
 *
 * The whole stack serves the build, so this runs in its own step of `npm test` (the `launchers`
 * project), after the build and before any emulator step, with `--no-build`.
 */
import { EMULATOR_PORTS, LOCAL_SERVER_PORTS, RUN_TS } from './lib/project';
import { describeStops, SIGNAL_TARGETS } from './lib/stop-check';

/** Once for each way a stop comes. */
const STOPS = SIGNAL_TARGETS.length;
const KILLS = 1;
const PORTS = { ...EMULATOR_PORTS, ...LOCAL_SERVER_PORTS };
/** Deadlines for a busy 2-core machine: the stack starts in about 15 s and stops in about 5 s. */
const START_DEADLINE_MS = 180_000;
/** stopServers allows each server 15 s, then 15 s for what it started, then 10 s for the ports. */
const STOP_DEADLINE_MS = 90_000;

describeStops(
  'npm start',
  "ends every server it started, the emulators' java included, and frees every port before it says so",
  STOPS,
  {
    what: 'npm start',
    command: [...RUN_TS, 'scripts/start.ts', '--no-build'],
    withFunctions: [...RUN_TS, 'scripts/start.ts', '--no-build'],
    kills: KILLS,
    runsMailCatcher: true,
    ready: 'Ready in',
    ports: PORTS,
    launcherMark: 'scripts/start.ts',
    startDeadlineMs: START_DEADLINE_MS,
    stopDeadlineMs: STOP_DEADLINE_MS,
  },
);
