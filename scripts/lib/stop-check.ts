/**
 * What the stop tests (scripts/launcher-stop.test.ts, scripts/start-stop.test.ts) do with a
 * launcher: start it as a terminal would, note every process below it while it runs, send SIGINT
 * as a person or a supervisor would, or kill its emulators under it while their function workers
 * run, and report anything that outlived the stop, or a port still held when it said "no server is
 * left running". Real processes, real ports; Linux (/proc).
 */
import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { ENQUIRY_COLLECTION } from '../../functions/src/contract/enquiry/collections';
import { startSmtpCatcher, type SmtpCatcher } from '../../tests/support/smtp-catcher';
import { busyPorts, descendantsOf } from './processes';
import { PORTS, PROJECT_ID, ROOT } from './project';

const NO_SERVER_LEFT = 'no server is left running';
const WATCH_INTERVAL_MS = 50;
/** firebase-tools takes a second signal more than 100 ms after the first as "stop right now". */
const SECOND_CTRL_C_AFTER_MS = 200;

/**
 * Who gets the SIGINT: the launcher's whole process group, as Ctrl-C in a terminal sends it; the
 * same twice, as an impatient person presses it; or the launcher alone, as `kill -INT` or a
 * supervisor (npm test's deadline) sends it.
 */
export const SIGNAL_TARGETS = ['process group', 'process group, twice', 'launcher'] as const;
type SignalTarget = (typeof SIGNAL_TARGETS)[number];

/**
 * The other way a run ends: firebase-tools dies under the launcher (SIGKILL to it alone, the leader
 * of its process group, as the kernel's OOM killer or a `kill -9` would) while the function workers
 * it started after readiness run on in that group, re-parented away from it.
 */
const EMULATORS_KILLED = 'emulators killed' as const;
type StopWay = SignalTarget | typeof EMULATORS_KILLED;

/** A function worker of the Functions emulator (firebase-tools starts one per concurrent trigger). */
const FUNCTION_WORKER = 'functionsEmulatorRuntime';
/** The firebase-tools process that runs the emulators. */
const FIREBASE_EMULATORS = /\bemulators:(start|exec)\b/;
/** What firebase-tools 14 prints as a trigger's run begins and ends in a worker. */
const TRIGGER_BEGAN = /Beginning execution of "/g;
const TRIGGER_FINISHED = /Finished "[^"]+" in /g;
const ENQUIRY_TRIGGER_FINISHED = /Finished "[^"]*notifySalesOfEnquiry" in /g;
/** Page views before the flood: each is a line of the Hosting emulator's log. */
const VISITS = 60;
/** Enquiries written at once, as a flood's first seconds: each fires triggers, so starts workers. */
const FLOOD_SIZE = 4;
/** One request to an emulator, on a busy 2-core machine. */
const REQUEST_DEADLINE_MS = 30_000;

/** A process, told apart from a later one that reuses its PID by its start time. */
type Started = { pid: number; startTime: string; command: string };

/** The fields of /proc/<pid>/stat from the 3rd (state) on; comm may hold spaces, so after ')'. */
const statFields = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
};
/** starttime is the 22nd field of stat, the 20th from state. */
const START_TIME_FIELD = 19;

function identify(pid: number): Started | null {
  try {
    const startTime = statFields(pid)[START_TIME_FIELD] ?? '';
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    return { pid, startTime, command };
  } catch {
    return null;
  }
}

/** Still running: the same process (not a reused PID), and not a zombie that only awaits its parent. */
function isRunning(started: Started): boolean {
  try {
    const fields = statFields(started.pid);
    return fields[START_TIME_FIELD] === started.startTime && fields[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Sends a signal to a process (or a group, by its negative id) that may have ended meanwhile. */
function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for `condition`, failing with what it waited for once the deadline passes. */
async function waitFor(condition: () => boolean, deadlineMs: number, what: string): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`waited ${deadlineMs / 1000} s for ${what}`);
    await pause(WATCH_INTERVAL_MS);
  }
}

const count = (text: string, what: RegExp) => (text.match(what) ?? []).length;

const runningWorkers = (started: Map<number, Started>) =>
  [...started.values()].filter((proc) => proc.command.includes(FUNCTION_WORKER) && isRunning(proc));

/** Writes enquiries straight to the Firestore emulator (as its owner, past the rules): each fires the trigger. */
async function writeEnquiries(enquiries: number): Promise<void> {
  const url = `http://127.0.0.1:${PORTS.firestore}/v1/projects/${PROJECT_ID}/databases/(default)/documents/${ENQUIRY_COLLECTION}`;
  const text = (value: string) => ({ stringValue: value });
  await Promise.all(
    Array.from({ length: enquiries }, async (_, n) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
        body: JSON.stringify({
          fields: {
            name: text(`Stop test buyer ${n + 1}`),
            companyname: text('Stop Test Salons'),
            phone: text(`98400${String(10000 + n)}`),
            email: text(`stop-test-${n + 1}@example.com`),
            city: text('Coimbatore'),
            ordertype: text('Bulk'),
            message: text('Please quote for 5 kg of raw temple hair, 12-16 inch.'),
            createdAt: { timestampValue: new Date().toISOString() },
          },
        }),
        signal: AbortSignal.timeout(REQUEST_DEADLINE_MS),
      });
      if (!response.ok)
        throw new Error(`writing an enquiry answered ${response.status}: ${await response.text()}`);
    }),
  );
}

/** Pages of the site served by the Hosting emulator, one after another, as a visitor reads them. */
async function visitSite(pages: number): Promise<void> {
  for (let page = 0; page < pages; page += 1) {
    const response = await fetch(`http://127.0.0.1:${PORTS.hosting}/home`, {
      signal: AbortSignal.timeout(REQUEST_DEADLINE_MS),
    });
    await response.arrayBuffer();
  }
}

const listed = (processes: Started[]) =>
  processes.map((proc) => `\n    ${proc.pid} ${proc.command.slice(0, 140)}`).join('');

type StopCheck = {
  /** What is stopped, for the messages: "the launcher", "npm start". */
  what: string;
  /** The launcher, run from the repository's root in a process group of its own. */
  command: readonly string[];
  /** The launcher running the Functions emulator too, for the runs whose emulators are killed. */
  withFunctions: readonly string[];
  /** How many times its emulators are killed under it, with function workers running. */
  kills: number;
  /** It runs a mail catcher on the SMTP port itself; otherwise the check runs one, for the triggers. */
  runsMailCatcher: boolean;
  /** What it prints once everything it starts is up. */
  ready: string;
  /** Every port it, or anything it starts, listens on. */
  ports: Record<string, number>;
  /** A process whose command line contains this is the launcher itself, still exiting. */
  launcherMark: string;
  startDeadlineMs: number;
  stopDeadlineMs: number;
};

type StopReport = {
  /** What went wrong, each a sentence; empty when the stop was clean. */
  problems: string[];
  /** The processes noted below the launcher (its own included). */
  seen: string[];
  output: string;
};

/**
 * Starts the launcher, waits until it is ready, sends SIGINT and checks, at the moment it says
 * "no server is left running" and again once it has exited, that every process it started has
 * ended and every port is free. Whatever happens, nothing it started outlives the check.
 */
async function startAndStop(check: StopCheck, way: StopWay): Promise<StopReport> {
  const [command = 'node', ...args] = way === EMULATORS_KILLED ? check.withFunctions : check.command;
  // A process group of its own, as a terminal gives a command it runs in the foreground.
  const launcher = spawn(command, args, { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const launcherPid = launcher.pid as number;
  let output = '';
  launcher.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  launcher.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  launcher.on('exit', (code, signalName) => (exit = { code, signal: signalName }));

  // Everything below the launcher, noted while it runs: once a process's parent exits it is
  // re-parented away, and only this list still knows it was the launcher's.
  const started = new Map<number, Started>();
  // Each look reads the command line again (a process seen between fork and exec, as firebase-tools
  // starts java, shows its parent's until then) but keeps the last one a zombie no longer shows.
  const note = () => {
    for (const pid of descendantsOf(launcherPid)) {
      const found = identify(pid);
      const known = started.get(pid);
      if (found && known?.startTime === found.startTime && !found.command) found.command = known.command;
      if (found) started.set(pid, found);
    }
  };
  const watch = setInterval(note, WATCH_INTERVAL_MS);
  const problems: string[] = [];
  let catcher: SmtpCatcher | undefined;

  try {
    await waitFor(
      () => output.includes(check.ready) || exit !== null,
      check.startDeadlineMs,
      'it to be ready',
    );
    if (exit) throw new Error(`it exited (${JSON.stringify(exit)}) before it was ready`);
    note();

    if (way === EMULATORS_KILLED) {
      if (!check.runsMailCatcher) catcher = await startSmtpCatcher({ port: PORTS.smtp });
      const workersAtReadiness = new Set(runningWorkers(started).map((proc) => proc.pid));
      // The site in use for a while, as on any day the stack has been up, then a flood begins.
      await visitSite(VISITS);
      const finishedBefore = count(output, ENQUIRY_TRIGGER_FINISHED);
      await writeEnquiries(FLOOD_SIZE);
      // Until every trigger run has finished, so the workers are idle: a busy one may die of its
      // own broken pipe once firebase-tools is gone, an idle one writes nothing and runs on.
      await waitFor(
        () =>
          count(output, ENQUIRY_TRIGGER_FINISHED) >= finishedBefore + FLOOD_SIZE &&
          count(output, TRIGGER_BEGAN) === count(output, TRIGGER_FINISHED),
        check.startDeadlineMs,
        `the triggers of ${FLOOD_SIZE} enquiries written after readiness to finish`,
      );
      note();
      if (!runningWorkers(started).some((proc) => !workersAtReadiness.has(proc.pid)))
        throw new Error('no function worker started after readiness was running');
      const firebase = [...started.values()].find(
        (proc) => isRunning(proc) && FIREBASE_EMULATORS.test(proc.command),
      );
      if (!firebase) throw new Error('firebase-tools was not found below it');
      signal(firebase.pid, 'SIGKILL');
    } else {
      signal(way === 'launcher' ? launcherPid : -launcherPid, 'SIGINT');
    }
    if (way === 'process group, twice') {
      await pause(SECOND_CTRL_C_AFTER_MS);
      if (exit === null) signal(-launcherPid, 'SIGINT');
    }
    await waitFor(
      () => output.includes(NO_SERVER_LEFT) || exit !== null,
      check.stopDeadlineMs,
      `it to say "${NO_SERVER_LEFT}" or exit`,
    );
    // At the moment it says so: the ports free, and nothing left but the launcher itself.
    const heldAtLine = await busyPorts(check.ports);
    const runningAtLine = [...started.values()].filter(
      (proc) => isRunning(proc) && !proc.command.includes(check.launcherMark),
    );
    if (!output.includes(NO_SERVER_LEFT)) problems.push(`it exited without saying "${NO_SERVER_LEFT}"`);
    else {
      if (heldAtLine.length)
        problems.push(`ports ${heldAtLine.join(', ')} were still held when it said "${NO_SERVER_LEFT}"`);
      if (runningAtLine.length)
        problems.push(`still running when it said "${NO_SERVER_LEFT}":${listed(runningAtLine)}`);
    }

    await waitFor(() => exit !== null, check.stopDeadlineMs, 'it to exit');
    const ended = exit as { code: number | null; signal: NodeJS.Signals | null } | null;
    // A run whose emulators died is a failure its caller must see; a stop asked for is not.
    if (way === EMULATORS_KILLED) {
      if (ended?.code === 0) problems.push('it exited with 0 although its emulators had been killed');
    } else if (ended?.code !== 0) problems.push(`it exited with ${JSON.stringify(ended)}, not 0`);
    const left = [...started.values()].filter(isRunning);
    if (left.length) problems.push(`left running after it exited:${listed(left)}`);
    const held = await busyPorts(check.ports);
    if (held.length) problems.push(`ports ${held.join(', ')} were held after it exited`);
  } catch (error) {
    problems.push((error as Error).message);
  } finally {
    clearInterval(watch);
    for (const proc of [...started.values()].filter(isRunning)) signal(proc.pid, 'SIGKILL');
    if (exit === null) signal(-launcherPid, 'SIGKILL');
    await catcher?.close();
  }
  return { problems, seen: [...started.values()].map((proc) => proc.command), output };
}

/** How a stop is told in a failure: "SIGINT to the launcher of npm start". */
const told = (way: StopWay, what: string) =>
  way === EMULATORS_KILLED
    ? `its emulators killed under ${what} while function workers ran`
    : `SIGINT to the ${way} of ${what}`;

/**
 * Starts and stops the launcher once for each way, in turn, until one stop goes wrong: what went
 * wrong at that stop (with the launcher's output), or nothing. Each stop must also have run the
 * Firestore emulator's java, the process that was once left behind.
 */
export async function stopRepeatedly(ways: readonly StopWay[], check: StopCheck): Promise<string[]> {
  for (const [index, way] of ways.entries()) {
    const report = await startAndStop(check, way);
    const problems = [...report.problems];
    if (!report.seen.some((command) => /\bjava\b/.test(command)))
      problems.push(`the Firestore emulator's java was never seen below ${check.what}`);
    if (problems.length)
      return [
        `stop ${index + 1} of ${ways.length}, ${told(way, check.what)}:`,
        ...problems,
        `its output:\n${report.output}`,
      ];
  }
  return [];
}

/** Fails at once, saying what to do, when something already holds the ports a stop test needs. */
async function requireFreePortsForStopTest(ports: Record<string, number>): Promise<void> {
  const busy = await busyPorts(ports);
  if (busy.length)
    throw new Error(
      `ports ${busy.join(', ')} are in use before this test starts: it starts and stops servers on ` +
        'the project’s own ports, so stop the other local run first (npm start, npm run dev, ' +
        'npm run emulators or another npm test; lsof -i shows who holds them)',
    );
}

/**
 * The test itself: `stops` stops of `check` in a row, taking turns with the SIGNAL_TARGETS, then
 * `check.kills` runs whose emulators are killed under it while function workers run; each must end
 * every process the launcher started and free every port before it says so. It fails at once when
 * the ports are busy.
 */
export function describeStops(subject: string, claim: string, stops: number, check: StopCheck): void {
  const perStop = check.startDeadlineMs + 2 * check.stopDeadlineMs;
  describe(subject, () => {
    beforeAll(() => requireFreePortsForStopTest(check.ports));

    it(
      `${claim}, ${stops} stops in a row`,
      async () => {
        const ways = Array.from(
          { length: stops },
          (_, n) => SIGNAL_TARGETS[(n + 1) % SIGNAL_TARGETS.length] ?? 'launcher',
        );
        expect(await stopRepeatedly(ways, check)).toEqual([]);
      },
      stops * perStop,
    );

    it(
      `ends every process it started, function workers started after readiness included, and frees every port before it says so, when its emulators are killed under it, ${check.kills === 1 ? 'once' : `${check.kills} times`}`,
      async () => {
        const ways = Array.from({ length: check.kills }, () => EMULATORS_KILLED);
        expect(await stopRepeatedly(ways, check)).toEqual([]);
      },
      check.kills * perStop,
    );
  });
}
