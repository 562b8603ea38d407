/** Starting, watching and stopping the local servers behind `npm start`, `npm run dev` and the benchmarks. */
import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import {
  emulatorEnv,
  fail,
  FIREBASE_BIN,
  firebaseBaseArgs,
  PORTS,
  ROOT,
  withAuthEmulator,
} from './emulator-env.ts';

/** True when nothing listens on 127.0.0.1:port. */
export function portIsFree(port: number): Promise<boolean> {
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

/** A long-running server in its own process group, so stopping it stops its children too. */
export function startServer(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions = {},
): ChildProcess {
  const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', detached: true, ...options });
  child.on('error', (error) => console.error(`✖ ${name} could not start: ${error.message}`));
  return child;
}

/** Stops servers (SIGINT first, as Ctrl-C would; SIGKILL after a grace period) and waits for them. */
export async function stopServers(children: ChildProcess[], graceMs = 15_000): Promise<void> {
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

/** Keeps the process alive until Ctrl-C (or SIGTERM), then stops the servers cleanly. */
export function stopOnSignal(children: ChildProcess[]): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping local servers…`);
    await stopServers(children);
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
export function startMailCatcher(): ChildProcess {
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
export function startEmulators(only: string): ChildProcess & { ready: Promise<void> } {
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
