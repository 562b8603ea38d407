/**
 * Everything the Firebase emulators need to start the same way on a developer's laptop (where
 * firebase-tools downloads its jars) and on an offline machine that has gcloud's Firestore
 * emulator preinstalled. Used by the launcher, `npm start`, `npm run dev` and `npm test`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const PROJECT_ID = 'demo-sme-hair';
export const LOCAL_FIREBASE_CONFIG = join(ROOT, 'firebase.local.json');

/** The ports fixed in firebase.json and by the local mail catcher. */
export const PORTS = {
  hosting: 5000,
  functions: 5001,
  firestore: 8080,
  /** The Firestore emulator's WebSocket port (firebase-tools' default). */
  firestoreWebSocket: 9150,
  auth: 9099,
  hub: 4400,
  logging: 4500,
  smtp: 2525,
  mailUi: 1080,
  vite: 5173,
  /** The local sweep's "run now" endpoint (scripts/lib/local-sweep.ts). */
  sweep: 9191,
} as const;

export const FIRESTORE_EMULATOR_ORIGIN = `http://127.0.0.1:${PORTS.firestore}`;
/** The sales inbox signs in against the Auth emulator and calls its one function on the emulator. */
export const AUTH_EMULATOR_ORIGIN = `http://127.0.0.1:${PORTS.auth}`;
export const FUNCTIONS_EMULATOR_ORIGIN = `http://127.0.0.1:${PORTS.functions}`;

/**
 * The served site includes the sales inbox, which signs in: wherever Hosting runs, the Auth
 * emulator runs too (so `--only firestore,functions,hosting` from any caller gets it).
 */
export function withAuthEmulator(only: string): string {
  const names = only.split(',').map((name) => name.trim());
  return names.includes('hosting') && !names.includes('auth') ? ['auth', ...names].join(',') : only;
}

const GCLOUD_FIRESTORE_JAR =
  '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';
const FIRESTORE_MAIN_CLASS = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore';

/** Ends the process with one line instead of a stack trace. */
export function fail(line: string): never {
  console.error(`✖ ${line}`);
  process.exit(1);
}

export function javaMajorVersion(): number | null {
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) return null;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(probe.stderr);
  if (!match) return null;
  const major = Number(match[1]);
  return major === 1 ? Number(match[2]) : major;
}

export function requireJava(): void {
  const major = javaMajorVersion();
  if (major === null) {
    fail(
      'Java 17+ is required by the Firebase emulators: install it (Debian: apt-get install -y openjdk-17-jre-headless).',
    );
  }
  if (major < 17) fail(`Java ${major} found; the Firebase emulators need Java 17+.`);
}

/** A zip archive with stored (uncompressed) entries: all a manifest-only jar needs. */
function storedZip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text, 'utf8');
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(10, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(10, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * On machines without internet, firebase-tools cannot download its Firestore emulator, but
 * gcloud's copy may be installed. That jar has no Main-Class, so a tiny launcher jar supplies one.
 */
function offlineFirestoreJar(): string | null {
  if (process.env.FIRESTORE_EMULATOR_BINARY_PATH || !existsSync(GCLOUD_FIRESTORE_JAR)) return null;
  const launcher = join(ROOT, '.cache', 'firestore-launcher.jar');
  if (!existsSync(launcher)) {
    mkdirSync(dirname(launcher), { recursive: true });
    const manifest =
      `Manifest-Version: 1.0\r\nMain-Class: ${FIRESTORE_MAIN_CLASS}\r\n` +
      `Class-Path: file:${GCLOUD_FIRESTORE_JAR}\r\n\r\n`;
    writeFileSync(launcher, storedZip({ 'META-INF/MANIFEST.MF': manifest }));
  }
  return launcher;
}

/**
 * firebase.json carries the production Content-Security-Policy; local runs talk to the Firestore,
 * Auth and Functions emulators instead of Google's endpoints, so they get a copy whose
 * connect-src says exactly that.
 */
export function writeLocalFirebaseConfig(): string {
  const config = readFileSync(join(ROOT, 'firebase.json'), 'utf8');
  const local = config.replace(
    /connect-src [^;"]*/g,
    `connect-src 'self' ${FIRESTORE_EMULATOR_ORIGIN} ${AUTH_EMULATOR_ORIGIN} ${FUNCTIONS_EMULATOR_ORIGIN}`,
  );
  if (local === config) fail('firebase.json has no connect-src in its Content-Security-Policy.');
  writeFileSync(LOCAL_FIREBASE_CONFIG, local);
  return LOCAL_FIREBASE_CONFIG;
}

let announced = false;

/** Environment for any `firebase emulators:*` run. */
export function emulatorEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NO_UPDATE_NOTIFIER: '1',
    // The functions emulator asks the registry for the latest firebase-functions and waits for it.
    npm_config_offline: 'true',
    FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
    // Local runs have no Google Cloud metadata server; without this the Admin SDK keeps asking one.
    METADATA_SERVER_DETECTION: 'none',
  };
  const jar = offlineFirestoreJar();
  if (jar) {
    env.FIRESTORE_EMULATOR_BINARY_PATH = jar;
    if (!announced)
      console.log(`• Firestore emulator: using the preinstalled gcloud jar (${GCLOUD_FIRESTORE_JAR}).`);
    announced = true;
  }
  return env;
}

/** Arguments every emulator command shares: the demo project and the local config copy. */
export function firebaseBaseArgs(): string[] {
  return ['--project', PROJECT_ID, '--config', writeLocalFirebaseConfig()];
}

export const FIREBASE_BIN = join(ROOT, 'node_modules', '.bin', 'firebase');
