/**
 * Everything the Firebase emulators need to start the same way on a developer's laptop (where
 * firebase-tools downloads its jars) and on an offline machine that has gcloud's Firestore
 * emulator preinstalled. Used by the launcher, `npm start`, `npm run dev` and `npm test`.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { fail, HOSTING_STAND_IN_DIR, PORTS, PROJECT_ID, ROOT } from './project';

const LOCAL_FIREBASE_CONFIG = join(ROOT, 'firebase.local.json');

const FIRESTORE_EMULATOR_ORIGIN = `http://127.0.0.1:${PORTS.firestore}`;
/** The sales inbox signs in against the Auth emulator and calls its one function on the emulator. */
const AUTH_EMULATOR_ORIGIN = `http://127.0.0.1:${PORTS.auth}`;
const FUNCTIONS_EMULATOR_ORIGIN = `http://127.0.0.1:${PORTS.functions}`;

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
    // A manifest-only jar: stored, not compressed, as `jar cfm` would make it.
    writeFileSync(launcher, zipSync({ 'META-INF/MANIFEST.MF': strToU8(manifest) }, { level: 0 }));
  }
  return launcher;
}

/** A policy's connect-src as the local stack needs it: the emulators instead of Google's endpoints. */
export const withLocalConnectSrc = (text: string) =>
  text.replace(
    /connect-src [^;"]*/g,
    `connect-src 'self' ${FIRESTORE_EMULATOR_ORIGIN} ${AUTH_EMULATOR_ORIGIN} ${FUNCTIONS_EMULATOR_ORIGIN}`,
  );

/** The folder the local Hosting emulator serves: the live release of the Hosting stand-in. */
export const LOCAL_LIVE_DIR = join(HOSTING_STAND_IN_DIR, 'live');

/**
 * Until the Hosting stand-in deploys it as its first version (scripts/lib/hosting-stand-in.ts),
 * the live folder is the build itself: a launch always starts from the build, as a deploy would.
 */
function pointLiveAtTheBuild(): void {
  mkdirSync(HOSTING_STAND_IN_DIR, { recursive: true });
  const link = `${LOCAL_LIVE_DIR}.${process.pid}.tmp`;
  rmSync(link, { force: true });
  symlinkSync(relative(HOSTING_STAND_IN_DIR, join(ROOT, 'dist', 'site')), link);
  renameSync(link, LOCAL_LIVE_DIR);
}

/**
 * firebase.json carries the production Content-Security-Policy; local runs talk to the Firestore,
 * Auth and Functions emulators instead of Google's endpoints, so they get a copy whose
 * connect-src says exactly that, and whose Hosting serves the live release of the local Hosting
 * stand-in (the build, until the owner publishes).
 */
function writeLocalFirebaseConfig(): string {
  const config = readFileSync(join(ROOT, 'firebase.json'), 'utf8');
  const local = withLocalConnectSrc(config);
  if (local === config) fail('firebase.json has no connect-src in its Content-Security-Policy.');
  const parsed = JSON.parse(local) as { hosting: { public: string } };
  parsed.hosting.public = relative(ROOT, LOCAL_LIVE_DIR);
  pointLiveAtTheBuild();
  writeFileSync(LOCAL_FIREBASE_CONFIG, `${JSON.stringify(parsed, null, 2)}\n`);
  return LOCAL_FIREBASE_CONFIG;
}

/** Environment for any firebase-tools command on a machine that may not reach the internet. */
export function offlineFirebaseEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NO_UPDATE_NOTIFIER: '1',
    // The functions emulator asks the registry for the latest firebase-functions and waits for it.
    npm_config_offline: 'true',
    FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
    // Local runs have no Google Cloud metadata server; without this the Admin SDK keeps asking one.
    METADATA_SERVER_DETECTION: 'none',
  };
}

let announced = false;

/** Environment for any `firebase emulators:*` run that may start the Firestore emulator. */
export function emulatorEnv(): NodeJS.ProcessEnv {
  const env = offlineFirebaseEnv();
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
