/**
 * The public site's only module that touches the Firebase SDK (the sales inbox has its own,
 * features/inbox/api/, and eslint.config.js lets no other web module import the SDK). Nothing of
 * Firebase is in the first page load: the SDK (Firestore Lite, ~30 KB) is fetched when a visitor
 * first focuses a form or submits.
 */
import { type EnquiryCollection, ENQUIRY_RECEIPTS_COLLECTION } from '@contract/enquiry/collections';
import { loadCode, sharedUnlessFailed } from './code-loading';

/** A visitor should hear back within this time rather than watch a spinner forever. */
const WRITE_TIMEOUT_MS = 20_000;

async function connect() {
  const [{ initializeApp }, firestore, { firebaseConfig, firestoreEmulator, startAppCheck }] = await loadCode(
    () =>
      Promise.all([import('firebase/app'), import('firebase/firestore/lite'), import('./firebase-config')]),
  );
  const app = initializeApp(firebaseConfig);
  await startAppCheck(app);
  const db = firestore.getFirestore(app);
  const emulator = firestoreEmulator();
  if (emulator) firestore.connectFirestoreEmulator(db, emulator.host, emulator.port);
  return { db, firestore };
}

const openConnection = sharedUnlessFailed(connect);

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

type Connection = Awaited<ReturnType<typeof connect>>;

const errorCode = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : null;

/**
 * Whether an enquiry with this ID is stored: the rules allow reading its receipt path exactly
 * then (and the path itself is always empty).
 */
async function isStored({ db, firestore }: Connection, enquiryId: string): Promise<boolean> {
  try {
    await firestore.getDoc(firestore.doc(db, ENQUIRY_RECEIPTS_COLLECTION, enquiryId));
    return true;
  } catch {
    return false;
  }
}

/**
 * Stores one enquiry under the ID its form chose; `createdAt` is the server's time, which the
 * rules insist on. Retrying the same submission is safe: the rules allow only creating, so a
 * second write of a stored enquiry is refused, and if the enquiry is found stored (an earlier
 * attempt got through but its answer was lost) the retry has succeeded.
 */
export async function saveEnquiry(
  collection: EnquiryCollection,
  enquiryId: string,
  payload: Record<string, unknown>,
): Promise<void> {
  const write = openConnection().then(async (connection) => {
    const { db, firestore } = connection;
    try {
      await firestore.setDoc(firestore.doc(db, collection, enquiryId), {
        ...payload,
        createdAt: firestore.serverTimestamp(),
      });
    } catch (error) {
      if (errorCode(error) === 'permission-denied' && (await isStored(connection, enquiryId))) return;
      throw error;
    }
  });
  await withTimeout(write, WRITE_TIMEOUT_MS);
}
