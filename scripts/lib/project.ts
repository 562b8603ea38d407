/**
 * The project's fixed facts for every script: where the repository is, the demo project, the
 * local ports, and the one-line failure and the Java check the launchers share.
 */
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const PROJECT_ID = 'demo-sme-hair';
/** Where the local Hosting stand-in keeps its versions, and the live release the Hosting emulator serves. */
export const HOSTING_STAND_IN_DIR = resolve(ROOT, '.cache', 'hosting');
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
  /** The WhatsApp Cloud API stand-in (scripts/lib/whatsapp-stand-in.ts). */
  whatsapp: 9190,
  /** The Firebase Hosting REST API stand-in (scripts/lib/hosting-stand-in.ts). */
  hostingApi: 9200,
  /** The stand-in's channels, each on an address of its own: live here, the owner's preview on the next. */
  hostingLive: 9201,
  hostingPreview: 9202,
} as const;

/** Every port an emulator of this project listens on. */
export const EMULATOR_PORTS = {
  hosting: PORTS.hosting,
  functions: PORTS.functions,
  firestore: PORTS.firestore,
  'firestore websocket': PORTS.firestoreWebSocket,
  auth: PORTS.auth,
  'emulator hub': PORTS.hub,
  logging: PORTS.logging,
};

/** What `npm start` and `npm run dev` run beside the emulators: the mail catcher, the sweep and the stand-ins. */
export const LOCAL_SERVER_PORTS = {
  'mail SMTP': PORTS.smtp,
  'mail UI': PORTS.mailUi,
  sweep: PORTS.sweep,
  'whatsapp stand-in': PORTS.whatsapp,
  'hosting API stand-in': PORTS.hostingApi,
  'hosting live channel': PORTS.hostingLive,
  'hosting preview channel': PORTS.hostingPreview,
};

/**
 * How a TypeScript script that owns servers is run: `node --import tsx`, not the tsx command,
 * whose signal relay kills its child outright when the child has not answered a Ctrl-C within
 * 30 ms (a busy machine misses that), so nothing would stop the servers it started.
 */
export const RUN_TS = [process.execPath, '--import', 'tsx'] as const;
/** The same, inside a shell command line (firebase-tools' `emulators:exec`). */
export const RUN_TS_COMMAND = 'node --import tsx';

/** Ends the process with one line instead of a stack trace. */
export function fail(line: string): never {
  console.error(`✖ ${line}`);
  process.exit(1);
}

function javaMajorVersion(): number | null {
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
