/**
 * The WhatsApp alert channel: its own delivery record beside the email's, its own lease, its own
 * retries through the sweep. One record per alert: on the enquiry (`notification.whatsapp`) for
 * an enquiry admitted for its own email, and on the hour's digest lock (`whatsapp`) for the
 * digest's one line.
 *
 *   PENDING ── claim ──> SENDING ─┬─ every number answered ──────────────> SENT
 *      ^                          ├─ a number refused for good ──────────> FAILED (final, with why)
 *      └── a temporary refusal ───┘  (429, 5xx, network, throughput: no attempt spent, wait, retry)
 *
 * Each number has its own state. A number is marked SENDING in the claim's transaction, before its
 * request goes; a sender that dies mid-request leaves it SENDING, and whoever claims after the
 * lease marks it UNKNOWN and never sends it again: every number gets at most one message per
 * alert, through retried triggers, crashes and sweeps side by side. (The WhatsApp API has no
 * idempotency key, so "at most once" is the only promise that can be kept; the email still goes.)
 */
import { Timestamp, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { LOG_EVENTS, type DeliveryLog } from '../../logs';
import { sendTemplateMessage, WhatsAppSendError, type WhatsAppSettings } from './graph';
import type { WhatsAppTemplate } from './templates';
import {
  ALERT_STATES,
  type AlertRecord as StoredAlertRecord,
  type NumberRecord,
} from '../../contract/delivery/delivery';

/** The alert's record as this channel writes it: its times are the Admin SDK's. */
type AlertRecord = StoredAlertRecord<Timestamp>;

/** How long a claim holds: above every try of every number (GRAPH_TIMEOUT_MS each). */
export const ALERT_LEASE_MS = 5 * 60_000;
/** A temporary refusal is tried again at once after these pauses, then left to the sweep. */
const ALERT_RETRY_DELAYS_MS = [1_000, 3_000] as const;
/** After a temporary refusal, the sweep tries again after 1 minute, doubling, at most 30. */
const ALERT_DEFERRAL_BASE_MS = 60_000;
const ALERT_DEFERRAL_MAX_MS = 30 * 60_000;
/** Temporary refusals in a row after which a number is given up (about a day). */
const MAX_ALERT_DEFERRALS = 50;
/** Where a number whose sender died mid-request ends: not sent again, so nobody gets it twice. */
export const STOPPED_MID_REQUEST =
  'the sender stopped mid-request; the alert may or may not have arrived and is not sent again, so nobody gets it twice';

/** A new alert, waiting for its first claim, to every number. */
export function newAlertRecord(numbers: readonly string[], now: Date): AlertRecord {
  const stamp = Timestamp.fromDate(now);
  return {
    state: 'PENDING',
    numbers: Object.fromEntries(
      numbers.map((number) => [number, { state: 'PENDING', messageId: null, error: null, detail: null }]),
    ),
    attempts: 0,
    deferrals: 0,
    lastError: null,
    lastErrorDetail: null,
    claimedBy: null,
    leaseExpiresAt: null,
    // The trigger takes it at once; a sweep only if the trigger never did.
    nextAttemptAt: Timestamp.fromMillis(now.getTime() + ALERT_LEASE_MS),
    sentAt: null,
    updatedAt: stamp,
  };
}

function alertDeferralDelayMs(deferrals: number): number {
  return Math.min(ALERT_DEFERRAL_BASE_MS * 2 ** Math.max(0, deferrals - 1), ALERT_DEFERRAL_MAX_MS);
}

type AlertClaimDecision =
  { action: 'claim' } | { action: 'skip'; reason: 'none' | 'sent' | 'failed' | 'in-flight' | 'not-due' };

/**
 * Who claims an alert: its token (recorded as `claimedBy`) and whether it is the sweep, which keeps
 * to `nextAttemptAt` (a trigger or a digest sends at once).
 */
type AlertClaimant = { token: string; sweep: boolean };

/** Whether this claimant may send the alert now (decided and written in one transaction). */
function decideAlertClaim(
  record: AlertRecord | undefined,
  claimant: AlertClaimant,
  now: Date,
): AlertClaimDecision {
  if (!record || !(ALERT_STATES as readonly string[]).includes(record.state))
    return { action: 'skip', reason: 'none' };
  if (record.state === 'SENT') return { action: 'skip', reason: 'sent' };
  if (record.state === 'FAILED') return { action: 'skip', reason: 'failed' };
  if (record.state === 'SENDING') {
    const leaseLive = record.leaseExpiresAt !== null && record.leaseExpiresAt.toMillis() > now.getTime();
    return leaseLive ? { action: 'skip', reason: 'in-flight' } : { action: 'claim' };
  }
  // PENDING: the trigger goes at once; the sweep keeps to nextAttemptAt.
  const due = record.nextAttemptAt === null || record.nextAttemptAt.toMillis() <= now.getTime();
  if (claimant.sweep && !due) return { action: 'skip', reason: 'not-due' };
  return { action: 'claim' };
}

/** Where an alert's record lives: a document and the field path of the map. */
export type AlertLocation = { ref: DocumentReference; field: string };

type AlertDeps = {
  db: Firestore;
  whatsapp: WhatsAppSettings;
  clock: () => Date;
  log: DeliveryLog;
  /** The pauses between quick tries of a temporary refusal (tests shorten them). */
  retryDelaysMs?: readonly number[];
};

export type AlertOutcome =
  | { status: 'sent' | 'failed' | 'deferred'; numbers: Record<string, NumberRecord> }
  | { status: 'skipped'; reason: string };

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One number: a few quick tries while the refusal is temporary. */
async function sendToNumber(
  deps: AlertDeps,
  to: string,
  template: WhatsAppTemplate,
  parameters: readonly string[],
): Promise<NumberRecord> {
  const delays = deps.retryDelaysMs ?? ALERT_RETRY_DELAYS_MS;
  for (let attempt = 0; ; attempt += 1) {
    try {
      const { messageId } = await sendTemplateMessage(deps.whatsapp, to, template, parameters);
      return { state: 'SENT', messageId, error: null, detail: null };
    } catch (error) {
      const refusal =
        error instanceof WhatsAppSendError
          ? error
          : new WhatsAppSendError(false, 'The alert could not be sent.', String(error));
      const delay = delays[attempt];
      if (!refusal.temporary)
        return { state: 'FAILED', messageId: null, error: refusal.reason, detail: refusal.detail };
      if (delay === undefined)
        return { state: 'PENDING', messageId: null, error: refusal.reason, detail: refusal.detail };
      await pause(delay);
    }
  }
}

/** The record after a claim: SENDING, ours, and a stale SENDING number marked UNKNOWN. */
function claimed(record: AlertRecord, token: string, now: Date): AlertRecord {
  const lease = Timestamp.fromMillis(now.getTime() + ALERT_LEASE_MS);
  const numbers = Object.fromEntries(
    Object.entries(record.numbers).map(([number, entry]): [string, NumberRecord] => {
      if (entry.state === 'PENDING') return [number, { ...entry, state: 'SENDING' }];
      if (entry.state === 'SENDING')
        return [number, { ...entry, state: 'UNKNOWN', error: STOPPED_MID_REQUEST }];
      return [number, entry];
    }),
  );
  return {
    ...record,
    state: 'SENDING',
    numbers,
    attempts: record.attempts + 1,
    claimedBy: token,
    leaseExpiresAt: lease,
    nextAttemptAt: lease,
    updatedAt: Timestamp.fromDate(now),
  };
}

/** The record once this claim's answers are in. */
function settled(record: AlertRecord, answers: Record<string, NumberRecord>, now: Date): AlertRecord {
  const numbers = { ...record.numbers, ...answers };
  const waiting = Object.entries(numbers).filter(([, entry]) => entry.state === 'PENDING');
  const deferrals = waiting.length ? record.deferrals + 1 : record.deferrals;
  if (waiting.length && deferrals > MAX_ALERT_DEFERRALS) {
    for (const [number, entry] of waiting)
      numbers[number] = {
        ...entry,
        state: 'FAILED',
        error: `${entry.error ?? ''} Given up after a day of refusals.`.trim(),
      };
  }
  const failures = Object.values(numbers).filter((entry) => entry.error !== null && entry.state !== 'SENT');
  const last = failures.at(-1);
  const stillWaiting = Object.values(numbers).some((entry) => entry.state === 'PENDING');
  const anyFailed = Object.values(numbers).some((entry) => entry.state === 'FAILED');
  const stamp = Timestamp.fromDate(now);
  const base = {
    ...record,
    numbers,
    deferrals,
    lastError: last?.error ?? record.lastError,
    lastErrorDetail: last?.detail ?? record.lastErrorDetail,
    leaseExpiresAt: null,
    updatedAt: stamp,
  };
  if (stillWaiting) {
    return {
      ...base,
      state: 'PENDING',
      // A temporary refusal gives its attempt back.
      attempts: Math.max(0, record.attempts - 1),
      nextAttemptAt: Timestamp.fromMillis(now.getTime() + alertDeferralDelayMs(deferrals)),
    };
  }
  if (anyFailed) return { ...base, state: 'FAILED', nextAttemptAt: null };
  return { ...base, state: 'SENT', nextAttemptAt: null, sentAt: stamp, deferrals: 0 };
}

const recordAt = (data: Record<string, unknown> | undefined, field: string): AlertRecord | undefined => {
  let value: unknown = data;
  for (const key of field.split('.'))
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return value && typeof value === 'object' ? (value as AlertRecord) : undefined;
};

/**
 * Claims, sends and records one alert. `compose` turns the document's data (read in the claim)
 * into the template's parameters. Never throws for a refusal: it is recorded.
 */
export async function deliverAlert(
  deps: AlertDeps,
  location: AlertLocation,
  claimant: AlertClaimant,
  template: WhatsAppTemplate,
  compose: (data: Record<string, unknown>) => string[],
): Promise<AlertOutcome> {
  const token = claimant.token;
  const claim = await deps.db.runTransaction(async (transaction) => {
    const snapshot = await transaction.get(location.ref);
    const data = snapshot.data();
    const record = recordAt(data, location.field);
    const now = deps.clock();
    const decision = decideAlertClaim(record, claimant, now);
    if (decision.action === 'skip' || !record || !data)
      return { skipped: decision.action === 'skip' ? decision.reason : 'none' };
    const next = claimed(record, token, now);
    transaction.update(location.ref, { [location.field]: next });
    return { data, record: next };
  });
  if ('skipped' in claim) return { status: 'skipped', reason: claim.skipped ?? 'none' };

  const parameters = compose(claim.data);
  const mine = Object.entries(claim.record.numbers).filter(([, entry]) => entry.state === 'SENDING');
  const answers = Object.fromEntries(
    await Promise.all(
      mine.map(async ([number]) => [number, await sendToNumber(deps, number, template, parameters)] as const),
    ),
  );

  const recorded = await deps.db.runTransaction(async (transaction) => {
    const record = recordAt((await transaction.get(location.ref)).data(), location.field);
    // The lease passed and another sender took over: its record stands.
    if (!record || record.state !== 'SENDING' || record.claimedBy !== token) return null;
    const next = settled(record, answers, deps.clock());
    transaction.update(location.ref, { [location.field]: next });
    return next;
  });
  const fields = { document: location.ref.path, template: template.name, claimedBy: token };
  if (!recorded) {
    deps.log.warn(LOG_EVENTS.whatsappLeasePassed, fields);
    return { status: 'skipped', reason: 'lease-passed' };
  }
  const status = recorded.state === 'SENT' ? 'sent' : recorded.state === 'FAILED' ? 'failed' : 'deferred';
  const summary = { ...fields, state: recorded.state, numbers: Object.keys(recorded.numbers).length };
  if (status === 'sent') deps.log.info(LOG_EVENTS.whatsappSent, summary);
  else
    deps.log.warn(status === 'failed' ? LOG_EVENTS.whatsappFailed : LOG_EVENTS.whatsappDeferred, {
      ...summary,
      lastError: recorded.lastError,
    });
  return { status, numbers: recorded.numbers };
}
