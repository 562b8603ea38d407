/**
 * The retry sweep, run on a schedule: every enquiry whose email is not yet SENT and whose retry
 * time has come (FAILED after its backoff, SENDING whose lease expired, PENDING put back by an
 * operator) is delivered again through the same claim as the trigger, so a long SMTP outage
 * delays mail but loses none. It also picks up recent enquiries that have no delivery record at
 * all, which is what a trigger event that never arrived looks like.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { ENQUIRY_COLLECTIONS, SERVER_TIMESTAMP_FIELD, type EnquiryCollection } from './contract/enquiry';
import { deliverEnquiry, type DeliveryDeps } from './delivery';
import { NOTIFICATION_FIELD, UNFINISHED_STATES } from './delivery-state';

export const SWEEP_SCHEDULE = 'every 15 minutes';
/** Enquiries retried per collection per run; the rest wait for the next run. */
export const SWEEP_BATCH_LIMIT = 50;
/** Stop claiming new work well before the scheduled function's 540 s timeout. */
export const SWEEP_TIME_BUDGET_MS = 7 * 60_000;
/** How far back a run looks for enquiries that never got a delivery record. */
export const UNRECORDED_LOOKBACK_MS = 24 * 60 * 60_000;
/** The trigger's head start on a new enquiry before a sweep treats it as missed. */
export const UNRECORDED_GRACE_MS = 10 * 60_000;

export type SweepSummary = {
  runId: string;
  due: number;
  sent: number;
  failed: number;
  skipped: number;
  /** Due enquiries left for the next run because the time budget ran out. */
  deferred: number;
};

async function dueEnquiryIds(
  deps: DeliveryDeps,
  collection: EnquiryCollection,
  now: Date,
): Promise<string[]> {
  const enquiries = deps.db.collection(collection);
  const nowStamp = Timestamp.fromDate(now);
  const retryDue = await enquiries
    .where(`${NOTIFICATION_FIELD}.state`, 'in', UNFINISHED_STATES)
    .where(`${NOTIFICATION_FIELD}.nextAttemptAt`, '<=', nowStamp)
    .orderBy(`${NOTIFICATION_FIELD}.nextAttemptAt`)
    .limit(SWEEP_BATCH_LIMIT)
    .get();
  const recent = await enquiries
    .where(SERVER_TIMESTAMP_FIELD, '>=', Timestamp.fromMillis(now.getTime() - UNRECORDED_LOOKBACK_MS))
    .where(SERVER_TIMESTAMP_FIELD, '<=', Timestamp.fromMillis(now.getTime() - UNRECORDED_GRACE_MS))
    .select(`${NOTIFICATION_FIELD}.state`)
    .get();
  const unrecorded = recent.docs.filter((doc) => doc.get(`${NOTIFICATION_FIELD}.state`) === undefined);
  return [...new Set([...retryDue.docs, ...unrecorded].map((doc) => doc.id))];
}

/** One sweep over both collections; failures are recorded on the documents, never thrown. */
export async function sweepUndeliveredEnquiries(deps: DeliveryDeps, runId: string): Promise<SweepSummary> {
  const startedMs = deps.clock().getTime();
  const summary: SweepSummary = { runId, due: 0, sent: 0, failed: 0, skipped: 0, deferred: 0 };
  for (const collection of ENQUIRY_COLLECTIONS) {
    const ids = await dueEnquiryIds(deps, collection, deps.clock());
    summary.due += ids.length;
    for (const [index, id] of ids.entries()) {
      if (deps.clock().getTime() - startedMs > SWEEP_TIME_BUDGET_MS) {
        summary.deferred += ids.length - index;
        break;
      }
      const outcome = await deliverEnquiry(deps, { collection, id }, { kind: 'sweeper', runId });
      if (outcome.status === 'sent') summary.sent += 1;
      else if (outcome.status === 'failed') summary.failed += 1;
      else summary.skipped += 1;
    }
  }
  deps.log.info('enquiry retry sweep finished', { ...summary });
  return summary;
}
