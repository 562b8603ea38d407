import { describe, expect, it } from 'vitest';
import {
  decideClaim,
  DEFERRAL_BASE_MS,
  DEFERRAL_MAX_MS,
  deferralDelayMs,
  isTemporaryRefusal,
  DELIVERY_LEASE_MS,
  describeSendError,
  MAX_DELIVERY_ATTEMPTS,
  MAX_TRIGGER_RETRY_EVENT_AGE_MS,
  nextAttemptAfterFailure,
  readDeliveryView,
  RETRY_BACKOFF_BASE_MS,
  RETRY_BACKOFF_MAX_MS,
  retryDelayMs,
  TRIGGER_ATTEMPT_LIMIT,
  triggerShouldRetry,
  type Claimant,
  type DeliveryView,
} from './delivery-state';

const now = new Date('2026-03-01T10:00:00Z');
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);
const trigger: Claimant = { kind: 'trigger', eventId: 'event-1' };
const sweeper: Claimant = { kind: 'sweeper', runId: 'run-1' };

function view(overrides: Partial<DeliveryView>): DeliveryView {
  return { state: 'PENDING', attempts: 0, leaseExpiresAt: null, nextAttemptAt: null, ...overrides };
}

describe('who may claim an enquiry', () => {
  it('sends an enquiry with no record yet through admission control, whoever finds it', () => {
    expect(decideClaim(undefined, trigger, now)).toEqual({ action: 'admit' });
    expect(decideClaim(undefined, sweeper, now)).toEqual({ action: 'admit' });
  });

  it('never sends a held, digested or duplicate enquiry on its own', () => {
    for (const [state, reason] of [
      ['HELD', 'held'],
      ['DIGESTED', 'digested'],
      ['DUPLICATE', 'duplicate'],
    ] as const) {
      expect(decideClaim(view({ state }), sweeper, now)).toEqual({ action: 'skip', reason });
      expect(decideClaim(view({ state }), trigger, now)).toEqual({ action: 'skip', reason });
    }
  });

  it('keeps a PENDING enquiry waiting out a temporary refusal until its window', () => {
    const waiting = view({ state: 'PENDING', attempts: 0, deferrals: 1, nextAttemptAt: minutes(15) });
    expect(decideClaim(waiting, sweeper, now)).toEqual({ action: 'skip', reason: 'not-due' });
    expect(decideClaim(waiting, sweeper, minutes(15))).toEqual({ action: 'claim', from: 'PENDING' });
  });

  it('never sends a SENT enquiry again', () => {
    expect(decideClaim(view({ state: 'SENT', attempts: 1 }), trigger, now)).toEqual({
      action: 'skip',
      reason: 'already-sent',
    });
  });

  it('leaves an enquiry alone while another sender holds a live lease, even for the same event', () => {
    const sending = view({ state: 'SENDING', attempts: 1, leaseExpiresAt: minutes(1) });
    expect(decideClaim(sending, trigger, now)).toEqual({ action: 'skip', reason: 'in-flight' });
    expect(decideClaim(sending, sweeper, now)).toEqual({ action: 'skip', reason: 'in-flight' });
  });

  it('takes over an expired lease, and records the final failure when that was the last attempt', () => {
    const expired = view({ state: 'SENDING', attempts: 2, leaseExpiresAt: minutes(-1) });
    expect(decideClaim(expired, sweeper, now)).toEqual({ action: 'claim', from: 'SENDING' });
    expect(decideClaim({ ...expired, attempts: MAX_DELIVERY_ATTEMPTS }, sweeper, now)).toEqual({
      action: 'give-up',
    });
  });

  it('lets the sweeper retry a failure only once its backoff has passed', () => {
    const failed = view({ state: 'FAILED', attempts: 3, nextAttemptAt: minutes(5) });
    expect(decideClaim(failed, sweeper, now)).toEqual({ action: 'skip', reason: 'not-due' });
    expect(decideClaim(failed, sweeper, minutes(5))).toEqual({ action: 'claim', from: 'FAILED' });
  });

  it("lets the trigger's platform retry claim a failure at once (the platform spaces its retries)", () => {
    const failed = view({ state: 'FAILED', attempts: 1, nextAttemptAt: minutes(5) });
    expect(decideClaim(failed, trigger, now)).toEqual({ action: 'claim', from: 'FAILED' });
  });

  it('stops at the attempt cap', () => {
    const capped = view({ state: 'FAILED', attempts: MAX_DELIVERY_ATTEMPTS, nextAttemptAt: null });
    expect(decideClaim(capped, trigger, now)).toEqual({ action: 'skip', reason: 'exhausted' });
    expect(decideClaim(capped, sweeper, now)).toEqual({ action: 'skip', reason: 'exhausted' });
  });

  it('lets an operator queue an enquiry again with PENDING', () => {
    expect(decideClaim(view({ state: 'PENDING', attempts: 0 }), sweeper, now)).toEqual({
      action: 'claim',
      from: 'PENDING',
    });
  });

  it('refuses to act on a record it cannot read', () => {
    expect(readDeliveryView({ state: 'DONE' })).toBe('unreadable');
    expect(readDeliveryView('SENT')).toBe('unreadable');
    expect(decideClaim('unreadable', sweeper, now)).toEqual({ action: 'skip', reason: 'unreadable' });
  });

  it('reads stored timestamps through toDate()', () => {
    const stored = {
      state: 'SENDING',
      attempts: 2,
      leaseExpiresAt: { toDate: () => minutes(3) },
      nextAttemptAt: null,
    };
    expect(readDeliveryView(stored)).toEqual(
      view({ state: 'SENDING', attempts: 2, leaseExpiresAt: minutes(3) }),
    );
  });
});

describe('retry timing', () => {
  it('doubles the wait after each failure, up to the maximum', () => {
    expect(retryDelayMs(1)).toBe(RETRY_BACKOFF_BASE_MS);
    expect(retryDelayMs(2)).toBe(2 * RETRY_BACKOFF_BASE_MS);
    expect(retryDelayMs(4)).toBe(8 * RETRY_BACKOFF_BASE_MS);
    expect(retryDelayMs(30)).toBe(RETRY_BACKOFF_MAX_MS);
  });

  it('covers an SMTP outage of most of a day before giving up', () => {
    let waited = 0;
    for (let attempt = TRIGGER_ATTEMPT_LIMIT; attempt < MAX_DELIVERY_ATTEMPTS; attempt += 1)
      waited += retryDelayMs(attempt);
    expect(waited).toBeGreaterThan(18 * 60 * 60_000);
  });

  it('schedules no retry after the last attempt', () => {
    expect(nextAttemptAfterFailure(1, now)).toEqual(minutes(5));
    expect(nextAttemptAfterFailure(MAX_DELIVERY_ATTEMPTS, now)).toBeNull();
  });

  it('outlasts any SMTP exchange with the lease', () => {
    expect(DELIVERY_LEASE_MS).toBeGreaterThan(120_000);
  });
});

describe('trigger retries', () => {
  const fresh = new Date(now.getTime() - 60_000).toISOString();
  const old = new Date(now.getTime() - MAX_TRIGGER_RETRY_EVENT_AGE_MS - 1).toISOString();

  it('asks the platform to retry the first failures of a young event', () => {
    expect(triggerShouldRetry(1, fresh, now)).toBe(true);
    expect(triggerShouldRetry(TRIGGER_ATTEMPT_LIMIT - 1, fresh, now)).toBe(true);
  });

  it('hands over to the sweeper after its attempt budget', () => {
    expect(triggerShouldRetry(TRIGGER_ATTEMPT_LIMIT, fresh, now)).toBe(false);
  });

  it('does not keep an old event in the platform retry loop', () => {
    expect(triggerShouldRetry(1, old, now)).toBe(false);
  });
});

describe('temporary refusals', () => {
  const smtpError = (responseCode: number, response: string) =>
    Object.assign(new Error('Message failed'), { responseCode, response });

  it('are 4xx replies and quota or rate refusals, whatever their code', () => {
    expect(isTemporaryRefusal(smtpError(451, '451 4.3.0 Try again later'))).toBe(true);
    expect(isTemporaryRefusal(smtpError(421, '421 4.7.0 Too many connections'))).toBe(true);
    expect(isTemporaryRefusal(smtpError(550, '550 5.4.5 Daily user sending quota exceeded'))).toBe(true);
    expect(isTemporaryRefusal(smtpError(554, '554 5.7.0 Rate limit exceeded'))).toBe(true);
  });

  it('are not permanent refusals or network errors', () => {
    expect(isTemporaryRefusal(smtpError(550, '550 5.7.1 Relaying denied'))).toBe(false);
    expect(
      isTemporaryRefusal(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNECTION' })),
    ).toBe(false);
    expect(isTemporaryRefusal('451')).toBe(false);
  });

  it('wait for the next sweep window, doubling, at most two hours', () => {
    expect(deferralDelayMs(1)).toBe(DEFERRAL_BASE_MS);
    expect(deferralDelayMs(2)).toBe(2 * DEFERRAL_BASE_MS);
    expect(deferralDelayMs(20)).toBe(DEFERRAL_MAX_MS);
  });
});

describe('lastError text', () => {
  it('keeps the SMTP reply on one line', () => {
    const error = Object.assign(new Error('Mail command failed'), {
      code: 'EENVELOPE',
      responseCode: 451,
      response: '451 4.3.0 Mail service\r\ntemporarily unavailable',
    });
    expect(describeSendError(error)).toBe(
      'EENVELOPE: Mail command failed (451 4.3.0 Mail service temporarily unavailable)',
    );
  });

  it('is bounded', () => {
    expect(describeSendError(new Error('x'.repeat(2000)))).toHaveLength(500);
  });
});
