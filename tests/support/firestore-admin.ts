/**
 * The Admin SDK against the Firestore emulator: `startAdmin` for tests that drive the functions'
 * code directly, and `openEnquiryStore` for what the sales team's database holds, read while the
 * browser tests write only through the site, under the real rules.
 *
 *   const store = openEnquiryStore('forms');
 *   await clearFirestore();
 *   const [doc] = await store.waitForDocuments(ENQUIRY_COLLECTION, 1);
 *   await store.waitForDeliveryState(doc.ref, 'SENT');
 *   await store.close();
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import {
  getFirestore,
  type DocumentReference,
  type Firestore,
  type QueryDocumentSnapshot,
} from 'firebase-admin/firestore';
import type { EnquiryCollection } from '../../functions/src/contract/enquiry';
import { DELIVERY_TIMEOUT_MS, DOCUMENT_TIMEOUT_MS } from './deadlines';
import { firestoreEmulatorHost, PROJECT_ID } from './emulator';

export { clearFirestore, PROJECT_ID } from './emulator';

export function startAdmin(name: string): { app: App; db: Firestore } {
  firestoreEmulatorHost();
  const app = initializeApp({ projectId: PROJECT_ID }, name);
  return { app, db: getFirestore(app) };
}

export async function stopAdmin(app: App): Promise<void> {
  await deleteApp(app);
}

export type EnquiryStore = {
  db: Firestore;
  /** Every document of the collection now. */
  documents: (collection: EnquiryCollection) => Promise<QueryDocumentSnapshot[]>;
  /** Resolves with the documents once the collection holds at least `count`. */
  waitForDocuments: (
    collection: EnquiryCollection,
    count: number,
    timeoutMs?: number,
  ) => Promise<QueryDocumentSnapshot[]>;
  /** Resolves with the collection's first document once there is one. */
  waitForDocument: (collection: EnquiryCollection, timeoutMs?: number) => Promise<QueryDocumentSnapshot>;
  /** Resolves once the functions have written this delivery state on the document. */
  waitForDeliveryState: (ref: DocumentReference, state: string, timeoutMs?: number) => Promise<void>;
  close: () => Promise<void>;
};

export function openEnquiryStore(name: string): EnquiryStore {
  const { app, db } = startAdmin(`e2e-${name}`);

  const documents = async (collection: EnquiryCollection) => (await db.collection(collection).get()).docs;

  function waitForDocuments(collection: EnquiryCollection, count: number, timeoutMs = DOCUMENT_TIMEOUT_MS) {
    return new Promise<QueryDocumentSnapshot[]>((resolve, reject) => {
      let seen = 0;
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`${collection} held ${seen} documents after ${timeoutMs} ms, expected ${count}`));
      }, timeoutMs);
      const stop = db.collection(collection).onSnapshot(
        (snapshot) => {
          seen = snapshot.size;
          if (snapshot.size < count) return;
          clearTimeout(timer);
          stop();
          resolve(snapshot.docs);
        },
        (error) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
  }

  async function waitForDocument(collection: EnquiryCollection, timeoutMs = DOCUMENT_TIMEOUT_MS) {
    const [first] = await waitForDocuments(collection, 1, timeoutMs);
    if (!first) throw new Error(`${collection} has no document`);
    return first;
  }

  function waitForDeliveryState(ref: DocumentReference, state: string, timeoutMs = DELIVERY_TIMEOUT_MS) {
    return new Promise<void>((resolve, reject) => {
      let last: unknown = undefined;
      const timer = setTimeout(() => {
        stop();
        reject(
          new Error(
            `${ref.path}: notification.state was ${String(last)} after ${timeoutMs} ms, not ${state}`,
          ),
        );
      }, timeoutMs);
      const stop = ref.onSnapshot(
        (snapshot) => {
          last = snapshot.get('notification.state');
          if (last !== state) return;
          clearTimeout(timer);
          stop();
          resolve();
        },
        (error) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
  }

  return {
    db,
    documents,
    waitForDocuments,
    waitForDocument,
    waitForDeliveryState,
    close: () => stopAdmin(app),
  };
}
