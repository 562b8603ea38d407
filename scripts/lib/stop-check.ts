/**
 * What the stop tests (scripts/launcher-stop.test.ts, scripts/start-stop.test.ts) do with a
 * launcher: start it as a terminal would, note every process below it while it runs, send SIGINT
 * as a person or a supervisor would, and report anything that outlived the stop, or a port still
 * held when it said "no server is left running". Real processes, real ports; Linux (/proc).
 */
import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { busyPorts, descendantsOf } from './processes.ts';
import { ROOT } from './project.ts';

const NO_SERVER_LEFT = 'no server is left running';
const WATCH_INTERVAL_MS = 50;
/** firebase-tools takes a second signal more than 100 ms after the first as "stop right now". */
const SECOND_CTRL_C_AFTER_MS = 200;

/**
 * Who gets the SIGINT: the launcher's whole process group, as Ctrl-C in a terminal sends it; the
 * same twice, as an impatient person presses it; or the launcher alone, as `kill -INT` or a
 * supervisor (npm test's deadline) sends it.
 */
const SIGNAL_TARGETS = ['process group', 'process group, twice', 'launcher'] as const;
type SignalTarget = (typeof SIGNAL_TARGETS)[number];

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

const listed = (processes: Started[]) =>
  processes.map((proc) => `\n    ${proc.pid} ${proc.command.slice(0, 140)}`).join('');

type StopCheck = {
  /** What is stopped, for the messages: "the launcher", "npm start". */
  what: string;
  /** The launcher, run from the repository's root in a process group of its own. */
  command: readonly string[];
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
async function startAndStop(check: StopCheck, target: SignalTarget): Promise<StopReport> {
  const [command = 'node', ...args] = check.command;
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

  try {
    await waitFor(
      () => output.includes(check.ready) || exit !== null,
      check.startDeadlineMs,
      'it to be ready',
    );
    if (exit) throw new Error(`it exited (${JSON.stringify(exit)}) before it was ready`);
    note();

    signal(target === 'launcher' ? launcherPid : -launcherPid, 'SIGINT');
    if (target === 'process group, twice') {
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
    if (ended?.code !== 0) problems.push(`it exited with ${JSON.stringify(ended)}, not 0`);
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
  }
  return { problems, seen: [...started.values()].map((proc) => proc.command), output };
}

/**
 * Starts and stops the launcher `stops` times, taking turns with the SIGNAL_TARGETS, until one stop
 * goes wrong: what went wrong at that stop (with the launcher's output), or nothing. Each stop must
 * also have run the Firestore emulator's java, the process that was once left behind.
 */
async function stopRepeatedly(stops: number, check: StopCheck): Promise<string[]> {
  for (let stop = 1; stop <= stops; stop += 1) {
    const target = SIGNAL_TARGETS[stop % SIGNAL_TARGETS.length] ?? 'launcher';
    const report = await startAndStop(check, target);
    const problems = [...report.problems];
    if (!report.seen.some((command) => /\bjava\b/.test(command)))
      problems.push(`the Firestore emulator's java was never seen below ${check.what}`);
    if (problems.length)
      return [
        `stop ${stop} of ${stops}, SIGINT to the ${target} of ${check.what}:`,
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
 * The test itself: `stops` stops of `check` in a row, each of which must end every process the
 * launcher started and free every port before it says so; it fails at once when the ports are busy.
 */
export function describeStops(subject: string, claim: string, stops: number, check: StopCheck): void {
  describe(subject, () => {
    beforeAll(() => requireFreePortsForStopTest(check.ports));

    it(
      `${claim}, ${stops} stops in a row`,
      async () => {
        expect(await stopRepeatedly(stops, check)).toEqual([]);
      },
      stops * (check.startDeadlineMs + 2 * check.stopDeadlineMs),
    );
  });
}
