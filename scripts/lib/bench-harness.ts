/**
 * What the enquiry-path benchmarks (bench:load, bench:flood) share: a run outside the emulators
 * that starts them through the project launcher around the same script run inside them
 * (`--inside-emulators`) and prints the report the inside leaves; the clients inside (the web SDK
 * as a visitor's browser writes, the Admin SDK as the functions read); statistics; the end.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { deleteApp as deleteAdmin, initializeApp as initializeAdmin } from 'firebase-admin/app';
import {
  getFirestore as getAdminFirestore,
  type Firestore as AdminFirestore,
} from 'firebase-admin/firestore';
import { deleteApp as deleteClient, initializeApp as initializeClient } from 'firebase/app';
import {
  addDoc,
  collection,
  connectFirestoreEmulator,
  getFirestore,
  serverTimestamp,
  terminate,
  type Firestore,
} from 'firebase/firestore/lite';
import { PORTS, PROJECT_ID, ROOT, RUN_TS } from './project';

type BenchFiles = { artifacts: string; report: string; emulatorLog: string };

/** artifacts/<name>/report.txt and emulators.log. */
export function benchFiles(name: string): BenchFiles {
  const artifacts = join(ROOT, 'artifacts', name);
  return { artifacts, report: join(artifacts, 'report.txt'), emulatorLog: join(artifacts, 'emulators.log') };
}

/**
 * Outside: starts the emulators (`only`) through the launcher around `inner` (this script with
 * `--inside-emulators`), their output in the log, then prints the report the inside wrote.
 */
export async function runAroundEmulators(files: BenchFiles, only: string, inner: string): Promise<number> {
  mkdirSync(files.artifacts, { recursive: true });
  rmSync(files.report, { force: true });
  console.log(`• Starting the ${only} emulators (log: ${files.emulatorLog}) ...`);
  const log = createWriteStream(files.emulatorLog);
  const [node, ...nodeArgs] = RUN_TS;
  const launcher = spawn(
    node,
    [...nodeArgs, join(ROOT, 'scripts', 'emulators.ts'), 'exec', '--only', only, inner],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  launcher.stdout.pipe(log, { end: false });
  launcher.stderr.pipe(log, { end: false });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => launcher.kill(signal));
  const code = await new Promise<number>((resolve) =>
    launcher.on('close', (exitCode) => resolve(exitCode ?? 1)),
  );
  log.end();
  try {
    console.log(readFileSync(files.report, 'utf8'));
  } catch {
    console.error(`✖ the benchmark left no report; see ${files.emulatorLog}`);
    return code || 1;
  }
  return code;
}

export type EmulatorClients = {
  /** Firestore Lite on the emulator, as a visitor's browser writes under the real rules. */
  db: Firestore;
  /** The Admin SDK on the emulator, as the functions read. */
  adminDb: AdminFirestore;
  close(): Promise<void>;
};

export function openEmulatorClients(name: string): EmulatorClients {
  const client = initializeClient({ projectId: PROJECT_ID, apiKey: 'demo-api-key' }, `${name}-client`);
  const db = getFirestore(client);
  connectFirestoreEmulator(db, '127.0.0.1', PORTS.firestore);
  const admin = initializeAdmin({ projectId: PROJECT_ID }, `${name}-admin`);
  return {
    db,
    adminDb: getAdminFirestore(admin),
    async close() {
      await terminate(db);
      await deleteClient(client);
      await deleteAdmin(admin);
    },
  };
}

/** Writes an enquiry as the site's forms do (the payload, stamped by the server); its path. */
export async function writeAsVisitor(
  db: Firestore,
  collectionName: string,
  payload: Record<string, unknown>,
): Promise<string> {
  return (await addDoc(collection(db, collectionName), { ...payload, createdAt: serverTimestamp() })).path;
}

/** The value below which `fraction` of the sorted values fall (nearest rank). */
export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? NaN;
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/**
 * Runs the benchmark's outside or inside part and exits with its code; inside, a failure is
 * written to the report, since the inside's own output goes to the emulators' log.
 */
export function runBench(name: string, files: BenchFiles, inside: boolean, run: () => Promise<number>): void {
  run().then(
    (code) => process.exit(code),
    (error: unknown) => {
      const line = `✖ ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
      if (inside) {
        mkdirSync(files.artifacts, { recursive: true });
        writeFileSync(files.report, `${line}\n`);
      }
      console.error(line);
      process.exit(1);
    },
  );
}

/** The report, written where the outside reads it. */
export function writeReport(files: BenchFiles, lines: string[]): void {
  mkdirSync(files.artifacts, { recursive: true });
  writeFileSync(files.report, `${lines.join('\n')}\n`);
}

export type BenchOptions = {
  count: number;
  timeoutS: number;
  build: boolean;
  inside: boolean;
  /** Which part of a benchmark an inside run is (a benchmark that starts the emulators twice). */
  part: string;
};

/**
 * `--count N --timeout-s S [--no-build]`, and `--inside-emulators` which the outside passes to
 * the inside; a wrong value ends the run with the usage line.
 */
export function readBenchOptions(
  name: string,
  defaults: { count: number; timeoutS: number; minCount: number },
) {
  const usage = `usage: npm run ${name} -- [--count N] [--timeout-s seconds] [--no-build]`;
  try {
    const { values } = parseArgs({
      args: process.argv.slice(2),
      strict: true,
      options: {
        count: { type: 'string', default: String(defaults.count) },
        'timeout-s': { type: 'string', default: String(defaults.timeoutS) },
        'no-build': { type: 'boolean', default: false },
        'inside-emulators': { type: 'boolean', default: false },
        part: { type: 'string', default: '' },
      },
    });
    const count = Number(values.count);
    const timeoutS = Number(values['timeout-s']);
    if (!Number.isInteger(count) || count < defaults.minCount || count > 5000)
      throw new Error(`--count must be ${defaults.minCount}..5000`);
    if (!Number.isFinite(timeoutS) || timeoutS <= 0) throw new Error('--timeout-s must be positive');
    return {
      count,
      timeoutS,
      build: !values['no-build'],
      inside: values['inside-emulators'],
      part: values.part,
    } satisfies BenchOptions;
  } catch (error) {
    console.error(`✖ ${error instanceof Error ? error.message : String(error)}\n${usage}`);
    process.exit(2);
  }
}
