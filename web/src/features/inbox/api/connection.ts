/**
 * The sales inbox's connection to Firebase: Authentication, the full Firestore SDK (live
 * `onSnapshot` listeners), the callable functions and the App Check token for the photo function. Loaded by the inbox page alone, so none of it
 * is in any public page's download; the public site keeps Firestore Lite (lib/firebase.ts).
 *
 * It runs under an app of its own name, so it never meets the public forms' Firestore Lite
 * instance on the default app.
 */
import { loadCode, sharedUnlessFailed } from '../../../lib/code-loading';

const INBOX_APP_NAME = 'sales-inbox';

async function connect() {
  const [
    appSdk,
    auth,
    firestore,
    functions,
    { firebaseConfig, firestoreEmulator, startAppCheck, functionsRegion, EMULATOR_PORTS },
  ] = await loadCode(() =>
    Promise.all([
      import('firebase/app'),
      import('firebase/auth'),
      import('firebase/firestore'),
      import('firebase/functions'),
      import('../../../lib/firebase-config'),
    ]),
  );
  const app =
    appSdk.getApps().find((candidate) => candidate.name === INBOX_APP_NAME) ??
    appSdk.initializeApp(firebaseConfig, INBOX_APP_NAME);
  const appCheckToken = await startAppCheck(app);
  // No popup or redirect sign-in, so no resolver: the auth iframe is never loaded.
  const authInstance = auth.initializeAuth(app, {
    persistence: [auth.indexedDBLocalPersistence, auth.browserLocalPersistence],
  });
  const db = firestore.getFirestore(app);
  const callables = functions.getFunctions(app, functionsRegion);
  // demo- projects (and VITE_FIRESTORE_EMULATOR_HOST) use the emulators on the same host.
  const emulator = firestoreEmulator();
  if (emulator) {
    auth.connectAuthEmulator(authInstance, `http://${emulator.host}:${EMULATOR_PORTS.auth}`, {
      disableWarnings: true,
    });
    firestore.connectFirestoreEmulator(db, emulator.host, emulator.port);
    functions.connectFunctionsEmulator(callables, emulator.host, EMULATOR_PORTS.functions);
  }
  return { auth, authInstance, firestore, db, functions, callables, appCheckToken };
}

export type InboxConnection = Awaited<ReturnType<typeof connect>>;

export const connectInbox: () => Promise<InboxConnection> = sharedUnlessFailed(connect);
