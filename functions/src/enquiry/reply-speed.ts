/**
 * Keeps the reply-speed figure buyers are shown (contract/delivery/reply-speed.ts) up to date, and answers
 * the site's request for it:
 * - `refreshReplySpeed` works it out from the enquiries answered in the last 90 days (both forms,
 *   admitted ones only) and stores it in `enquiry-response-stats/last-90-days`. It runs when a
 *   first contact is recorded and, as the window moves on, from the sweep once its figure is
 *   older than REFRESH_AFTER_MS;
 * - `replySpeedAnswer` is the public answer to `GET /api/reply-speed`: the stored figure and
 *   nothing else, cacheable by Hosting's CDN, so a visitor's request costs at most one read.
 */
import { DAY_MS } from '../contract/base/time';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { ENQUIRY_COLLECTIONS, RESPONSE_STATS_COLLECTION } from '../contract/enquiry/collections';
import { NOTIFICATION_FIELD } from '../contract/delivery/delivery';
import { SERVER_TIMESTAMP_FIELD } from '../contract/enquiry/enquiry';
import { asDate } from '../contract/base/india-time';
import {
  countsForReplySpeed,
  isShownToBuyers,
  medianOf,
  readReplySpeed,
  REPLY_SPEED_DOCUMENT,
  REPLY_SPEED_WINDOW_DAYS,
  type ReplySpeed,
} from '../contract/delivery/reply-speed';

/** The sweep works the figure out again when it is older than this (the window moves on daily). */
export const REFRESH_AFTER_MS = 60 * 60_000;
/**
 * Answered enquiries read per collection, newest first contact first: far more than a quarter's
 * answers here, and a bound on what one refresh costs.
 */
export const REPLY_SPEED_MAX_READS_PER_COLLECTION = 5_000;
/** The most documents one refresh reads: the answers of both forms, and the stored figure. */
export const REPLY_SPEED_MAX_READS = ENQUIRY_COLLECTIONS.length * REPLY_SPEED_MAX_READS_PER_COLLECTION + 1;

const figureRef = (db: Firestore) => db.collection(RESPONSE_STATS_COLLECTION).doc(REPLY_SPEED_DOCUMENT);

/** The figure for the window ending `now`, worked out from the stored enquiries. */
export async function workOutReplySpeed(
  db: Firestore,
  now: Date,
): Promise<{ figure: ReplySpeed; read: number }> {
  const since = new Date(now.getTime() - REPLY_SPEED_WINDOW_DAYS * DAY_MS);
  const waits: number[] = [];
  let read = 0;
  for (const collection of ENQUIRY_COLLECTIONS) {
    // Answered after `since` is a superset of received after it: the receipt is checked below.
    const snapshot = await db
      .collection(collection)
      .where(`${NOTIFICATION_FIELD}.firstContactAt`, '>=', Timestamp.fromDate(since))
      .orderBy(`${NOTIFICATION_FIELD}.firstContactAt`, 'desc')
      .select(SERVER_TIMESTAMP_FIELD, `${NOTIFICATION_FIELD}.state`, `${NOTIFICATION_FIELD}.responseSeconds`)
      .limit(REPLY_SPEED_MAX_READS_PER_COLLECTION)
      .get();
    read += snapshot.size;
    for (const doc of snapshot.docs) {
      const receivedAt = asDate(doc.get(SERVER_TIMESTAMP_FIELD));
      const seconds: unknown = doc.get(`${NOTIFICATION_FIELD}.responseSeconds`);
      if (!receivedAt || receivedAt.getTime() < since.getTime() || receivedAt.getTime() > now.getTime())
        continue;
      if (typeof seconds !== 'number' || !countsForReplySpeed(doc.get(`${NOTIFICATION_FIELD}.state`)))
        continue;
      waits.push(seconds);
    }
  }
  return {
    figure: {
      answered: waits.length,
      medianSeconds: medianOf(waits),
      windowDays: REPLY_SPEED_WINDOW_DAYS,
      updatedAt: now.toISOString(),
    },
    read,
  };
}

/** Works the figure out and stores it; answers it and the documents read. */
export async function refreshReplySpeed(
  db: Firestore,
  now: Date,
): Promise<{ figure: ReplySpeed; read: number }> {
  const worked = await workOutReplySpeed(db, now);
  await figureRef(db).set(worked.figure);
  return worked;
}

/** The sweep's part: a refresh when the stored figure is missing or older than REFRESH_AFTER_MS. */
export async function refreshReplySpeedIfStale(
  db: Firestore,
  now: Date,
): Promise<{ refreshed: boolean; read: number }> {
  const stored = readReplySpeed((await figureRef(db).get()).data());
  const age = stored ? now.getTime() - Date.parse(stored.updatedAt) : Number.POSITIVE_INFINITY;
  if (age >= 0 && age < REFRESH_AFTER_MS) return { refreshed: false, read: 1 };
  const { read } = await refreshReplySpeed(db, now);
  return { refreshed: true, read: read + 1 };
}

/** Browsers keep the answer a minute; Hosting's CDN ten, so a crowd costs one read per ten minutes. */
export const REPLY_SPEED_CACHE_CONTROL = 'public, max-age=60, s-maxage=600';

/**
 * The public answer: the figure when it may be shown to buyers, `{ shown: false }` otherwise (how
 * few were answered is sales' business, not a visitor's).
 */
export async function replySpeedAnswer(db: Firestore): Promise<ReplySpeed | { shown: false }> {
  const figure = readReplySpeed((await figureRef(db).get()).data());
  return isShownToBuyers(figure) ? figure : { shown: false };
}
