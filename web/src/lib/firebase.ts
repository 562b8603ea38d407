/**
 * The only module that touches the Firebase SDK. Nothing of Firebase is in the first page load:
 * the SDK (Firestore Lite, ~30 KB) is fetched when a visitor first focuses a form or submits.
 */
import type { EnquiryCollection } from '@contract/enquiry';

const env = import.meta.env;
const projectId = env.VITE_FIREBASE_PROJECT_ID || 'demo-sme-hair';

const firebaseConfig = {
  apiKey: env.VITE_FIREBASE_API_KEY || 'demo-api-key',
  authDomain: env.VITE_FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
  projectId,
  appId: env.VITE_FIREBASE_APP_ID || '1:000000000000:web:0000000000000000000000',
};

/** demo- projects exist only in the emulator, so they always talk to it. */
const emulatorHost =
  env.VITE_FIRESTORE_EMULATOR_HOST || (projectId.startsWith('demo-') ? '127.0.0.1:8080' : '');
const appCheckSiteKey = env.VITE_APPCHECK_RECAPTCHA_ENTERPRISE_KEY;

/** A visitor should hear back within this time rather than watch a spinner forever. */
export const WRITE_TIMEOUT_MS = 20_000;

async function connect() {
  const [{ initializeApp }, firestore] = await Promise.all([
    import('firebase/app'),
    import('firebase/firestore/lite'),
  ]);
  const app = initializeApp(firebaseConfig);
  if (appCheckSiteKey) {
    const { initializeAppCheck, ReCaptchaEnterpriseProvider } = await import('firebase/app-check');
    initializeAppCheck(app, {
      provider: new ReCaptchaEnterpriseProvider(appCheckSiteKey),
      isTokenAutoRefreshEnabled: true,
    });
  }
  const db = firestore.getFirestore(app);
  if (emulatorHost) {
    const [host = '127.0.0.1', port = '8080'] = emulatorHost.split(':');
    firestore.connectFirestoreEmulator(db, host, Number(port));
  }
  return { db, firestore };
}

let connection: ReturnType<typeof connect> | undefined;

function openConnection() {
  connection ??= connect().catch((error: unknown) => {
    // A failed chunk download must not poison later attempts.
    connection = undefined;
    throw error;
  });
  return connection;
}

/** Starts fetching the SDK early (first focus on a form) so the submit itself is quick. */
export function prepareEnquiryStore(): void {
  openConnection().catch(() => undefined);
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The enquiry was not stored within ${ms} ms.`)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Stores one enquiry; `createdAt` is the server's time, which the rules insist on. */
export async function saveEnquiry(
  collection: EnquiryCollection,
  payload: Record<string, string>,
): Promise<void> {
  const write = openConnection().then(({ db, firestore }) =>
    firestore.addDoc(firestore.collection(db, collection), {
      ...payload,
      createdAt: firestore.serverTimestamp(),
    }),
  );
  await withTimeout(write, WRITE_TIMEOUT_MS);
}
