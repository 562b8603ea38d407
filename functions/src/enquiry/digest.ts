/**
 * The hourly digest: every enquiry admission control kept from its own email, reported to sales in
 * one email: the HELD ones (then marked DIGESTED) and the duplicates no digest has listed yet (then
 * given the digest's hour), in both forms. All that are waiting are ranked together, those that
 * look most like real buyers first (buyer-signals.ts), before the table of the first 50 is chosen;
 * the CSV carries every one. Only a flood too big for one digest (DIGEST_MAX_ENQUIRIES, or more
 * text than an email should carry) is split over hours, and then the oldest waiting go first, so
 * nothing waits past the next digest because of a flood that began after it.
 *
 * Each hour's first lock takes the digest's slot of the mail budget (mail-budget.ts), which keeps
 * room for one digest an hour beside the caps sales emails stop at.
 *
 * At most one digest email an India-time hour, even through crashes: a lock document per hour in
 * the admission collection records the digest (what it covers, its Message-ID) before the email is
 * sent. A digest the SMTP server refuses releases the lock, so a later sweep of the same hour tries
 * again; a digest whose sender died with the lock taken spends its hour, and its enquiries, still
 * HELD, go in the next hour's digest. After the send the lock says SENT, then the enquiries are
 * marked in transactions that change only those still HELD (or still unlisted duplicates), so a
 * resend or an operator's re-queue in between stands; a sweep that finds a SENT digest whose
 * marking stopped halfway finishes it.
 *
 * The one repeat left: a sender that dies after the SMTP server accepted the digest and before
 * SENT is written. Its enquiries are listed again in the next hour's digest (listing them twice
 * is the right side to err on; not listing them could lose a buyer).
 */
import { receivedAtOf } from '../contract/enquiry/stored-enquiry';
import {
  FieldPath,
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Query,
  type QueryDocumentSnapshot,
} from 'firebase-admin/firestore';
import { digestKey } from './admission';
import { EXPIRES_AT_FIELD } from '../contract/enquiry/retention';
import { indiaHourKey } from '../contract/base/india-time';
import { BUYER_SIGN_NAMES, digestEntries, type DigestCandidate } from './buyer-signals';
import {
  ADMISSION_COLLECTION,
  ENQUIRY_COLLECTIONS,
  type EnquiryCollection,
  ADMISSION_RETENTION_MS,
} from '../contract/enquiry/collections';
import type { DeliveryDeps } from './deps';
import { NOTIFICATION_FIELD } from '../contract/delivery/delivery';
import { DELIVERY_LEASE_MS, describeSendError } from './delivery-state';
import { LOG_EVENTS } from '../logs';
import { composeDigestEmail } from '../channels/mail/digest-email';
import { deliverDigestAlert, DIGEST_ALERT_FIELD, digestAlertRecord } from './alerts';
import { budgetCounters, countCounters, fullCounter, mailBudget, spendMailBudget } from './mail-budget';
import { lostSlot } from './slots';

/**
 * Enquiries one digest covers; more wait for the next hour's (the digest says how many). Its lock
 * lists them all (`covers`, about 45 bytes a path: 225 KB, well inside a document's 1 MiB).
 */
const DIGEST_MAX_ENQUIRIES = 5000;
/**
 * What the visitors' text in one digest may add up to (UTF-8): with each row's other columns the
 * CSV stays under about 7.5 MB, 10 MB once encoded for mail, which common providers accept. A
 * flood of maximal messages is split over hours instead of making a digest no server takes.
 */
const DIGEST_MAX_TEXT_BYTES = 6 * 1024 * 1024;
/** Waiting enquiries read per page of each query, oldest first. */
const WAITING_PAGE_SIZE = 500;
/** The queries the waiting enquiries are read from: held and unlisted duplicates, in each form. */
const WAITING_QUERIES = 2 * ENQUIRY_COLLECTIONS.length;
/** Enquiries marked per transaction: each is read, then written only if it is still waiting. */
const MARK_BATCH_SIZE = 100;
/** The lock documents' `kind`, so a sweep can find a digest whose marking stopped halfway. */
const DIGEST_LOCK_KIND = 'digest';
/** Unfinished markings a sweep finishes before its own digest (there is at most one an hour). */
const UNFINISHED_PER_SWEEP = 3;
/**
 * The most documents one digest reads: the unfinished-marking query and what finishing those
 * reads again, the held and duplicate counts (a count costs one read per 1,000 entries, so past
 * 1,000 waiting enquiries they cost a little more), the lock, the enquiries it covers with the
 * rest of each query's last page, and the marking transactions that read each of them once more.
 */
export const DIGEST_MAX_DOCUMENT_READS =
  1 +
  UNFINISHED_PER_SWEEP * (1 + DIGEST_MAX_ENQUIRIES) +
  // Digest lines left waiting: the query, then each one's claim and record.
  1 +
  UNFINISHED_PER_SWEEP * 2 +
  2 * ENQUIRY_COLLECTIONS.length +
  1 +
  DIGEST_MAX_ENQUIRIES +
  WAITING_QUERIES * WAITING_PAGE_SIZE +
  DIGEST_MAX_ENQUIRIES;

export type DigestOutcome =
  | { status: 'nothing-held' }
  | {
      status: 'already-sent-this-hour' | 'in-flight' | 'interrupted-this-hour' | 'over-budget';
      heldTotal: number;
      duplicatesTotal: number;
    }
  | {
      status: 'sent';
      enquiries: number;
      heldTotal: number;
      duplicatesTotal: number;
      messageId: string;
      documentsRead: number;
    }
  | { status: 'failed'; heldTotal: number; duplicatesTotal: number; error: string; documentsRead: number };

const heldQuery = (db: Firestore, collection: EnquiryCollection) =>
  db.collection(collection).where(`${NOTIFICATION_FIELD}.state`, '==', 'HELD');

/** Duplicates recorded since duplicates are listed (`digest: null`) and not listed yet. */
const unlistedDuplicatesQuery = (db: Firestore, collection: EnquiryCollection) =>
  db
    .collection(collection)
    .where(`${NOTIFICATION_FIELD}.state`, '==', 'DUPLICATE')
    .where(`${NOTIFICATION_FIELD}.digest`, '==', null);

/**
 * One query's waiting enquiries, oldest first by `since` (when admission kept it back: `heldAt`;
 * a duplicate's record is written once, so its `updatedAt`), read a page at a time as the merge
 * asks for the next one.
 */
function oldestFirst(collection: EnquiryCollection, query: Query, since: string) {
  let page: QueryDocumentSnapshot[] = [];
  let next = 0;
  let exhausted = false;
  let reads = 0;
  const waitingSince = (doc: QueryDocumentSnapshot) => {
    const at: unknown = doc.get(since);
    return at instanceof Timestamp ? at.toMillis() : Infinity;
  };
  return {
    collection,
    waitingSince,
    reads: () => reads,
    /** The oldest enquiry not taken yet, or null when none is left. */
    async head(): Promise<QueryDocumentSnapshot | null> {
      if (next === page.length && !exhausted) {
        const last = page.at(-1);
        const ordered = query.orderBy(since).orderBy(FieldPath.documentId()).limit(WAITING_PAGE_SIZE);
        const snapshot = await (last ? ordered.startAfter(last) : ordered).get();
        reads += Math.max(1, snapshot.size);
        page = snapshot.docs;
        next = 0;
        exhausted = snapshot.size < WAITING_PAGE_SIZE;
      }
      return page[next] ?? null;
    },
    take(): void {
      next += 1;
    },
  };
}

/** The visitor's text an enquiry adds to the digest's CSV, in UTF-8 bytes. */
function textBytes(data: Record<string, unknown>): number {
  return Object.values(data).reduce<number>(
    (total, value) => total + (typeof value === 'string' ? Buffer.byteLength(value) : 0),
    0,
  );
}

/**
 * Every waiting enquiry, held or duplicate, in both forms, up to what one digest carries: merged
 * from the four queries oldest first, so when a flood is too big for one digest, whatever waited
 * before it goes in this one.
 */
async function waitingEnquiries(
  deps: DeliveryDeps,
): Promise<{ candidates: DigestCandidate[]; documentsRead: number }> {
  const streams = ENQUIRY_COLLECTIONS.flatMap((collection) => [
    oldestFirst(collection, heldQuery(deps.db, collection), `${NOTIFICATION_FIELD}.heldAt`),
    oldestFirst(collection, unlistedDuplicatesQuery(deps.db, collection), `${NOTIFICATION_FIELD}.updatedAt`),
  ]);
  const candidates: DigestCandidate[] = [];
  let bytes = 0;
  while (candidates.length < DIGEST_MAX_ENQUIRIES) {
    let oldest: { stream: (typeof streams)[number]; doc: QueryDocumentSnapshot; at: number } | null = null;
    for (const stream of streams) {
      const doc = await stream.head();
      if (!doc) continue;
      const at = stream.waitingSince(doc);
      if (!oldest || at < oldest.at || (at === oldest.at && doc.ref.path < oldest.doc.ref.path))
        oldest = { stream, doc, at };
    }
    if (!oldest) break;
    const size = textBytes(oldest.doc.data());
    // The first always goes (no enquiry is bigger than a digest); past the budget, the rest wait.
    if (candidates.length > 0 && bytes + size > DIGEST_MAX_TEXT_BYTES) break;
    bytes += size;
    oldest.stream.take();
    candidates.push(asCandidate(oldest.stream.collection, oldest.doc));
  }
  return { candidates, documentsRead: streams.reduce((total, stream) => total + stream.reads(), 0) };
}

function asCandidate(collection: EnquiryCollection, doc: DocumentSnapshot): DigestCandidate {
  const data = doc.data() ?? {};
  const record = (data[NOTIFICATION_FIELD] ?? {}) as Record<string, unknown>;
  const state = record.state;
  return {
    collection,
    id: doc.id,
    data,
    receivedAt: receivedAtOf(data),
    kind: state === 'DUPLICATE' ? 'duplicate' : 'held',
    ...(typeof record.heldReason === 'string' ? { heldReason: record.heldReason } : {}),
    ...(typeof record.senderEmailsToday === 'number' ? { senderEmailsToday: record.senderEmailsToday } : {}),
    ...(typeof record.duplicateOf === 'string' ? { duplicateOf: record.duplicateOf } : {}),
  };
}

type LockStatus = 'locked' | 'already-sent-this-hour' | 'in-flight' | 'interrupted-this-hour' | 'over-budget';

/** On a digest lock: its email was counted against the mail budget (once an hour, however often it is tried). */
const BUDGET_COUNTED_FIELD = 'budgetCounted';

/**
 * Takes this hour's digest lock, unless this hour's digest went out, is going out now, or was
 * taken by a sender that died (its email may have gone: the hour is spent). The first lock of an
 * hour takes the digest's slot of the mail budget in the same transaction; a claim that lost that
 * slot to another email counts again (each loss means a slot went, so the rounds are bounded).
 */
async function lockHour(deps: DeliveryDeps, runId: string, now: Date) {
  const ref = deps.db.collection(ADMISSION_COLLECTION).doc(digestKey(now));
  for (let round = 1; ; round += 1) {
    const budget = await countCounters(deps.db, budgetCounters('digest', deps.limits, now));
    try {
      const status = await deps.db.runTransaction(async (transaction): Promise<LockStatus> => {
        const lock = await transaction.get(ref);
        const state: unknown = lock.get('state');
        const lease: unknown = lock.get('leaseExpiresAt');
        if (state === 'SENT') return 'already-sent-this-hour';
        if (state === 'SENDING') {
          return lease instanceof Timestamp && lease.toMillis() > now.getTime()
            ? 'in-flight'
            : 'interrupted-this-hour';
        }
        if (lock.get(BUDGET_COUNTED_FIELD) !== true) {
          if (fullCounter(budget)) return 'over-budget';
          spendMailBudget(deps.db, transaction, 'digest', budget, deps.limits, now);
        }
        transaction.set(ref, {
          kind: DIGEST_LOCK_KIND,
          hour: indiaHourKey(now),
          state: 'SENDING',
          claimedBy: runId,
          leaseExpiresAt: Timestamp.fromMillis(now.getTime() + DELIVERY_LEASE_MS),
          [BUDGET_COUNTED_FIELD]: true,
          [EXPIRES_AT_FIELD]: Timestamp.fromMillis(now.getTime() + ADMISSION_RETENTION_MS),
        });
        return 'locked';
      });
      return { ref, status };
    } catch (error) {
      if (!lostSlot(error) || round > mailBudget(deps.limits).hourly) throw error;
    }
  }
}

/** Writes `fields` on the lock only while `runId` still holds it (SENDING). */
async function updateOwnLock(
  deps: DeliveryDeps,
  ref: DocumentReference,
  runId: string,
  fields: Record<string, unknown>,
): Promise<boolean> {
  return deps.db.runTransaction(async (transaction) => {
    const lock = await transaction.get(ref);
    if (lock.get('state') !== 'SENDING' || lock.get('claimedBy') !== runId) return false;
    transaction.update(ref, fields);
    return true;
  });
}

/**
 * Marks the enquiries a sent digest covers: HELD ones become DIGESTED, unlisted duplicates get the
 * digest's hour. Each batch is a transaction that reads first and changes only what is still
 * waiting, so nothing written in between (a resend, a re-queue) is overwritten; running it again
 * changes nothing more.
 */
async function markReported(
  deps: DeliveryDeps,
  paths: string[],
  digest: { hourKey: string; messageId: string; at: Timestamp },
): Promise<number> {
  let marked = 0;
  for (let start = 0; start < paths.length; start += MARK_BATCH_SIZE) {
    const refs = paths.slice(start, start + MARK_BATCH_SIZE).map((path) => deps.db.doc(path));
    marked += await deps.db.runTransaction(async (transaction) => {
      const snapshots = await transaction.getAll(...refs);
      let changed = 0;
      for (const snapshot of snapshots) {
        const state: unknown = snapshot.get(`${NOTIFICATION_FIELD}.state`);
        const listed: unknown = snapshot.get(`${NOTIFICATION_FIELD}.digest`);
        const stamp = {
          [`${NOTIFICATION_FIELD}.digest`]: digest.hourKey,
          [`${NOTIFICATION_FIELD}.digestedAt`]: digest.at,
          [`${NOTIFICATION_FIELD}.updatedAt`]: digest.at,
        };
        if (state === 'HELD') {
          transaction.update(snapshot.ref, {
            ...stamp,
            [`${NOTIFICATION_FIELD}.state`]: 'DIGESTED',
            [`${NOTIFICATION_FIELD}.messageId`]: digest.messageId,
          });
          changed += 1;
        } else if (state === 'DUPLICATE' && listed === null) {
          transaction.update(snapshot.ref, stamp);
          changed += 1;
        }
      }
      return changed;
    });
  }
  return marked;
}

/** Finishes the marking of digests that were sent but whose sender stopped before marking them all. */
async function finishUnmarkedDigests(deps: DeliveryDeps): Promise<number> {
  const unfinished = await deps.db
    .collection(ADMISSION_COLLECTION)
    .where('kind', '==', DIGEST_LOCK_KIND)
    .where('state', '==', 'SENT')
    .where('marked', '==', false)
    .limit(UNFINISHED_PER_SWEEP)
    .get();
  for (const lock of unfinished.docs) {
    const paths: unknown = lock.get('covers');
    const sentAt: unknown = lock.get('sentAt');
    if (!Array.isArray(paths) || !(sentAt instanceof Timestamp)) continue;
    const marked = await markReported(deps, paths as string[], {
      hourKey: String(lock.get('hour')),
      messageId: String(lock.get('messageId')),
      at: sentAt,
    });
    await lock.ref.update({ marked: true });
    deps.log.warn(LOG_EVENTS.digestMarkingFinished, {
      hourKey: lock.get('hour'),
      marked,
    });
  }
  return Math.max(1, unfinished.size);
}

/** Digests' WhatsApp lines that a refusal or a sender's death left waiting, now due. */
async function sendDueDigestAlerts(deps: DeliveryDeps, runId: string): Promise<number> {
  if (!deps.whatsapp) return 0;
  const due = await deps.db
    .collection(ADMISSION_COLLECTION)
    .where('kind', '==', DIGEST_LOCK_KIND)
    .where(`${DIGEST_ALERT_FIELD}.state`, 'in', ['PENDING', 'SENDING'])
    .where(`${DIGEST_ALERT_FIELD}.nextAttemptAt`, '<=', Timestamp.fromDate(deps.clock()))
    .limit(UNFINISHED_PER_SWEEP)
    .get();
  for (const lock of due.docs) await deliverDigestAlert(deps, lock.ref, { kind: 'sweeper', runId });
  return Math.max(1, due.size);
}

export async function sendHeldDigest(deps: DeliveryDeps, runId: string): Promise<DigestOutcome> {
  let documentsRead = (await finishUnmarkedDigests(deps)) + (await sendDueDigestAlerts(deps, runId));
  const now = deps.clock();
  const [heldCounts, duplicateCounts] = await Promise.all(
    [heldQuery, unlistedDuplicatesQuery].map((query) =>
      Promise.all(
        ENQUIRY_COLLECTIONS.map(
          async (collection) => (await query(deps.db, collection).count().get()).data().count,
        ),
      ),
    ),
  );
  documentsRead += 2 * ENQUIRY_COLLECTIONS.length;
  const sum = (counts: number[] = []) => counts.reduce((total, count) => total + count, 0);
  const heldTotal = sum(heldCounts);
  const duplicatesTotal = sum(duplicateCounts);
  if (heldTotal + duplicatesTotal === 0) return { status: 'nothing-held' };

  const lock = await lockHour(deps, runId, now);
  documentsRead += 1;
  if (lock.status !== 'locked') {
    if (lock.status === 'interrupted-this-hour') {
      deps.log.warn(LOG_EVENTS.digestInterrupted, {
        hourKey: indiaHourKey(now),
      });
    }
    // Not expected: the budget keeps a digest's room each hour beside the caps everything else stops at.
    if (lock.status === 'over-budget')
      deps.log.error(LOG_EVENTS.digestOverBudget, { hourKey: indiaHourKey(now) });
    return { status: lock.status, heldTotal, duplicatesTotal };
  }

  // All that wait, both forms, held and duplicates, ranked together (digestEntries) before the table is chosen.
  const waiting = await waitingEnquiries(deps);
  const { candidates } = waiting;
  documentsRead += waiting.documentsRead;
  const hourKey = indiaHourKey(now);
  const mail = composeDigestEmail(
    {
      entries: digestEntries(candidates),
      signNames: BUYER_SIGN_NAMES,
      heldTotal,
      duplicatesTotal,
      hourKey,
      writtenAt: now,
    },
    deps.mail,
  );
  const covers = candidates.map((candidate) => `${candidate.collection}/${candidate.id}`);
  // What this hour's digest is, recorded before it goes: a crash from here on spends the hour.
  const stillOurs = await updateOwnLock(deps, lock.ref, runId, { covers, messageId: mail.messageId });
  if (!stillOurs) return { status: 'in-flight', heldTotal, duplicatesTotal };

  let messageId: string;
  try {
    messageId = (await deps.transport.send(mail)).messageId;
  } catch (error) {
    const reason = describeSendError(error);
    await updateOwnLock(deps, lock.ref, runId, { state: 'FAILED', lastError: reason, leaseExpiresAt: null });
    deps.log.warn(LOG_EVENTS.digestNotSent, {
      hourKey,
      heldTotal,
      duplicatesTotal,
      error: reason,
    });
    return { status: 'failed', heldTotal, duplicatesTotal, error: reason, documentsRead };
  }

  const sentAt = Timestamp.fromDate(deps.clock());
  const held = candidates.filter((candidate) => candidate.kind === 'held').length;
  // The WhatsApp line is recorded with SENT, so a sender that dies before sending it leaves it due.
  const alert = digestAlertRecord(deps, held, deps.clock());
  await lock.ref.update({
    state: 'SENT',
    sentAt,
    messageId,
    enquiries: covers.length,
    held,
    leaseExpiresAt: null,
    marked: false,
    ...(alert ? { [DIGEST_ALERT_FIELD]: alert } : {}),
  });
  const marked = await markReported(deps, covers, { hourKey, messageId, at: sentAt });
  await lock.ref.update({ marked: true });
  // Sent at once, as a trigger sends an enquiry's; a later sweep takes it up only if this one stops.
  if (alert) await deliverDigestAlert(deps, lock.ref, { kind: 'trigger', eventId: `digest-${runId}` });
  deps.log.info(LOG_EVENTS.digestSent, {
    hourKey,
    enquiries: covers.length,
    marked,
    heldTotal,
    duplicatesTotal,
    messageId,
  });
  return { status: 'sent', enquiries: covers.length, heldTotal, duplicatesTotal, messageId, documentsRead };
}
