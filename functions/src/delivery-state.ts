/**
 * The delivery record on every enquiry document, and the pure rules of its state machine.
 *
 *   (no record) ─┐
 *   PENDING ─────┼─ claim ─> SENDING ─ mail accepted ─> SENT
 *   FAILED ──────┤             │
 *   SENDING with an expired ───┘   └─ SMTP error ─> FAILED (retried with backoff until the cap)
 *   lease (its sender died)
 *
 * Only the functions write the record (Admin SDK, in transactions); the rules give visitors no
 * way to touch it. No Firebase imports here, so the export script and unit tests use it freely.
 *
 * An operator can queue a capped-out enquiry again by setting `notification.state` to `PENDING`,
 * `notification.attempts` to 0 and `notification.nextAttemptAt` to the current time: the next
 * sweep sends it.
 */

export const NOTIFICATION_FIELD = 'notification';

export const DELIVERY_STATES = ['PENDING', 'SENDING', 'SENT', 'FAILED'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
/** The states a sweep looks at: everything that is not yet SENT. */
export const UNFINISHED_STATES: readonly DeliveryState[] = ['PENDING', 'FAILED', 'SENDING'];

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
/** lastError is for people reading the document; SMTP replies can be long. */
export const MAX_ERROR_TEXT_LENGTH = 500;

/** Anything with `toDate()`: the Admin SDK's Timestamp, without importing it here. */
export type TimestampLike = { toDate(): Date };

export type AcknowledgementRecord = {
  state: 'SENT' | 'FAILED';
  at: TimestampLike;
  messageId: string | null;
  error: string | null;
};

/** The `notification` map as stored on the document. */
export type DeliveryRecord<Time = TimestampLike> = {
  state: DeliveryState;
  /** Sends started, counted at claim time so a crash mid-send counts too. */
  attempts: number;
  lastError: string | null;
  /** Who holds or last held the claim: `event:<trigger event id>` or `sweep:<run id>`. */
  claimedBy: string | null;
  leaseExpiresAt: Time | null;
  /** When a sweep may pick the enquiry up; null once SENT or out of attempts. */
  nextAttemptAt: Time | null;
  sentAt: Time | null;
  messageId: string | null;
  updatedAt: Time;
  acknowledgement?: AcknowledgementRecord;
};

export type DeliveryView = {
  state: DeliveryState;
  attempts: number;
  leaseExpiresAt: Date | null;
  nextAttemptAt: Date | null;
};

function asDate(value: unknown): Date | null {
  if (value && typeof value === 'object' && 'toDate' in value && typeof value.toDate === 'function') {
    const date: unknown = value.toDate();
    return date instanceof Date ? date : null;
  }
  return value instanceof Date ? value : null;
}

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
  return {
    state: state as DeliveryState,
    attempts,
    leaseExpiresAt: asDate(record.leaseExpiresAt),
    nextAttemptAt: asDate(record.nextAttemptAt),
  };
}

export type Claimant = { kind: 'trigger'; eventId: string } | { kind: 'sweeper'; runId: string };

export function claimToken(claimant: Claimant): string {
  return claimant.kind === 'trigger' ? `event:${claimant.eventId}` : `sweep:${claimant.runId}`;
}

export type SkipReason = 'missing' | 'already-sent' | 'in-flight' | 'not-due' | 'exhausted' | 'unreadable';

export type ClaimDecision =
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
  if (view === undefined) return { action: 'claim', from: 'PENDING' };
  const nowMs = now.getTime();
  switch (view.state) {
    case 'SENT':
      return { action: 'skip', reason: 'already-sent' };
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
      const due = view.nextAttemptAt !== null && view.nextAttemptAt.getTime() <= nowMs;
      if (claimant.kind === 'sweeper' && !due) return { action: 'skip', reason: 'not-due' };
      return { action: 'claim', from: 'FAILED' };
    }
    case 'PENDING':
      if (view.attempts >= MAX_DELIVERY_ATTEMPTS) return { action: 'skip', reason: 'exhausted' };
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
