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
import type { EnquiryCollection } from '../../functions/src/contract/enquiry/collections';
import { DELIVERY_TIMEOUT_MS, DOCUMENT_TIMEOUT_MS, readUntil } from './deadlines';
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

  async function waitForDocuments(
    collection: EnquiryCollection,
    count: number,
    timeoutMs = DOCUMENT_TIMEOUT_MS,
  ): Promise<QueryDocumentSnapshot[]> {
    return readUntil(
      () => documents(collection),
      (found) => found.length >= count,
      timeoutMs,
      (found) => `${collection} held ${found.length} documents after ${timeoutMs} ms, expected ${count}`,
    );
  }

  async function waitForDocument(collection: EnquiryCollection, timeoutMs = DOCUMENT_TIMEOUT_MS) {
    const [first] = await waitForDocuments(collection, 1, timeoutMs);
    if (!first) throw new Error(`${collection} has no document`);
    return first;
  }

  async function waitForDeliveryState(
    ref: DocumentReference,
    state: string,
    timeoutMs = DELIVERY_TIMEOUT_MS,
  ) {
    await readUntil(
      async () => (await ref.get()).get('notification.state') as unknown,
      (last) => last === state,
      timeoutMs,
      (last) => `${ref.path}: notification.state was ${String(last)} after ${timeoutMs} ms, not ${state}`,
    );
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
