/**
 * The sweep, run on a schedule. It works in bounded, indexed pages, so its cost does not grow with
 * a flood, and it never stands between a new enquiry and its own trigger:
 *
 * 1. Retries: enquiries not yet settled whose time has come (FAILED after its backoff, PENDING
 *    after a temporary refusal or put back by an operator, SENDING whose lease expired), oldest
 *    due first, at most SWEEP_BATCH_LIMIT per collection (index: state + nextAttemptAt).
 * 2. Missed triggers: enquiries with no delivery record at all, which is what a trigger event that
 *    never arrived looks like. A checkpoint (the last `createdAt` and ID looked at) means each
 *    enquiry is looked at once, after the trigger's head start, instead of every run re-reading
 *    a whole day. They go through admission control like any new enquiry.
 * 3. The hourly digest of HELD enquiries (digest.ts).
 * 4. The reply-speed figure buyers are shown, worked out again as its 90-day window moves on
 *    (reply-speed.ts), when it is more than an hour old.
 */
import { FieldPath, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { EXPIRES_AT_FIELD } from '../contract/enquiry/retention';
import { SERVER_TIMESTAMP_FIELD } from '../contract/enquiry/enquiry';
import { deliverEnquiry } from './delivery';
import type { DeliveryDeps, DeliveryOutcome } from './deps';
import { NOTIFICATION_FIELD, UNFINISHED_STATES } from '../contract/delivery/delivery';
import { LOG_EVENTS } from '../logs';
import { DIGEST_MAX_DOCUMENT_READS, sendHeldDigest, type DigestOutcome } from './digest';
import { deliverEnquiryAlert, ENQUIRY_ALERT_FIELD } from './alerts';
import { REPLY_SPEED_MAX_READS, refreshReplySpeedIfStale } from './reply-speed';
import {
  ADMISSION_COLLECTION,
  ENQUIRY_COLLECTIONS,
  type EnquiryCollection,
  ADMISSION_RETENTION_MS,
  ADMISSION_DOCUMENTS,
} from '../contract/enquiry/collections';

export const SWEEP_SCHEDULE = 'every 15 minutes';
/** Retries per collection per run; the rest wait for the next run. */
const SWEEP_BATCH_LIMIT = 50;
/** Enquiries looked at per page of the missed-trigger scan, and pages per collection per run. */
const UNRECORDED_PAGE_SIZE = 100;
const UNRECORDED_PAGES_PER_RUN = 3;
/** Stop claiming new work well before the scheduled function's 540 s timeout. */
const SWEEP_TIME_BUDGET_MS = 7 * 60_000;
/** How far back the missed-trigger scan starts when it has no checkpoint yet. */
const UNRECORDED_LOOKBACK_MS = 24 * 60 * 60_000;
/** The trigger's head start on a new enquiry before a sweep treats it as missed. */
export const UNRECORDED_GRACE_MS = 10 * 60_000;

/**
 * Reads one delivery can make: the first look at the enquiry, admission (three slot counts, the
 * enquiry and its duplicate fingerprint), the record of its outcome, the acknowledgement's
 * document for the day, and the WhatsApp alert's claim and record. A round lost to a concurrent
 * claim repeats the admission reads.
 */
const DELIVERY_MAX_READS = 10;
/** Reads one WhatsApp alert retry makes: the claim's and the record's. */
const ALERT_MAX_READS = 2;
/**
 * The most documents one sweep reads, however large the backlog: per collection a page of retries
 * and their deliveries, a page of due WhatsApp alerts and their retries, the checkpoint, the
 * missed-trigger pages and their deliveries; then the digest (DIGEST_MAX_DOCUMENT_READS) and
 * the reply-speed figure (REPLY_SPEED_MAX_READS).
 */
export const SWEEP_MAX_DOCUMENT_READS =
  ENQUIRY_COLLECTIONS.length *
    (SWEEP_BATCH_LIMIT * (1 + DELIVERY_MAX_READS) +
      SWEEP_BATCH_LIMIT * (1 + ALERT_MAX_READS) +
      1 +
      UNRECORDED_PAGES_PER_RUN * UNRECORDED_PAGE_SIZE * (1 + DELIVERY_MAX_READS)) +
  DIGEST_MAX_DOCUMENT_READS +
  REPLY_SPEED_MAX_READS;

export type SweepSummary = {
  runId: string;
  due: number;
  sent: number;
  failed: number;
  skipped: number;
  held: number;
  duplicates: number;
  /** Temporary refusals: given back their attempt, they wait for the next window. */
  refused: number;
  /** Due enquiries left for the next run because the time budget ran out. */
  deferred: number;
  /** Documents the sweep's own queries returned (each a billed read), the digest's included. */
  queried: number;
  /** WhatsApp alerts whose time had come (a temporary refusal, a sender that died): sent now. */
  alertsDue: number;
  alertsSent: number;
  digest: DigestOutcome;
  /** Whether the reply-speed figure was worked out again (it was over an hour old). */
  replySpeedRefreshed: boolean;
};

const checkpointRef = (db: Firestore, collection: EnquiryCollection) =>
  db.collection(ADMISSION_COLLECTION).doc(`${ADMISSION_DOCUMENTS.sweepCheckpoint}${collection}`);

type Checkpoint = { createdAt: Timestamp; id: string };

/** WhatsApp alerts waiting out a refusal, or whose sender died (its lease is over), oldest first. */
async function alertsDueIds(deps: DeliveryDeps, collection: EnquiryCollection, now: Date) {
  const snapshot = await deps.db
    .collection(collection)
    .where(`${ENQUIRY_ALERT_FIELD}.state`, 'in', ['PENDING', 'SENDING'])
    .where(`${ENQUIRY_ALERT_FIELD}.nextAttemptAt`, '<=', Timestamp.fromDate(now))
    .orderBy(`${ENQUIRY_ALERT_FIELD}.nextAttemptAt`)
    .limit(SWEEP_BATCH_LIMIT)
    .get();
  return { ids: snapshot.docs.map((doc) => doc.id), read: Math.max(1, snapshot.size) };
}

async function retryDueIds(deps: DeliveryDeps, collection: EnquiryCollection, now: Date) {
  const snapshot = await deps.db
    .collection(collection)
    .where(`${NOTIFICATION_FIELD}.state`, 'in', UNFINISHED_STATES)
    .where(`${NOTIFICATION_FIELD}.nextAttemptAt`, '<=', Timestamp.fromDate(now))
    .orderBy(`${NOTIFICATION_FIELD}.nextAttemptAt`)
    .limit(SWEEP_BATCH_LIMIT)
    .get();
  return { ids: snapshot.docs.map((doc) => doc.id), read: Math.max(1, snapshot.size) };
}

/**
 * One page of enquiries created after the checkpoint and before the trigger's head start ends, in
 * (createdAt, ID) order: those without a record, and the checkpoint to continue from.
 */
async function unrecordedPage(
  deps: DeliveryDeps,
  collection: EnquiryCollection,
  now: Date,
  after: Checkpoint | null,
) {
  const oldest = Timestamp.fromMillis(now.getTime() - UNRECORDED_LOOKBACK_MS);
  let query = deps.db
    .collection(collection)
    .where(SERVER_TIMESTAMP_FIELD, '>=', oldest)
    .where(SERVER_TIMESTAMP_FIELD, '<=', Timestamp.fromMillis(now.getTime() - UNRECORDED_GRACE_MS))
    .orderBy(SERVER_TIMESTAMP_FIELD)
    .orderBy(FieldPath.documentId());
  if (after && after.createdAt.toMillis() >= oldest.toMillis())
    query = query.startAfter(after.createdAt, after.id);
  // The page's last createdAt is where the next page starts, so it is read with the state.
  const snapshot = await query
    .select(SERVER_TIMESTAMP_FIELD, `${NOTIFICATION_FIELD}.state`)
    .limit(UNRECORDED_PAGE_SIZE)
    .get();
  const last = snapshot.docs.at(-1);
  const createdAt: unknown = last?.get(SERVER_TIMESTAMP_FIELD);
  return {
    ids: snapshot.docs
      .filter((doc) => doc.get(`${NOTIFICATION_FIELD}.state`) === undefined)
      .map((doc) => doc.id),
    next: last && createdAt instanceof Timestamp ? { createdAt, id: last.id } : after,
    full: snapshot.size === UNRECORDED_PAGE_SIZE,
    read: Math.max(1, snapshot.size),
  };
}

function count(summary: SweepSummary, outcome: DeliveryOutcome): void {
  if (outcome.status === 'sent') summary.sent += 1;
  else if (outcome.status === 'failed') summary.failed += 1;
  else if (outcome.status === 'held') summary.held += 1;
  else if (outcome.status === 'duplicate') summary.duplicates += 1;
  else if (outcome.status === 'deferred') summary.refused += 1;
  else summary.skipped += 1;
}

/** One sweep over both collections; failures are recorded on the documents, never thrown. */
export async function sweepUndeliveredEnquiries(deps: DeliveryDeps, runId: string): Promise<SweepSummary> {
  const startedMs = deps.clock().getTime();
  const summary: SweepSummary = {
    runId,
    due: 0,
    sent: 0,
    failed: 0,
    skipped: 0,
    held: 0,
    duplicates: 0,
    refused: 0,
    deferred: 0,
    queried: 0,
    alertsDue: 0,
    alertsSent: 0,
    digest: { status: 'nothing-held' },
    replySpeedRefreshed: false,
  };
  const outOfTime = () => deps.clock().getTime() - startedMs > SWEEP_TIME_BUDGET_MS;
  const deliverAll = async (collection: EnquiryCollection, ids: string[]) => {
    for (const [index, id] of ids.entries()) {
      if (outOfTime()) {
        summary.deferred += ids.length - index;
        return false;
      }
      count(summary, await deliverEnquiry(deps, { collection, id }, { kind: 'sweeper', runId }));
    }
    return true;
  };

  for (const collection of ENQUIRY_COLLECTIONS) {
    const retries = await retryDueIds(deps, collection, deps.clock());
    summary.queried += retries.read;
    summary.due += retries.ids.length;
    await deliverAll(collection, retries.ids);

    if (deps.whatsapp) {
      const alerts = await alertsDueIds(deps, collection, deps.clock());
      summary.queried += alerts.read;
      summary.alertsDue += alerts.ids.length;
      for (const id of alerts.ids) {
        if (outOfTime()) break;
        const outcome = await deliverEnquiryAlert(deps, { collection, id }, { kind: 'sweeper', runId });
        if (outcome.status === 'sent') summary.alertsSent += 1;
      }
    }

    const checkpoint = checkpointRef(deps.db, collection);
    const stored = await checkpoint.get();
    summary.queried += 1;
    const checkpointData = stored.data();
    let after: Checkpoint | null =
      checkpointData?.createdAt instanceof Timestamp && typeof checkpointData.id === 'string'
        ? { createdAt: checkpointData.createdAt, id: checkpointData.id }
        : null;
    for (let page = 0; page < UNRECORDED_PAGES_PER_RUN && !outOfTime(); page += 1) {
      const found = await unrecordedPage(deps, collection, deps.clock(), after);
      summary.queried += found.read;
      summary.due += found.ids.length;
      const finished = await deliverAll(collection, found.ids);
      // Only past what was handled: a page cut short by the time budget is looked at again.
      if (finished && found.next && found.next !== after) {
        after = found.next;
        // Kept while sweeps run; three days without one and the TTL policy removes it.
        await checkpoint.set({
          ...after,
          [EXPIRES_AT_FIELD]: Timestamp.fromMillis(deps.clock().getTime() + ADMISSION_RETENTION_MS),
        });
      }
      if (!finished || !found.full) break;
    }
  }

  summary.digest = await sendHeldDigest(deps, runId);
  if ('documentsRead' in summary.digest) summary.queried += summary.digest.documentsRead;
  const replySpeed = await refreshReplySpeedIfStale(deps.db, deps.clock());
  summary.replySpeedRefreshed = replySpeed.refreshed;
  summary.queried += replySpeed.read;
  deps.log.info(LOG_EVENTS.sweepFinished, { ...summary, digest: summary.digest.status });
  return summary;
}
