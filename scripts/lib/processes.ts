/** Starting, watching and stopping the local servers behind `npm start`, `npm run dev` and the benchmarks. */
import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { emulatorEnv, FIREBASE_BIN, firebaseBaseArgs, withAuthEmulator } from './emulator-env';
import { fail, PORTS, ROOT } from './project';

/** True when nothing listens on 127.0.0.1:port. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function requireFreePorts(ports: Record<string, number>): Promise<void> {
  for (const [name, port] of Object.entries(ports)) {
    if (!(await portIsFree(port))) {
      fail(
        `Port ${port} (${name}) is in use: stop the other local run first (lsof -i :${port} shows who holds it).`,
      );
    }
  }
}

/** Runs a command to completion with its output shown; stops everything on failure. */
export function run(command: string, args: string[], options: SpawnOptions = {}): void {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  if (result.status !== 0)
    fail(`${[command, ...args].join(' ')} failed (exit ${result.status ?? result.signal}).`);
}

/**
 * The environment variable that marks every process a server started, however deep, whatever its
 * process group, session or parent: a server passes its environment on, and firebase-tools passes
 * its own to the Firestore emulator's java (in a session of its own) and to each function worker
 * (re-parented away when firebase-tools dies). Each server gets its own mark, unique to this run, so
 * a stop finds everything that server started, even what it started long after it was ready, and
 * nothing else: not another server of this launcher, not another person's emulators on this machine.
 * It holds the marks of every launcher above, separated by spaces.
 */
const LAUNCH_MARKS = 'SME_LAUNCH_MARKS';

/** A server we started, and the mark that everything it starts carries. */
export type Server = ChildProcess & { mark: string };

let serversStarted = 0;

/** A long-running server in a process group (and session) of its own, marked (see LAUNCH_MARKS). */
export function startServer(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions = {},
): Server {
  serversStarted += 1;
  const mark = `${process.pid}.${serversStarted}.${randomBytes(4).toString('hex')}`;
  const env = options.env ?? process.env;
  const marks = [env[LAUNCH_MARKS], mark].filter(Boolean).join(' ');
  const child = spawn(command, args, {
    cwd: ROOT,
    stdio: 'inherit',
    detached: true,
    ...options,
    env: { ...env, [LAUNCH_MARKS]: marks },
  });
  child.on('error', (error) => console.error(`✖ ${name} could not start: ${error.message}`));
  return Object.assign(child, { mark });
}

/** A live process that one of our servers started (or the server itself). */
type StartedProcess = { pid: number; command: string };

/** True when the process carries one of `marks`; false when it does not, has ended, or is a zombie. */
function carriesMark(pid: number, marks: Set<string>): boolean {
  try {
    // A zombie's environment reads empty: it holds no port and ends with its parent's wait.
    const entry = readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .find((variable) => variable.startsWith(`${LAUNCH_MARKS}=`));
    return Boolean(
      entry
        ?.slice(LAUNCH_MARKS.length + 1)
        .split(' ')
        .some((mark) => marks.has(mark)),
    );
  } catch {
    return false; // gone, or another user's
  }
}

/** Every live process that `servers` started, themselves included, from /proc (Linux). */
function processesOf(servers: Server[]): StartedProcess[] {
  const marks = new Set(servers.map((server) => server.mark));
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return [];
  }
  const found: StartedProcess[] = [];
  for (const entry of entries) {
    const pid = Number(entry);
    if (pid === process.pid || !carriesMark(pid, marks)) continue;
    let command = '';
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    } catch {
      continue;
    }
    found.push({ pid, command });
  }
  return found;
}

/** Parent of each live process, from /proc (Linux); empty where there is no /proc. */
function parentsByPid(): Map<number, number> {
  const parents = new Map<number, number>();
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return parents;
  }
  for (const entry of entries) {
    try {
      // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // Gone while we looked.
    }
  }
  return parents;
}

/** Every process below `pid`, children first. */
export function descendantsOf(pid: number): number[] {
  const parents = parentsByPid();
  const found: number[] = [];
  const queue = [pid];
  while (queue.length) {
    const current = queue.shift() as number;
    for (const [child, parent] of parents) {
      if (parent === current && !found.includes(child)) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long a process killed with SIGKILL may take to be gone from /proc. */
const KILLED_GONE_MS = 5_000;

/**
 * Stops servers (SIGINT to each one's process group first, as Ctrl-C would; SIGKILL after a grace
 * period) and waits for them, then ends whatever they started that is still running (see
 * endLeftovers), however they ended: a server that had already died, killed or crashed, is no
 * exception. Returns the processes that could not be ended: none, unless the kernel refused.
 */
export async function stopServers(children: Server[], graceMs = 15_000): Promise<StartedProcess[]> {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null || !child.pid) return resolve();
          const pid = child.pid;
          const killGroup = (signal: NodeJS.Signals) => {
            try {
              process.kill(-pid, signal);
            } catch {
              // Already gone.
            }
          };
          const timer = setTimeout(() => killGroup('SIGKILL'), graceMs);
          child.once('exit', () => {
            clearTimeout(timer);
            killGroup('SIGKILL'); // what it left in its group; where there is no /proc, all we can reach
            resolve();
          });
          killGroup('SIGINT');
        }),
    ),
  );
  return endLeftovers(children, graceMs);
}

/**
 * Ends every process the servers started that outlived them (function workers re-parented away
 * from a dead firebase-tools, a java in a session of its own): SIGTERM, up to `graceMs` to end,
 * then SIGKILL. Found by their mark at this moment, not from a list made earlier, so a process
 * started late is ended too. Returns those still running after all that.
 */
export async function endLeftovers(servers: Server[], graceMs = 15_000): Promise<StartedProcess[]> {
  const marks = new Set(servers.map((server) => server.mark));
  // Checked again just before each signal, so a PID that ended and was reused is left alone.
  const signalMarked = (proc: StartedProcess, signal: NodeJS.Signals) => {
    try {
      if (carriesMark(proc.pid, marks)) process.kill(proc.pid, signal);
    } catch {
      // Gone in the meantime.
    }
  };
  let left = processesOf(servers);
  for (const proc of left) signalMarked(proc, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (left.length && Date.now() < deadline) {
    await pause(100);
    left = processesOf(servers);
  }
  const killedBy = Date.now() + KILLED_GONE_MS;
  while (left.length && Date.now() < killedBy) {
    for (const proc of left) signalMarked(proc, 'SIGKILL');
    await pause(100);
    left = processesOf(servers);
  }
  return left;
}

/** The processes, one a line, for a message that names them. */
export const listProcesses = (processes: StartedProcess[]) =>
  processes.map((proc) => `  ${proc.pid} ${proc.command.slice(0, 140)}`).join('\n');

/** The ports of `ports` that something still listens on. */
export async function busyPorts(ports: Record<string, number>): Promise<string[]> {
  const busy: string[] = [];
  for (const [name, port] of Object.entries(ports))
    if (!(await portIsFree(port))) busy.push(`${port} (${name})`);
  return busy;
}

/** Waits until every port is free, up to `timeoutMs`; returns those still held. */
export async function waitForFreePorts(ports: Record<string, number>, timeoutMs = 10_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  let busy = await busyPorts(ports);
  while (busy.length && Date.now() < deadline) {
    await pause(200);
    busy = await busyPorts(ports);
  }
  return busy;
}

/** Waits until a URL answers (any HTTP status), or fails after the timeout. */
export async function waitForUrl(
  url: string,
  timeoutMs: number,
  isDead: () => boolean = () => false,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (isDead()) throw new Error(`the server for ${url} stopped before it answered`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * Keeps the process alive until Ctrl-C (or SIGTERM), or until a server exits on its own, then stops
 * the servers and everything they started, runs the other clean-ups (the local sweep), and says no
 * server is left running only once nothing they started runs and `ports` are free. It exits 1 when
 * a server had died on its own: whoever runs it sees that the stack failed.
 */
export function stopOnSignal(
  children: Server[],
  ports: Record<string, number>,
  cleanups: (() => Promise<void>)[] = [],
): void {
  let stopping = false;
  let failed = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping local servers…`);
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
    const left = await stopServers(children);
    if (left.length) {
      console.error(
        `✖ stopped, but these processes it started still run after SIGKILL (ps -o pid,stat,args -p <pid> shows their state):\n${listProcesses(left)}`,
      );
      process.exit(1);
    }
    const held = await waitForFreePorts(ports);
    if (held.length) {
      console.error(`✖ stopped, but something still listens on ${held.join(', ')} (lsof -i shows who).`);
      process.exit(1);
    }
    console.log('✓ stopped; no server is left running.');
    process.exit(failed ? 1 : 0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  for (const child of children) {
    child.on('exit', (code, signal) => {
      if (!stopping) {
        failed = true;
        console.error(
          `✖ a local server exited unexpectedly (${code === null ? `killed by ${signal}` : `code ${code}`}); stopping the others.`,
        );
        void stop('SIGTERM');
      }
    });
  }
}

/** MailDev: catches the functions' emails on SMTP 2525 and shows them at http://127.0.0.1:1080. */
export function startMailCatcher(): Server {
  const bin = join(ROOT, 'node_modules', '.bin', 'maildev');
  const args = ['--smtp', String(PORTS.smtp), '--web', String(PORTS.mailUi), '--ip', '127.0.0.1', '--silent'];
  return startServer('MailDev', bin, args);
}

/** What firebase-tools prints once every emulator, the functions' triggers included, is loaded. */
const EMULATORS_READY = 'All emulators ready';

/**
 * `firebase emulators:start` for the given emulators, offline-safe. `ready` resolves when
 * firebase-tools says everything is loaded: the functions port answers earlier than that, before
 * the triggers exist, and an enquiry stored in between would never be emailed.
 */
export function startEmulators(only: string): Server & { ready: Promise<void> } {
  const child = startServer(
    'Firebase emulators',
    FIREBASE_BIN,
    ['emulators:start', ...firebaseBaseArgs(), '--only', withAuthEmulator(only)],
    {
      env: emulatorEnv(),
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const ready = new Promise<void>((resolve, reject) => {
    let seen = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      seen = (seen + chunk.toString('utf8')).slice(-4096);
      if (seen.includes(EMULATORS_READY)) resolve();
    });
    child.once('exit', (code) =>
      reject(new Error(`the emulators exited (code ${code}) before they were ready`)),
    );
  });
  ready.catch(() => undefined);
  return Object.assign(child, { ready });
}

/** Rejects when the promise has not settled within the time. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`${what} took more than ${ms / 1000} s`)), ms).unref(),
    ),
  ]);
}
