/** Starting, watching and stopping the local servers behind `npm start`, `npm run dev` and the benchmarks. */
import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { emulatorEnv, FIREBASE_BIN, firebaseBaseArgs, withAuthEmulator } from './emulator-env.ts';
import { fail, PORTS, ROOT } from './project.ts';

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

/** A server we started, with the processes it had started itself by the time it was ready. */
export type Server = ChildProcess & { descendants?: number[] };

/** A long-running server in its own process group, so stopping it stops its children too. */
export function startServer(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions = {},
): Server {
  const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', detached: true, ...options });
  child.on('error', (error) => console.error(`✖ ${name} could not start: ${error.message}`));
  return child;
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

/**
 * Notes what a server has started by now. firebase-tools starts the Firestore emulator's java in a
 * process group of its own, so stopping firebase's group does not reach it, and when firebase-tools
 * exits first the java process is orphaned and keeps its ports: these are killed by PID on stop.
 */
export function noteDescendants(server: Server): void {
  if (server.pid) server.descendants = descendantsOf(server.pid);
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Stops servers (SIGINT first, as Ctrl-C would; SIGKILL after a grace period) and waits for them,
 * then for the processes they had started (see noteDescendants), killing any left behind.
 */
export async function stopServers(children: Server[], graceMs = 15_000): Promise<void> {
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
            killGroup('SIGKILL'); // anything the server left behind in its group
            resolve();
          });
          killGroup('SIGINT');
        }),
    ),
  );
  await stopProcesses(
    children.flatMap((child) => child.descendants ?? []),
    graceMs,
  );
}

/**
 * Lets processes a server started finish stopping on their own (up to `graceMs`), then kills
 * any still running: what a server left behind when it exited.
 */
export async function stopProcesses(pids: number[], graceMs = 15_000): Promise<void> {
  const deadline = Date.now() + graceMs;
  while (pids.some(isAlive) && Date.now() < deadline) await pause(100);
  for (const pid of pids.filter(isAlive)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone in the meantime.
    }
  }
}

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
 * Keeps the process alive until Ctrl-C (or SIGTERM), then stops the servers cleanly, runs the
 * other clean-ups (the local sweep), and says no server is left only once `ports` are free.
 */
export function stopOnSignal(
  children: Server[],
  ports: Record<string, number>,
  cleanups: (() => Promise<void>)[] = [],
): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping local servers…`);
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
    await stopServers(children);
    const held = await waitForFreePorts(ports);
    if (held.length) {
      console.error(`✖ stopped, but something still listens on ${held.join(', ')} (lsof -i shows who).`);
      process.exit(1);
    }
    console.log('✓ stopped; no server is left running.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  for (const child of children) {
    child.on('exit', (code) => {
      if (!stopping) {
        console.error(`✖ a local server exited unexpectedly (code ${code}); stopping the others.`);
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
      if (seen.includes(EMULATORS_READY)) {
        noteDescendants(child);
        resolve();
      }
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
