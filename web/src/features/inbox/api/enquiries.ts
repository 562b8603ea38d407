/**
 * What the inbox reads: both forms' enquiries (live lists, one enquiry, the waiting list, the CSV's
 * whole window), one buyer's enquiries, counts per week, the weekly response-time histograms and
 * the day's use of the mail budget.
 * Every document is read through the contract's one reader (contract/enquiry/stored-enquiry.ts).
 */
import type { ContactKeys } from '@contract/enquiry/contact-keys';
import {
  ENQUIRY_COLLECTIONS,
  type EnquiryCollection,
  MAIL_USAGE_COLLECTION,
  RESPONSE_STATS_COLLECTION,
} from '@contract/enquiry/collections';
import { readMailUsage, type MailUsage } from '@contract/delivery/mail-usage';
import { enquiryKey, readStoredEnquiry, type StoredEnquiry } from '@contract/enquiry/stored-enquiry';
import type { DocumentSnapshot, QueryConstraint, QuerySnapshot } from 'firebase/firestore';
import type { InboxConnection } from './connection';
import { countAggregationReads, countReads, countSnapshotReads } from './reads';

type EnquiryWindow = {
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
function storedEnquiry(collection: EnquiryCollection, doc: DocumentSnapshot): StoredEnquiry {
  return readStoredEnquiry({ collection, id: doc.id }, doc.data({ serverTimestamps: 'estimate' }));
}

function storedEnquiries(collection: EnquiryCollection, snapshot: QuerySnapshot): StoredEnquiry[] {
  return snapshot.docs.map((doc) => storedEnquiry(collection, doc));
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
      onChange(storedEnquiries(collection, snapshot));
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
  return storedEnquiries(collection, snapshot);
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
  enquiry: Pick<StoredEnquiry, 'collection' | 'id'>,
  onChange: (enquiry: StoredEnquiry | null) => void,
  onError: (error: unknown) => void,
): () => void {
  const { doc, onSnapshot } = connection.firestore;
  return onSnapshot(
    doc(connection.db, enquiry.collection, enquiry.id),
    (snapshot) => {
      if (!snapshot.metadata.fromCache) countReads(1);
      onChange(snapshot.exists() ? storedEnquiry(enquiry.collection, snapshot) : null);
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
 * caller keeps those that compare equal (contract/enquiry/contact-keys.ts).
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
  const byPath = new Map(found.flat().map((enquiry) => [enquiryKey(enquiry), enquiry]));
  return [...byPath.values()];
}

/** The weeks' response-time histograms (contract/delivery/response-times.ts), as stored; undefined where none is. */
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

/** The mail budget's use of one India-time day (`2026-11-23`); null when nothing was sent that day. */
export async function fetchMailUsage(connection: InboxConnection, day: string): Promise<MailUsage | null> {
  const { doc, getDoc } = connection.firestore;
  const snapshot = await getDoc(doc(connection.db, MAIL_USAGE_COLLECTION, day));
  countReads(1);
  return readMailUsage(snapshot.data());
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
  countAggregationReads(count);
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
      countAggregationReads(count);
      return count;
    }),
  );
}
