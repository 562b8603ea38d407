/**
 * The sales inbox's only door to Firebase: Authentication, the full Firestore SDK (live
 * `onSnapshot` listeners) and the resend function. Loaded by the inbox page alone, so none of it
 * is in any public page's download; the public site keeps Firestore Lite (lib/firebase.ts).
 *
 * It runs under an app of its own name, so it never meets the public forms' Firestore Lite
 * instance on the default app.
 */
import type { EnquiryCollection } from '@contract/enquiry';
import {
  FIRST_CONTACT_FIELD,
  FOLLOW_UP_FIELD,
  followUpVersion,
  SALES_CLAIM,
  type FollowUpStatus,
} from '@contract/follow-up';
import { RESEND_FUNCTION, type ResendRequest, type ResendResult } from '@contract/resend';
import type { QueryConstraint, QuerySnapshot } from 'firebase/firestore';
import { loadCode, sharedUnlessFailed } from './code-loading';

const INBOX_APP_NAME = 'sales-inbox';
/** The functions' region (ENQUIRY_REGION); the emulator ignores it. */
const functionsRegion = import.meta.env.VITE_FUNCTIONS_REGION || 'asia-south1';
const AUTH_EMULATOR_PORT = 9099;
const FUNCTIONS_EMULATOR_PORT = 5001;

export type InboxUser = {
  uid: string;
  email: string;
  /** The account carries the custom claim `sales: true`. */
  isSales: boolean;
};

export type StoredEnquiry = {
  collection: EnquiryCollection;
  id: string;
  data: Record<string, unknown>;
  /** The server's time of the write, when it has arrived (a local write may not have it yet). */
  receivedAt: Date | null;
};

async function connect() {
  const [appSdk, auth, firestore, functions, { firebaseConfig, firestoreEmulator, startAppCheck }] =
    await loadCode(() =>
      Promise.all([
        import('firebase/app'),
        import('firebase/auth'),
        import('firebase/firestore'),
        import('firebase/functions'),
        import('./firebase-config'),
      ]),
    );
  const app =
    appSdk.getApps().find((candidate) => candidate.name === INBOX_APP_NAME) ??
    appSdk.initializeApp(firebaseConfig, INBOX_APP_NAME);
  await startAppCheck(app);
  // No popup or redirect sign-in, so no resolver: the auth iframe is never loaded.
  const authInstance = auth.initializeAuth(app, {
    persistence: [auth.indexedDBLocalPersistence, auth.browserLocalPersistence],
  });
  const db = firestore.getFirestore(app);
  const callables = functions.getFunctions(app, functionsRegion);
  // demo- projects (and VITE_FIRESTORE_EMULATOR_HOST) use the emulators on the same host.
  const emulator = firestoreEmulator();
  if (emulator) {
    auth.connectAuthEmulator(authInstance, `http://${emulator.host}:${AUTH_EMULATOR_PORT}`, {
      disableWarnings: true,
    });
    firestore.connectFirestoreEmulator(db, emulator.host, emulator.port);
    functions.connectFunctionsEmulator(callables, emulator.host, FUNCTIONS_EMULATOR_PORT);
  }
  return { auth, authInstance, firestore, db, functions, callables };
}

export type InboxConnection = Awaited<ReturnType<typeof connect>>;

export const connectInbox: () => Promise<InboxConnection> = sharedUnlessFailed(connect);

/** Calls back with the signed-in account (claims read from a fresh ID token) or null. */
export function watchUser(
  { auth, authInstance }: InboxConnection,
  onUser: (user: InboxUser | null) => void,
): () => void {
  return auth.onIdTokenChanged(authInstance, (user) => {
    if (!user) {
      onUser(null);
      return;
    }
    user.getIdTokenResult().then(
      (token) =>
        onUser({ uid: user.uid, email: user.email ?? '', isSales: token.claims[SALES_CLAIM] === true }),
      // A token that cannot be refreshed (the account was deleted or disabled) is a lost session.
      () => onUser(null),
    );
  });
}

export async function signIn({ auth, authInstance }: InboxConnection, email: string, password: string) {
  await auth.signInWithEmailAndPassword(authInstance, email, password);
}

export async function signOut({ auth, authInstance }: InboxConnection) {
  await auth.signOut(authInstance);
}

/** Firebase's error code (`auth/invalid-credential`, `permission-denied` …) or null. */
export function firebaseErrorCode(error: unknown): string | null {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : null;
}

export type EnquiryWindow = {
  collection: EnquiryCollection;
  /** The newest `count` enquiries received at or after `since`, before `until` (either may be null). */
  count: number;
  since: Date | null;
  until: Date | null;
};

/** One collection's enquiries in the window's dates, newest first (the caller adds a limit). */
function windowQuery(
  { firestore, db }: InboxConnection,
  window: Omit<EnquiryWindow, 'count'>,
  ...more: QueryConstraint[]
) {
  const { collection, orderBy, query, where, Timestamp } = firestore;
  return query(
    collection(db, window.collection),
    ...(window.since ? [where('createdAt', '>=', Timestamp.fromDate(window.since))] : []),
    ...(window.until ? [where('createdAt', '<', Timestamp.fromDate(window.until))] : []),
    orderBy('createdAt', 'desc'),
    ...more,
  );
}

/** The documents as the inbox shows them; a server time still in flight reads as the local estimate. */
function storedEnquiries(
  { firestore }: InboxConnection,
  collection: EnquiryCollection,
  snapshot: QuerySnapshot,
): StoredEnquiry[] {
  return snapshot.docs.map((doc) => {
    const data = doc.data({ serverTimestamps: 'estimate' });
    const createdAt: unknown = data.createdAt;
    return {
      collection,
      id: doc.id,
      data,
      receivedAt: createdAt instanceof firestore.Timestamp ? createdAt.toDate() : null,
    };
  });
}

/** Live: calls back with the newest enquiries of one collection now, and on every change. */
export function watchEnquiries(
  connection: InboxConnection,
  window: EnquiryWindow,
  onChange: (enquiries: StoredEnquiry[], hasMore: boolean) => void,
  onError: (error: unknown) => void,
): () => void {
  const { limit, onSnapshot } = connection.firestore;
  return onSnapshot(
    // One more than asked tells whether "Load more" has anything to load.
    windowQuery(connection, window, limit(window.count + 1)),
    { includeMetadataChanges: false },
    (snapshot) => {
      const enquiries = storedEnquiries(connection, window.collection, snapshot);
      onChange(enquiries.slice(0, window.count), enquiries.length > window.count);
    },
    onError,
  );
}

/** Every enquiry of one collection in the window's dates, newest first: for the CSV download. */
export async function fetchEnquiries(
  connection: InboxConnection,
  window: Omit<EnquiryWindow, 'count'>,
): Promise<StoredEnquiry[]> {
  const snapshot = await connection.firestore.getDocs(windowQuery(connection, window));
  return storedEnquiries(connection, window.collection, snapshot);
}

/** Asks for a fresh ID token: new claims take effect, and a dead session ends (null user). */
export async function refreshSession({ auth, authInstance }: InboxConnection): Promise<void> {
  const user = authInstance.currentUser;
  if (!user) return;
  try {
    await user.getIdToken(true);
  } catch {
    await auth.signOut(authInstance);
  }
}

/** How many enquiries each collection received in each [start, end) range (count queries). */
export async function countEnquiries(
  { firestore, db }: InboxConnection,
  collection: EnquiryCollection,
  ranges: { start: Date; end: Date }[],
): Promise<number[]> {
  const { getCountFromServer, query, where, Timestamp } = firestore;
  return Promise.all(
    ranges.map(async ({ start, end }) => {
      const snapshot = await getCountFromServer(
        query(
          firestore.collection(db, collection),
          where('createdAt', '>=', Timestamp.fromDate(start)),
          where('createdAt', '<', Timestamp.fromDate(end)),
        ),
      );
      return snapshot.data().count;
    }),
  );
}

/** A save refused because a colleague saved a newer version first; `theirs` is what is stored now. */
export class FollowUpConflict extends Error {
  constructor(readonly theirs: unknown) {
    super('Someone else saved this follow-up while you were editing it.');
  }
}

/**
 * Saves the follow-up over the version the salesperson started from, in a transaction: when the
 * stored version is another (a colleague saved in between), nothing is written and FollowUpConflict
 * carries theirs. The rules hold the same line for any client (version must be the stored one + 1).
 */
export async function saveFollowUp(
  { firestore, db }: InboxConnection,
  user: InboxUser,
  enquiry: { collection: EnquiryCollection; id: string },
  followUp: { status: FollowUpStatus; note: string },
  basedOnVersion: number,
): Promise<void> {
  const ref = firestore.doc(db, enquiry.collection, enquiry.id);
  await firestore.runTransaction(db, async (transaction) => {
    const data = (await transaction.get(ref)).data() ?? {};
    const stored = followUpVersion(data);
    if (stored !== basedOnVersion) throw new FollowUpConflict(data[FOLLOW_UP_FIELD]);
    // The first contact is set once, by the save that moves the enquiry out of New (the rules
    // hold it to the server's clock), and kept as it is by every later save.
    const current = data[FOLLOW_UP_FIELD] as Record<string, unknown> | undefined;
    const firstContactAt =
      current?.[FIRST_CONTACT_FIELD] ?? (followUp.status === 'New' ? null : firestore.serverTimestamp());
    transaction.update(ref, {
      [FOLLOW_UP_FIELD]: {
        status: followUp.status,
        note: followUp.note,
        updatedBy: user.uid,
        updatedByEmail: user.email,
        updatedAt: firestore.serverTimestamp(),
        version: stored + 1,
        ...(firstContactAt ? { [FIRST_CONTACT_FIELD]: firstContactAt } : {}),
      },
    });
  });
}

export async function resendEmail(
  { functions, callables }: InboxConnection,
  request: ResendRequest,
): Promise<ResendResult> {
  const call = functions.httpsCallable<ResendRequest, ResendResult>(callables, RESEND_FUNCTION);
  return (await call(request)).data;
}
