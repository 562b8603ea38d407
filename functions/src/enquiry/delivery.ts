/**
 * Delivering one enquiry's sales email at most once: admit or claim the document in a
 * transaction, send, record the outcome in a transaction. Only the claimer sends, so a trigger
 * event delivered twice, a trigger racing the sweeper, or two sweeps all produce one email.
 *
 * A new enquiry passes admission control first (admission.ts, admission-claim.ts): a duplicate
 * is recorded and not sent, a sender over its limit or an enquiry over a global cap is HELD for the
 * hourly digest.
 *
 * The one window that can still repeat a mail is a sender that dies after the SMTP server accepted
 * the message but before SENT is written; its lease then expires and the enquiry is sent again.
 * Sending twice there is the right side to err on (losing an enquiry is worse), and the stable
 * Message-ID lets the mailbox recognise the repeat.
 */
import { readStoredEnquiry } from '../contract/enquiry/stored-enquiry';
import { Timestamp } from 'firebase-admin/firestore';
import { acknowledgeVisitor } from './acknowledgement';
import { admit } from './admission-claim';
import type { EnquiryCollection } from '../contract/enquiry/collections';
import { MISSING, transition, type Claim } from './delivery-record';
import {
  claimToken,
  decideClaim,
  deferralDelayMs,
  describeSendError,
  DELIVERY_LEASE_MS,
  isTemporaryRefusal,
  MAX_DEFERRALS,
  MAX_DELIVERY_ATTEMPTS,
  nextAttemptAfterFailure,
  triggerShouldRetry,
  type Claimant,
} from './delivery-state';
import { enquiryFields, LOG_EVENTS, logStateChange } from '../logs';
import { composeSalesEmail } from '../channels/mail/enquiry-emails';
import { admittedAlertRecord, deliverEnquiryAlert } from './alerts';
import type { DocumentData } from 'firebase-admin/firestore';
import type { DeliveryDeps, DeliveryOutcome, EnquiryRef } from './deps';

async function claim(
  deps: DeliveryDeps,
  enquiry: EnquiryRef,
  claimant: Claimant,
): Promise<Claim | { admit: DocumentData }> {
  const token = claimToken(claimant);
  return transition<Claim | { admit: DocumentData }>(
    deps,
    enquiry,
    MISSING,
    ({ data, record, view }, now) => {
      const decision = decideClaim(view, claimant, now);
      if (decision.action === 'admit') return { result: { admit: data } };
      if (decision.action === 'skip') {
        return { result: { claimed: false, outcome: { status: 'skipped', reason: decision.reason } } };
      }
      if (decision.action === 'give-up') {
        return {
          changes: {
            state: 'FAILED',
            lastError: 'the last allowed attempt stopped before it could report (its lease expired)',
            leaseExpiresAt: null,
            nextAttemptAt: null,
          },
          result: {
            claimed: false,
            outcome: { status: 'skipped', reason: 'exhausted' },
            gaveUp: { attempts: record.attempts ?? 0 },
          },
        };
      }
      const attempts = (record.attempts ?? 0) + 1;
      const leaseExpiresAt = Timestamp.fromMillis(now.getTime() + DELIVERY_LEASE_MS);
      return {
        changes: {
          state: 'SENDING',
          attempts,
          claimedBy: token,
          leaseExpiresAt,
          nextAttemptAt: leaseExpiresAt,
        },
        result: { claimed: true, from: decision.from, attempts, enquiry: readStoredEnquiry(enquiry, data) },
      };
    },
  );
}

/** SENT, unless another sender already recorded it (then the first record stands). */
async function recordSent(deps: DeliveryDeps, enquiry: EnquiryRef, token: string, messageId: string) {
  const outcome = await transition(
    deps,
    enquiry,
    { written: false, holder: null as string | null },
    ({ record }, now) => {
      const holder = record.claimedBy ?? null;
      if (record.state === 'SENT') return { result: { written: false, holder } };
      return {
        changes: {
          state: 'SENT',
          claimedBy: token,
          leaseExpiresAt: null,
          nextAttemptAt: null,
          sentAt: Timestamp.fromDate(now),
          messageId,
          deferrals: 0,
        },
        result: { written: true, holder },
      };
    },
  );
  if (!outcome.written) {
    deps.log.warn(LOG_EVENTS.sentAgainAfterLease, enquiryFields(enquiry, { claimedBy: token }));
  } else if (outcome.holder !== token) {
    deps.log.warn(LOG_EVENTS.sentAfterLease, enquiryFields(enquiry, { claimedBy: token }));
  }
}

type FailureRecorded = {
  written: boolean;
  state: 'PENDING' | 'FAILED';
  attempts: number;
  nextAttemptAt: Date | null;
};

/**
 * After a failed send: a temporary refusal gives the attempt back and waits for the next window
 * (PENDING); anything else is FAILED with the next retry time. Nothing is written when the claim
 * has meanwhile passed to another sender (its lease expired): that sender owns the record.
 */
async function recordFailure(
  deps: DeliveryDeps,
  enquiry: EnquiryRef,
  token: string,
  error: unknown,
): Promise<FailureRecorded> {
  const lastError = describeSendError(error);
  const notMine: FailureRecorded = { written: false, state: 'FAILED', attempts: 0, nextAttemptAt: null };
  return transition<FailureRecorded>(deps, enquiry, notMine, ({ record }, now) => {
    if (record.state !== 'SENDING' || record.claimedBy !== token) return { result: notMine };
    const attempts = record.attempts ?? 0;
    const deferrals = (record.deferrals ?? 0) + 1;
    if (isTemporaryRefusal(error) && deferrals <= MAX_DEFERRALS) {
      const nextAttemptAt = new Date(now.getTime() + deferralDelayMs(deferrals));
      return {
        changes: {
          state: 'PENDING',
          attempts: Math.max(0, attempts - 1),
          deferrals,
          lastError,
          leaseExpiresAt: null,
          nextAttemptAt: Timestamp.fromDate(nextAttemptAt),
        },
        result: {
          written: true,
          state: 'PENDING' as const,
          attempts: Math.max(0, attempts - 1),
          nextAttemptAt,
        },
      };
    }
    const nextAttemptAt = nextAttemptAfterFailure(attempts, now);
    return {
      changes: {
        state: 'FAILED',
        lastError,
        leaseExpiresAt: null,
        nextAttemptAt: nextAttemptAt ? Timestamp.fromDate(nextAttemptAt) : null,
      },
      result: { written: true, state: 'FAILED' as const, attempts, nextAttemptAt },
    };
  });
}

/** Admits or claims, sends and records one enquiry's sales email. Never throws for an SMTP failure. */
export async function deliverEnquiry(
  deps: DeliveryDeps,
  enquiry: EnquiryRef,
  claimant: Claimant,
): Promise<DeliveryOutcome> {
  const token = claimToken(claimant);
  const first = await claim(deps, enquiry, claimant);
  const claimed =
    'admit' in first
      ? await admit(deps, enquiry, claimant, first.admit, (now) => admittedAlertRecord(deps, now))
      : first;
  // The WhatsApp alert goes beside the email, never before or after it: neither waits for the other.
  const alert = deps.whatsapp ? alertBeside(deps, enquiry, claimant) : Promise.resolve();
  const outcome = await sendEmail(deps, enquiry, claimed, token);
  await alert;
  return outcome;
}

/** The enquiry's WhatsApp alert; its failures are recorded on its own record, never thrown at the email. */
async function alertBeside(deps: DeliveryDeps, enquiry: EnquiryRef, claimant: Claimant): Promise<void> {
  try {
    await deliverEnquiryAlert(deps, enquiry, claimant);
  } catch (error) {
    deps.log.warn(LOG_EVENTS.whatsappFailed, enquiryFields(enquiry, { error: describeSendError(error) }));
  }
}

/** The email part of a delivery, once admission or the claim has decided. */
async function sendEmail(
  deps: DeliveryDeps,
  enquiry: EnquiryRef,
  claimed: Claim,
  token: string,
): Promise<DeliveryOutcome> {
  if (!claimed.claimed) {
    const { outcome } = claimed;
    if (claimed.gaveUp) {
      deps.log.error(
        LOG_EVENTS.failedForGood,
        enquiryFields(enquiry, {
          from: 'SENDING',
          to: 'FAILED',
          attempts: claimed.gaveUp.attempts,
          reason: 'lease expired',
        }),
      );
    } else if (outcome.status === 'held' || outcome.status === 'duplicate') {
      logStateChange(deps.log, 'info', enquiry, {
        from: null,
        to: outcome.status === 'held' ? 'HELD' : 'DUPLICATE',
        ...(outcome.status === 'held'
          ? { heldReason: outcome.reason }
          : { duplicateOf: outcome.duplicateOf }),
      });
    } else if (outcome.status === 'skipped') {
      const fields = enquiryFields(enquiry, { reason: outcome.reason, claimant: token });
      if (outcome.reason === 'exhausted' || outcome.reason === 'unreadable')
        deps.log.warn(LOG_EVENTS.notSent, fields);
      else deps.log.info(LOG_EVENTS.notSent, fields);
    }
    return outcome;
  }
  logStateChange(deps.log, 'info', enquiry, {
    from: claimed.from,
    to: 'SENDING',
    attempts: claimed.attempts,
    claimedBy: token,
  });

  let messageId: string;
  try {
    const sent = await deps.transport.send(composeSalesEmail(claimed.enquiry, deps.mail));
    messageId = sent.messageId;
  } catch (error) {
    const failure = await recordFailure(deps, enquiry, token, error);
    const lastError = describeSendError(error);
    const fields = enquiryFields(enquiry, {
      from: 'SENDING',
      to: failure.state,
      attempts: failure.written ? failure.attempts : claimed.attempts,
      maxAttempts: MAX_DELIVERY_ATTEMPTS,
      lastError,
      nextAttemptAt: failure.nextAttemptAt?.toISOString() ?? null,
      recorded: failure.written,
    });
    if (failure.written && failure.state === 'PENDING' && failure.nextAttemptAt) {
      deps.log.warn(LOG_EVENTS.refusedForNow, fields);
      return { status: 'deferred', attempts: failure.attempts, nextAttemptAt: failure.nextAttemptAt };
    }
    const finalAttempt = claimed.attempts >= MAX_DELIVERY_ATTEMPTS;
    if (finalAttempt) deps.log.error(LOG_EVENTS.failedForGood, fields);
    else deps.log.warn(LOG_EVENTS.stateChanged, fields);
    return { status: 'failed', attempts: claimed.attempts, error, willRetry: !finalAttempt };
  }

  await recordSent(deps, enquiry, token, messageId);
  logStateChange(deps.log, 'info', enquiry, {
    from: 'SENDING',
    to: 'SENT',
    attempts: claimed.attempts,
    messageId,
  });
  if (deps.mail.acknowledgeVisitor) {
    try {
      await acknowledgeVisitor(deps, claimed.enquiry);
    } catch (error) {
      // The sales email is out and recorded; nothing about the courtesy mail may undo that.
      deps.log.warn(
        LOG_EVENTS.acknowledgementNotRecorded,
        enquiryFields(enquiry, { error: describeSendError(error) }),
      );
    }
  }
  return { status: 'sent', attempts: claimed.attempts, messageId };
}

/** The parts of a Firestore CloudEvent the trigger uses. */
type EnquiryCreatedEvent = { id: string; time: string; params: { enquiryId: string } };

/**
 * The `onDocumentCreated` handler. A failed send is thrown back to the platform (`retry: true`)
 * while the trigger's attempt budget and the event-age guard allow; after that it returns
 * normally and the record's nextAttemptAt hands the enquiry to the sweeper. A temporary refusal
 * is never thrown back: the platform would retry it at once, into the same quota.
 */
export async function handleEnquiryCreated(
  deps: DeliveryDeps,
  collection: EnquiryCollection,
  event: EnquiryCreatedEvent,
): Promise<DeliveryOutcome> {
  const enquiry = { collection, id: event.params.enquiryId };
  const outcome = await deliverEnquiry(deps, enquiry, { kind: 'trigger', eventId: event.id });
  if (outcome.status !== 'failed') return outcome;
  if (triggerShouldRetry(outcome.attempts, event.time, deps.clock())) throw outcome.error;
  if (outcome.willRetry) {
    deps.log.info(
      LOG_EVENTS.leftToSweep,
      enquiryFields(enquiry, { attempts: outcome.attempts, eventId: event.id, eventTime: event.time }),
    );
  }
  return outcome;
}
