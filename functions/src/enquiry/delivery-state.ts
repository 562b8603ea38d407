/**
 * The pure rules of the delivery record's state machine.
 *
 *   (no record) ── admission ──┬─ same sender and text within 24 h ──────────────> DUPLICATE
 *                               ├─ sender over its daily limit, or a global cap ──> HELD
 *                               │                                                    │ hourly digest
 *                               │                                                    v accepted
 *                               └─ admitted ─┐                                     DIGESTED
 *   PENDING (due) ──────────────────────────┼─ claim ─> SENDING ─ mail accepted ─> SENT
 *   FAILED (due, attempts left) ────────────┤             ├─ temporary refusal (4xx, quota) ─> PENDING
 *   SENDING with an expired lease ──────────┘             │    (attempt given back, waits for the next window)
 *   (its sender died)                                     └─ other SMTP error ─> FAILED
 *                                                              (retried with backoff until the attempt cap)
 *
 * States:
 * - PENDING: waiting to be sent (after a temporary refusal, or queued again by an operator);
 *   `nextAttemptAt` says when.
 * - SENDING: one sender holds a lease on it (`claimedBy`, `leaseExpiresAt`) and is talking to SMTP.
 * - SENT: the sales email was accepted (`sentAt`, `messageId`). Final.
 * - FAILED: the last attempt failed (`lastError`); retried at `nextAttemptAt`, final when that is null.
 * - HELD: admitted to Firestore but not emailed on its own (`heldReason`, `heldAt`); the next
 *   hourly digest reports it.
 * - DIGESTED: reported in a digest email (`digestedAt`, `digest`, `messageId` of the digest). Final.
 * - DUPLICATE: the same sender (name, email, phone) sent the same text within 24 hours;
 *   `duplicateOf` is the path of the first one, which was emailed or held. No email of its own; the
 *   next hourly digest lists it (`digest` goes from null to that digest's hour). Final.
 *
 * Only the functions write the record (Admin SDK, in transactions); the rules give visitors no
 * way to touch it. The record's shape and states are part of the contract (contract/delivery/delivery.ts),
 * which the inbox reads too; the rules of the machine are here. No Firebase imports.
 *
 * An operator can queue a capped-out, held or duplicate enquiry again by setting
 * `notification.state` to `PENDING`, `notification.attempts` to 0 and `notification.nextAttemptAt`
 * to the current time: the next sweep sends it, without admission control.
 */
import { DELIVERY_STATES, type DeliveryState } from '../contract/delivery/delivery';
import { asDate } from '../contract/base/india-time';

/**
 * Instances of each enquiry trigger, one event at a time each: a flood of writes queues at the
 * platform instead of opening hundreds of SMTP connections and transactions on the counters.
 */
export const TRIGGER_MAX_INSTANCES = 10;

/** Sends of the sales email an enquiry may use, counting the trigger's and the sweeper's. */
export const MAX_DELIVERY_ATTEMPTS = 10;
/** The trigger asks the platform to retry only for its first attempts; the sweeper does the rest. */
export const TRIGGER_ATTEMPT_LIMIT = 3;
/**
 * Event-age guard: a failing event older than this is not thrown back to the platform (which would
 * keep redelivering it for up to a day); the sweeper's slower backoff takes over instead.
 */
export const MAX_TRIGGER_RETRY_EVENT_AGE_MS = 30 * 60_000;
/**
 * How long a claim holds. Longer than the trigger's timeout (120 s) and any SMTP exchange (bounded
 * by the transport's timeouts), so a lease only expires once its sender is certainly gone.
 */
export const DELIVERY_LEASE_MS = 5 * 60_000;
/** Sweeper backoff after the n-th failed attempt: 5, 10, 20 ... minutes, at most 6 hours. */
export const RETRY_BACKOFF_BASE_MS = 5 * 60_000;
export const RETRY_BACKOFF_MAX_MS = 6 * 60 * 60_000;
/**
 * A temporary refusal (4xx, a provider's quota) gives its attempt back and waits for the next
 * window: the next sweep (every 15 minutes), doubling with each refusal in a row, at most 2 hours.
 */
export const DEFERRAL_BASE_MS = 15 * 60_000;
export const DEFERRAL_MAX_MS = 2 * 60 * 60_000;
/** Refusals in a row after which a temporary refusal counts as a failed attempt after all (3 days). */
export const MAX_DEFERRALS = 40;
/** lastError is for people reading the document; SMTP replies can be long. */
const MAX_ERROR_TEXT_LENGTH = 500;

export type DeliveryView = {
  state: DeliveryState;
  attempts: number;
  leaseExpiresAt: Date | null;
  nextAttemptAt: Date | null;
  deferrals?: number;
};

/**
 * What the claim rules need from a stored record. `undefined` means no record yet (the enquiry was
 * never claimed); `'unreadable'` means someone wrote something that is not a delivery record.
 */
export function readDeliveryView(raw: unknown): DeliveryView | undefined | 'unreadable' {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'object') return 'unreadable';
  const record = raw as Record<string, unknown>;
  const state = record.state;
  if (typeof state !== 'string' || !(DELIVERY_STATES as readonly string[]).includes(state))
    return 'unreadable';
  const attempts =
    typeof record.attempts === 'number' && Number.isFinite(record.attempts) ? record.attempts : 0;
  const view: DeliveryView = {
    state: state as DeliveryState,
    attempts,
    leaseExpiresAt: asDate(record.leaseExpiresAt),
    nextAttemptAt: asDate(record.nextAttemptAt),
  };
  if (typeof record.deferrals === 'number' && Number.isFinite(record.deferrals))
    view.deferrals = record.deferrals;
  return view;
}

export type Claimant = { kind: 'trigger'; eventId: string } | { kind: 'sweeper'; runId: string };

export function claimToken(claimant: Claimant): string {
  return claimant.kind === 'trigger' ? `event:${claimant.eventId}` : `sweep:${claimant.runId}`;
}

export type SkipReason =
  | 'missing'
  | 'already-sent'
  | 'in-flight'
  | 'not-due'
  | 'exhausted'
  | 'unreadable'
  | 'held'
  | 'digested'
  | 'duplicate';

type ClaimDecision =
  /** A new enquiry: admission control decides between sending, holding and DUPLICATE. */
  | { action: 'admit' }
  | { action: 'claim'; from: DeliveryState }
  | { action: 'skip'; reason: SkipReason }
  /** The last allowed attempt died without reporting back: record the final failure. */
  | { action: 'give-up' };

/**
 * Whether this claimant may send now. Exactly one caller can act on a given stored record, because
 * the decision and the write that follows it happen in one transaction.
 */
export function decideClaim(
  view: DeliveryView | undefined | 'unreadable',
  claimant: Claimant,
  now: Date,
): ClaimDecision {
  if (view === 'unreadable') return { action: 'skip', reason: 'unreadable' };
  if (view === undefined) return { action: 'admit' };
  const nowMs = now.getTime();
  const due = view.nextAttemptAt !== null && view.nextAttemptAt.getTime() <= nowMs;
  switch (view.state) {
    case 'SENT':
      return { action: 'skip', reason: 'already-sent' };
    case 'HELD':
      return { action: 'skip', reason: 'held' };
    case 'DIGESTED':
      return { action: 'skip', reason: 'digested' };
    case 'DUPLICATE':
      return { action: 'skip', reason: 'duplicate' };
    case 'SENDING': {
      // No lease time at all cannot come from these functions; treat it as expired rather than stuck.
      const leaseLive = view.leaseExpiresAt !== null && view.leaseExpiresAt.getTime() > nowMs;
      if (leaseLive) return { action: 'skip', reason: 'in-flight' };
      if (view.attempts >= MAX_DELIVERY_ATTEMPTS) return { action: 'give-up' };
      return { action: 'claim', from: 'SENDING' };
    }
    case 'FAILED': {
      if (view.attempts >= MAX_DELIVERY_ATTEMPTS) return { action: 'skip', reason: 'exhausted' };
      // The platform spaces the trigger's own retries; only the sweeper keeps to nextAttemptAt.
      if (claimant.kind === 'sweeper' && !due) return { action: 'skip', reason: 'not-due' };
      return { action: 'claim', from: 'FAILED' };
    }
    case 'PENDING':
      if (view.attempts >= MAX_DELIVERY_ATTEMPTS) return { action: 'skip', reason: 'exhausted' };
      // Waiting out a temporary refusal: nobody sends before its window (no time: an operator's "now").
      if (view.nextAttemptAt !== null && !due) return { action: 'skip', reason: 'not-due' };
      return { action: 'claim', from: 'PENDING' };
  }
}

/** How long after the n-th failed attempt the sweeper tries again. */
export function retryDelayMs(attempts: number): number {
  const doublings = Math.max(0, attempts - 1);
  return Math.min(RETRY_BACKOFF_BASE_MS * 2 ** doublings, RETRY_BACKOFF_MAX_MS);
}

/** When a sweep may retry after `attempts` failures, or null when the cap is reached. */
export function nextAttemptAfterFailure(attempts: number, now: Date): Date | null {
  if (attempts >= MAX_DELIVERY_ATTEMPTS) return null;
  return new Date(now.getTime() + retryDelayMs(attempts));
}

/**
 * Whether a failed trigger attempt should be thrown back to the platform (`retry: true`), or left
 * to the sweeper: only for the first few attempts, and only while the event is young.
 */
export function triggerShouldRetry(attempts: number, eventTime: string, now: Date): boolean {
  if (attempts >= TRIGGER_ATTEMPT_LIMIT || attempts >= MAX_DELIVERY_ATTEMPTS) return false;
  const eventMs = Date.parse(eventTime);
  // An event without a readable time cannot be aged; the attempt cap still bounds its retries.
  if (Number.isNaN(eventMs)) return true;
  return now.getTime() - eventMs < MAX_TRIGGER_RETRY_EVENT_AGE_MS;
}

/** How long a temporary refusal waits, after `deferrals` refusals in a row (this one included). */
export function deferralDelayMs(deferrals: number): number {
  return Math.min(DEFERRAL_BASE_MS * 2 ** Math.max(0, deferrals - 1), DEFERRAL_MAX_MS);
}

/**
 * A refusal that says "not now" rather than "never": any 4xx reply (greylisting, a busy server)
 * and a provider's sending quota or rate limit, which some report with a 5xx code (Gmail's
 * `550 5.4.5 Daily user sending limit exceeded`). Network errors are not refusals: they spend an
 * attempt like any other failure.
 */
export function isTemporaryRefusal(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const smtp = error as Error & { responseCode?: number; response?: string };
  const code = smtp.responseCode;
  if (typeof code !== 'number') return false;
  if (code >= 400 && code < 500) return true;
  const reply = `${smtp.response ?? ''} ${smtp.message}`;
  return code >= 500 && /quota|rate limit|limit exceeded|too many|\b5\.4\.5\b/i.test(reply);
}

/** One line for `lastError`: SMTP code and reply when there is one, no line breaks, bounded. */
export function describeSendError(error: unknown): string {
  let text: string;
  if (error instanceof Error) {
    const smtp = error as Error & { responseCode?: number; response?: string; code?: string };
    text = smtp.response ? `${smtp.message} (${smtp.response})` : smtp.message;
    if (smtp.code && !text.includes(smtp.code)) text = `${smtp.code}: ${text}`;
  } else {
    text = String(error);
  }
  const oneLine = text.replace(/\s+/g, ' ').trim() || 'unknown error';
  return oneLine.length > MAX_ERROR_TEXT_LENGTH ? `${oneLine.slice(0, MAX_ERROR_TEXT_LENGTH - 1)}…` : oneLine;
}
