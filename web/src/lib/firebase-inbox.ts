/**
 * The sales inbox's only door to Firebase: Authentication, the full Firestore SDK (live
 * `onSnapshot` listeners) and the resend function. Loaded by the inbox page alone, so none of it
 * is in any public page's download; the public site keeps Firestore Lite (lib/firebase.ts).
 *
 * It runs under an app of its own name, so it never meets the public forms' Firestore Lite
 * instance on the default app.
 */
import type { ContactKeys } from '@contract/contact-keys';
import {
  ENQUIRY_COLLECTIONS,
  type EnquiryCollection,
  RESPONSE_STATS_COLLECTION,
} from '@contract/collections';
import {
  FIRST_CONTACT_FIELD,
  FOLLOW_UP_FIELD,
  FOLLOW_UP_HISTORY_FIELD,
  followUpHistory,
  followUpVersion,
  nextHistoryKey,
  OWNER_CLAIM,
  SALES_CLAIM,
  type FollowUpStatus,
} from '@contract/follow-up';
import { PRIVACY_FUNCTION, type PrivacyCallRequest, type PrivacyCallResult } from '@contract/privacy';
import { RESEND_FUNCTION, type ResendRequest, type ResendResult } from '@contract/resend';
import type { DocumentSnapshot, QueryConstraint, QuerySnapshot } from 'firebase/firestore';
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
  /** It also carries `owner: true`: it may find, export and erase a buyer's data. */
  isOwner: boolean;
};

/**
 * Documents the inbox has read since the page opened, counted as Firestore bills them: every
 * document a query or a listener returns (and each one a listener sees change), one for a query
 * that finds nothing, one for a single document, one per 1,000 entries a count goes through.
 * `npm run bench:load` reads it from the page (`window.inboxDocumentsRead`).
 */
let documentsRead = 0;
function countReads(documents: number): void {
  documentsRead += documents;
  (globalThis as { inboxDocumentsRead?: number }).inboxDocumentsRead = documentsRead;
}
const COUNT_ENTRIES_PER_READ = 1000;

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
        onUser({
          uid: user.uid,
          email: user.email ?? '',
          isSales: token.claims[SALES_CLAIM] === true,
          isOwner: token.claims[SALES_CLAIM] === true && token.claims[OWNER_CLAIM] === true,
        }),
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

/** One document as the inbox shows it; a server time still in flight reads as the local estimate. */
function storedEnquiry(
  { firestore }: InboxConnection,
  collection: EnquiryCollection,
  doc: DocumentSnapshot,
): StoredEnquiry {
  const data = doc.data({ serverTimestamps: 'estimate' }) ?? {};
  const createdAt: unknown = data.createdAt;
  return {
    collection,
    id: doc.id,
    data,
    receivedAt: createdAt instanceof firestore.Timestamp ? createdAt.toDate() : null,
  };
}

function storedEnquiries(
  connection: InboxConnection,
  collection: EnquiryCollection,
  snapshot: QuerySnapshot,
): StoredEnquiry[] {
  return snapshot.docs.map((doc) => storedEnquiry(connection, collection, doc));
}

/** What a listener's snapshot cost: every document at first (one when none), then each one added or changed. */
function countSnapshotReads(snapshot: QuerySnapshot, first: boolean): void {
  if (snapshot.metadata.fromCache) return;
  const changed = snapshot.docChanges().filter((change) => change.type !== 'removed').length;
  countReads(first ? Math.max(1, snapshot.size) : changed);
}

/** A live query: calls back with its documents now and on every change. */
function watchQuery(
  connection: InboxConnection,
  collection: EnquiryCollection,
  query: ReturnType<typeof windowQuery>,
  onChange: (enquiries: StoredEnquiry[]) => void,
  onError: (error: unknown) => void,
): () => void {
  let first = true;
  return connection.firestore.onSnapshot(
    query,
    { includeMetadataChanges: false },
    (snapshot) => {
      countSnapshotReads(snapshot, first);
      first = first && snapshot.metadata.fromCache;
      onChange(storedEnquiries(connection, collection, snapshot));
    },
    onError,
  );
}

async function getQuery(
  connection: InboxConnection,
  collection: EnquiryCollection,
  query: ReturnType<typeof windowQuery>,
): Promise<StoredEnquiry[]> {
  const snapshot = await connection.firestore.getDocs(query);
  countReads(Math.max(1, snapshot.size));
  return storedEnquiries(connection, collection, snapshot);
}

/** Live: calls back with the newest enquiries of one collection now, and on every change. */
export function watchEnquiries(
  connection: InboxConnection,
  window: EnquiryWindow,
  onChange: (enquiries: StoredEnquiry[], hasMore: boolean) => void,
  onError: (error: unknown) => void,
): () => void {
  const { limit } = connection.firestore;
  return watchQuery(
    connection,
    window.collection,
    // One more than asked tells whether "Load more" has anything to load.
    windowQuery(connection, window, limit(window.count + 1)),
    (enquiries) => onChange(enquiries.slice(0, window.count), enquiries.length > window.count),
    onError,
  );
}

/** Live: one enquiry (an address that names it, or the open detail); null while it does not exist. */
export function watchEnquiry(
  connection: InboxConnection,
  enquiry: { collection: EnquiryCollection; id: string },
  onChange: (enquiry: StoredEnquiry | null) => void,
  onError: (error: unknown) => void,
): () => void {
  const { doc, onSnapshot } = connection.firestore;
  return onSnapshot(
    doc(connection.db, enquiry.collection, enquiry.id),
    (snapshot) => {
      if (!snapshot.metadata.fromCache) countReads(1);
      onChange(snapshot.exists() ? storedEnquiry(connection, enquiry.collection, snapshot) : null);
    },
    onError,
  );
}

/** Every enquiry of one collection in the window's dates, newest first: for the CSV download. */
export async function fetchEnquiries(
  connection: InboxConnection,
  window: Omit<EnquiryWindow, 'count'>,
): Promise<StoredEnquiry[]> {
  return getQuery(connection, window.collection, windowQuery(connection, window));
}

/** Enquiries the rules let a sales account look up by one buyer's address or number, at most this many a query. */
const BUYER_QUERY_LIMIT = 20;

/**
 * Every enquiry of one buyer in both forms (bounded): by the contact keys admission recorded, and
 * by the fields as stored now (a correction, or an enquiry admission has not reached yet). The
 * caller keeps those that compare equal (contract/contact-keys.ts).
 */
export async function fetchBuyerEnquiries(
  connection: InboxConnection,
  keys: ContactKeys,
  typedEmail: string,
): Promise<StoredEnquiry[]> {
  const { collection, limit, query, where } = connection.firestore;
  const emails = [...new Set([keys.email, typedEmail].filter(Boolean))];
  const found = await Promise.all(
    ENQUIRY_COLLECTIONS.flatMap((name) => {
      const from = collection(connection.db, name);
      return [
        ...(emails.length ? [query(from, where('email', 'in', emails), limit(BUYER_QUERY_LIMIT))] : []),
        ...(keys.email
          ? [query(from, where('notification.contactKeys.email', '==', keys.email), limit(BUYER_QUERY_LIMIT))]
          : []),
        ...(keys.phone ? [query(from, where('phone', '==', keys.phone), limit(BUYER_QUERY_LIMIT))] : []),
      ].map((asked) => getQuery(connection, name, asked));
    }),
  );
  const byPath = new Map(found.flat().map((enquiry) => [`${enquiry.collection}/${enquiry.id}`, enquiry]));
  return [...byPath.values()];
}

/** The weeks' response-time histograms (contract/response-times.ts), as stored; undefined where none is. */
export async function readResponseStats(
  connection: InboxConnection,
  weeks: string[],
): Promise<(Record<string, unknown> | undefined)[]> {
  const { doc, getDoc } = connection.firestore;
  return Promise.all(
    weeks.map(async (week) => {
      const snapshot = await getDoc(doc(connection.db, RESPONSE_STATS_COLLECTION, week));
      countReads(1);
      return snapshot.data();
    }),
  );
}

/** Enquiries nobody has contacted yet (admission set `notification.firstContactAt` to null), received in [since, before). */
function waitingQuery(
  connection: InboxConnection,
  collection: EnquiryCollection,
  since: Date,
  before: Date,
  ...more: QueryConstraint[]
) {
  const { query, where, Timestamp } = connection.firestore;
  return query(
    connection.firestore.collection(connection.db, collection),
    where('notification.firstContactAt', '==', null),
    where('createdAt', '>=', Timestamp.fromDate(since)),
    where('createdAt', '<', Timestamp.fromDate(before)),
    ...more,
  );
}

/** How many enquiries of one collection received in [since, before) are still waiting for a first contact. */
export async function countWaiting(
  connection: InboxConnection,
  collection: EnquiryCollection,
  since: Date,
  before: Date,
): Promise<number> {
  if (before <= since) return 0;
  const snapshot = await connection.firestore.getCountFromServer(
    waitingQuery(connection, collection, since, before),
  );
  const count = snapshot.data().count;
  countReads(Math.max(1, Math.ceil(count / COUNT_ENTRIES_PER_READ)));
  return count;
}

/** Live: the oldest `count` enquiries of one collection received in [since, before) still waiting, oldest first. */
export function watchWaiting(
  connection: InboxConnection,
  window: { collection: EnquiryCollection; since: Date; before: Date; count: number },
  onChange: (enquiries: StoredEnquiry[]) => void,
  onError: (error: unknown) => void,
): () => void {
  const { limit, orderBy } = connection.firestore;
  return watchQuery(
    connection,
    window.collection,
    waitingQuery(
      connection,
      window.collection,
      window.since,
      window.before,
      orderBy('createdAt', 'asc'),
      limit(window.count),
    ),
    onChange,
    onError,
  );
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
      const count = snapshot.data().count;
      countReads(Math.max(1, Math.ceil(count / COUNT_ENTRIES_PER_READ)));
      return count;
    }),
  );
}

/** A save refused because a colleague saved a newer version first; `theirs` is what is stored now. */
export class FollowUpConflict extends Error {
  constructor(readonly theirs: unknown) {
    super('Someone else saved this follow-up while you were editing it.');
  }
}

type EnquiryRef = { collection: EnquiryCollection; id: string };

/**
 * Writes one follow-up save in a transaction over the version the salesperson started from: when
 * the stored version is another (a colleague saved in between), nothing is written and
 * FollowUpConflict carries theirs. The rules hold the same line for any client (version must be
 * the stored one + 1). `change` says what this save is, from what is stored now; the map keeps the
 * first contact and the history as stored unless `change` adds to them. Resolves with the version saved.
 */
async function writeFollowUp(
  { firestore, db }: InboxConnection,
  user: InboxUser,
  enquiry: EnquiryRef,
  basedOnVersion: number | 'current',
  change: (stored: Record<string, unknown>) => {
    followUp?: Record<string, unknown>;
    fields?: Record<string, string>;
  } | null,
): Promise<number> {
  const ref = firestore.doc(db, enquiry.collection, enquiry.id);
  return firestore.runTransaction(db, async (transaction) => {
    const data = (await transaction.get(ref)).data() ?? {};
    countReads(1);
    const version = followUpVersion(data);
    if (basedOnVersion !== 'current' && version !== basedOnVersion)
      throw new FollowUpConflict(data[FOLLOW_UP_FIELD]);
    const stored = (data[FOLLOW_UP_FIELD] ?? {}) as Record<string, unknown>;
    const wanted = change(stored);
    if (!wanted) return version;
    const history = followUpHistory(stored);
    transaction.update(ref, {
      ...wanted.fields,
      [FOLLOW_UP_FIELD]: {
        status: stored.status ?? 'New',
        note: stored.note ?? '',
        ...(stored[FIRST_CONTACT_FIELD] ? { [FIRST_CONTACT_FIELD]: stored[FIRST_CONTACT_FIELD] } : {}),
        ...(Object.keys(history).length ? { [FOLLOW_UP_HISTORY_FIELD]: history } : {}),
        ...wanted.followUp,
        updatedBy: user.uid,
        updatedByEmail: user.email,
        updatedAt: firestore.serverTimestamp(),
        version: version + 1,
      },
    });
    return version + 1;
  });
}

/**
 * Saves status and note. Moving out of New is the first contact when none is recorded yet: it is
 * stamped with the server's time (the rules require exactly that, once).
 */
export async function saveFollowUp(
  connection: InboxConnection,
  user: InboxUser,
  enquiry: EnquiryRef,
  followUp: { status: FollowUpStatus; note: string },
  basedOnVersion: number,
): Promise<number> {
  return writeFollowUp(connection, user, enquiry, basedOnVersion, (stored) => ({
    followUp: {
      status: followUp.status,
      note: followUp.note,
      ...(!stored[FIRST_CONTACT_FIELD] && followUp.status !== 'New'
        ? { [FIRST_CONTACT_FIELD]: connection.firestore.serverTimestamp() }
        : {}),
    },
  }));
}

/**
 * A tap on call, WhatsApp or email: the first contact, when none is recorded yet (status and note
 * stay as stored). Resolves with the version now stored.
 */
export async function recordFirstContact(
  connection: InboxConnection,
  user: InboxUser,
  enquiry: EnquiryRef,
): Promise<number> {
  return writeFollowUp(connection, user, enquiry, 'current', (stored) =>
    stored[FIRST_CONTACT_FIELD]
      ? null
      : { followUp: { [FIRST_CONTACT_FIELD]: connection.firestore.serverTimestamp() } },
  );
}

/**
 * Corrects the buyer's details (contract/correction.ts: `changes` holds only fields that change,
 * already checked) with the history entry the rules require: which fields, who and when.
 */
export async function saveCorrection(
  connection: InboxConnection,
  user: InboxUser,
  enquiry: EnquiryRef,
  changes: Record<string, string>,
  basedOnVersion: number,
): Promise<number> {
  return writeFollowUp(connection, user, enquiry, basedOnVersion, (stored) => {
    const history = followUpHistory(stored);
    return {
      fields: changes,
      followUp: {
        [FOLLOW_UP_HISTORY_FIELD]: {
          ...history,
          [nextHistoryKey(history)]: {
            corrected: Object.keys(changes),
            by: user.uid,
            byEmail: user.email,
            at: connection.firestore.serverTimestamp(),
          },
        },
      },
    };
  });
}

/** Calls one of the inbox's callable functions (each checks the caller's claims itself). */
async function callFunction<Request, Result>(
  { functions, callables }: InboxConnection,
  name: string,
  request: Request,
): Promise<Result> {
  return (await functions.httpsCallable<Request, Result>(callables, name)(request)).data;
}

export function resendEmail(connection: InboxConnection, request: ResendRequest): Promise<ResendResult> {
  return callFunction(connection, RESEND_FUNCTION, request);
}

/** The owner's "Find this buyer's data": find, export or erase one person (the function checks the claim). */
export function askPrivacy(
  connection: InboxConnection,
  request: PrivacyCallRequest,
): Promise<PrivacyCallResult> {
  return callFunction(connection, PRIVACY_FUNCTION, request);
}
