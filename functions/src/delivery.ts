/**
 * Delivering one enquiry's sales email exactly once: claim the document in a transaction, send,
 * record the outcome in a transaction. Only the claimer sends, so a trigger event delivered twice,
 * a trigger racing the sweeper, or two sweeps all produce one email.
 *
 * The one window that can still repeat a mail is a sender that dies after the SMTP server accepted
 * the message but before SENT is written; its lease then expires and the enquiry is sent again.
 * Sending twice there is the right side to err on (losing an enquiry is worse), and the stable
 * Message-ID lets the mailbox recognise the repeat.
 */
import { Timestamp, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { type EnquiryCollection } from './contract/enquiry';
import {
  claimToken,
  decideClaim,
  describeSendError,
  DELIVERY_LEASE_MS,
  MAX_DELIVERY_ATTEMPTS,
  nextAttemptAfterFailure,
  NOTIFICATION_FIELD,
  readDeliveryView,
  triggerShouldRetry,
  type AcknowledgementRecord,
  type Claimant,
  type DeliveryRecord,
  type DeliveryState,
  type SkipReason,
} from './delivery-state';
import {
  composeAcknowledgementEmail,
  composeSalesEmail,
  type Enquiry,
  type MailSettings,
} from './mail/template';
import type { MailTransport } from './mail/transport';

/** Structured logging as firebase-functions/logger offers it; tests hand in a recorder. */
export type DeliveryLog = {
  info(message: string, fields: Record<string, unknown>): void;
  warn(message: string, fields: Record<string, unknown>): void;
  error(message: string, fields: Record<string, unknown>): void;
};

export type DeliveryDeps = {
  db: Firestore;
  transport: MailTransport;
  mail: MailSettings;
  clock: () => Date;
  log: DeliveryLog;
};

export type EnquiryRef = { collection: EnquiryCollection; id: string };

export type DeliveryOutcome =
  | { status: 'sent'; attempts: number; messageId: string }
  | { status: 'skipped'; reason: SkipReason }
  | { status: 'failed'; attempts: number; error: unknown; willRetry: boolean };

type StoredRecord = DeliveryRecord<Timestamp>;

type Claim =
  | { claimed: true; from: DeliveryState; attempts: number; enquiry: Enquiry }
  | { claimed: false; reason: SkipReason; gaveUp?: { attempts: number } };

function documentRef(db: Firestore, enquiry: EnquiryRef): DocumentReference {
  return db.collection(enquiry.collection).doc(enquiry.id);
}

function storedRecord(raw: unknown): Partial<StoredRecord> {
  return raw && typeof raw === 'object' ? (raw as Partial<StoredRecord>) : {};
}

/** The fields every state change writes; the rest of the record is carried over. */
function recordWith(
  previous: Partial<StoredRecord>,
  changes: Partial<StoredRecord>,
  now: Date,
): StoredRecord {
  const record: StoredRecord = {
    state: previous.state ?? 'PENDING',
    attempts: previous.attempts ?? 0,
    lastError: previous.lastError ?? null,
    claimedBy: previous.claimedBy ?? null,
    leaseExpiresAt: previous.leaseExpiresAt ?? null,
    nextAttemptAt: previous.nextAttemptAt ?? null,
    sentAt: previous.sentAt ?? null,
    messageId: previous.messageId ?? null,
    ...changes,
    updatedAt: Timestamp.fromDate(now),
  };
  if (previous.acknowledgement && !changes.acknowledgement) record.acknowledgement = previous.acknowledgement;
  return record;
}

function logFields(enquiry: EnquiryRef, extra: Record<string, unknown>): Record<string, unknown> {
  // Identifiers and states only: nothing the visitor typed goes into the logs.
  return { collection: enquiry.collection, enquiryId: enquiry.id, ...extra };
}

async function claim(deps: DeliveryDeps, enquiry: EnquiryRef, claimant: Claimant): Promise<Claim> {
  const ref = documentRef(deps.db, enquiry);
  const token = claimToken(claimant);
  return deps.db.runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    if (!snapshot.exists) return { claimed: false, reason: 'missing' } as const;
    const now = deps.clock();
    const raw: unknown = snapshot.get(NOTIFICATION_FIELD);
    const previous = storedRecord(raw);
    const decision = decideClaim(readDeliveryView(raw), claimant, now);
    if (decision.action === 'skip') return { claimed: false, reason: decision.reason } as const;
    if (decision.action === 'give-up') {
      transaction.update(ref, {
        [NOTIFICATION_FIELD]: recordWith(
          previous,
          {
            state: 'FAILED',
            lastError: 'the last allowed attempt stopped before it could report (its lease expired)',
            leaseExpiresAt: null,
            nextAttemptAt: null,
          },
          now,
        ),
      });
      return { claimed: false, reason: 'exhausted', gaveUp: { attempts: previous.attempts ?? 0 } } as const;
    }
    const attempts = (previous.attempts ?? 0) + 1;
    const leaseExpiresAt = Timestamp.fromMillis(now.getTime() + DELIVERY_LEASE_MS);
    transaction.update(ref, {
      [NOTIFICATION_FIELD]: recordWith(
        previous,
        { state: 'SENDING', attempts, claimedBy: token, leaseExpiresAt, nextAttemptAt: leaseExpiresAt },
        now,
      ),
    });
    const data = snapshot.data() ?? {};
    const createdAt: unknown = data.createdAt;
    return {
      claimed: true,
      from: decision.from,
      attempts,
      enquiry: {
        collection: enquiry.collection,
        id: enquiry.id,
        data,
        receivedAt: createdAt instanceof Timestamp ? createdAt.toDate() : null,
      },
    } as const;
  });
}

/** SENT, unless another sender already recorded it (then the first record stands). */
async function recordSent(
  deps: DeliveryDeps,
  enquiry: EnquiryRef,
  token: string,
  messageId: string,
): Promise<void> {
  const ref = documentRef(deps.db, enquiry);
  const outcome = await deps.db.runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    const previous = storedRecord(snapshot.get(NOTIFICATION_FIELD));
    if (previous.state === 'SENT') return { written: false, holder: previous.claimedBy ?? null };
    const now = deps.clock();
    transaction.update(ref, {
      [NOTIFICATION_FIELD]: recordWith(
        previous,
        {
          state: 'SENT',
          claimedBy: token,
          leaseExpiresAt: null,
          nextAttemptAt: null,
          sentAt: Timestamp.fromDate(now),
          messageId,
        },
        now,
      ),
    });
    return { written: true, holder: previous.claimedBy ?? null };
  });
  if (!outcome.written) {
    deps.log.warn(
      'enquiry email sent again after its lease expired',
      logFields(enquiry, { claimedBy: token }),
    );
  } else if (outcome.holder !== token) {
    deps.log.warn(
      'enquiry email sent by a sender whose lease had passed',
      logFields(enquiry, { claimedBy: token }),
    );
  }
}

/**
 * FAILED with the reason and the next retry time, unless the claim has meanwhile passed to another
 * sender (its lease expired): that sender now owns the record.
 */
async function recordFailure(
  deps: DeliveryDeps,
  enquiry: EnquiryRef,
  token: string,
  lastError: string,
): Promise<{ written: boolean; nextAttemptAt: Date | null }> {
  const ref = documentRef(deps.db, enquiry);
  return deps.db.runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    const previous = storedRecord(snapshot.get(NOTIFICATION_FIELD));
    if (previous.state !== 'SENDING' || previous.claimedBy !== token)
      return { written: false, nextAttemptAt: null };
    const now = deps.clock();
    const nextAttemptAt = nextAttemptAfterFailure(previous.attempts ?? 0, now);
    transaction.update(ref, {
      [NOTIFICATION_FIELD]: recordWith(
        previous,
        {
          state: 'FAILED',
          lastError,
          leaseExpiresAt: null,
          nextAttemptAt: nextAttemptAt ? Timestamp.fromDate(nextAttemptAt) : null,
        },
        now,
      ),
    });
    return { written: true, nextAttemptAt };
  });
}

/**
 * The visitor's acknowledgement: at most once and best effort. It is sent only by the sender that
 * just recorded SENT, and its failure is recorded but never retried, because a retry could only
 * be had by sending the sales email again.
 */
async function acknowledgeVisitor(deps: DeliveryDeps, enquiry: Enquiry): Promise<void> {
  const mail = composeAcknowledgementEmail(enquiry, deps.mail);
  const ref = { collection: enquiry.collection, id: enquiry.id };
  if (!mail) {
    deps.log.info('enquiry acknowledgement skipped: no valid visitor address', logFields(ref, {}));
    return;
  }
  let record: AcknowledgementRecord;
  try {
    const sent = await deps.transport.send(mail);
    record = { state: 'SENT', at: Timestamp.fromDate(deps.clock()), messageId: sent.messageId, error: null };
    deps.log.info('enquiry acknowledgement sent', logFields(ref, { messageId: sent.messageId }));
  } catch (error) {
    const reason = describeSendError(error);
    record = { state: 'FAILED', at: Timestamp.fromDate(deps.clock()), messageId: null, error: reason };
    deps.log.warn('enquiry acknowledgement failed', logFields(ref, { error: reason }));
  }
  await documentRef(deps.db, ref).update({ [`${NOTIFICATION_FIELD}.acknowledgement`]: record });
}

/** Claims, sends and records one enquiry's sales email. Never throws for an SMTP failure. */
export async function deliverEnquiry(
  deps: DeliveryDeps,
  enquiry: EnquiryRef,
  claimant: Claimant,
): Promise<DeliveryOutcome> {
  const token = claimToken(claimant);
  const claimed = await claim(deps, enquiry, claimant);
  if (!claimed.claimed) {
    if (claimed.gaveUp) {
      deps.log.error(
        'enquiry email failed for the last time; the enquiry stays in Firestore',
        logFields(enquiry, {
          from: 'SENDING',
          to: 'FAILED',
          attempts: claimed.gaveUp.attempts,
          reason: 'lease expired',
        }),
      );
      return { status: 'skipped', reason: claimed.reason };
    }
    const fields = logFields(enquiry, { reason: claimed.reason, claimant: token });
    if (claimed.reason === 'exhausted' || claimed.reason === 'unreadable') {
      deps.log.warn('enquiry email not sent', fields);
    } else {
      deps.log.info('enquiry email not sent', fields);
    }
    return { status: 'skipped', reason: claimed.reason };
  }
  deps.log.info(
    'enquiry notification state changed',
    logFields(enquiry, { from: claimed.from, to: 'SENDING', attempts: claimed.attempts, claimedBy: token }),
  );

  let messageId: string;
  try {
    const sent = await deps.transport.send(composeSalesEmail(claimed.enquiry, deps.mail));
    messageId = sent.messageId;
  } catch (error) {
    const lastError = describeSendError(error);
    const failure = await recordFailure(deps, enquiry, token, lastError);
    const finalAttempt = claimed.attempts >= MAX_DELIVERY_ATTEMPTS;
    const fields = logFields(enquiry, {
      from: 'SENDING',
      to: 'FAILED',
      attempts: claimed.attempts,
      maxAttempts: MAX_DELIVERY_ATTEMPTS,
      lastError,
      nextAttemptAt: failure.nextAttemptAt?.toISOString() ?? null,
      recorded: failure.written,
    });
    if (finalAttempt)
      deps.log.error('enquiry email failed for the last time; the enquiry stays in Firestore', fields);
    else deps.log.warn('enquiry notification state changed', fields);
    return { status: 'failed', attempts: claimed.attempts, error, willRetry: !finalAttempt };
  }

  await recordSent(deps, enquiry, token, messageId);
  deps.log.info(
    'enquiry notification state changed',
    logFields(enquiry, { from: 'SENDING', to: 'SENT', attempts: claimed.attempts, messageId }),
  );
  if (deps.mail.acknowledgeVisitor) {
    try {
      await acknowledgeVisitor(deps, claimed.enquiry);
    } catch (error) {
      // The sales email is out and recorded; nothing about the courtesy mail may undo that.
      deps.log.warn(
        'enquiry acknowledgement not recorded',
        logFields(enquiry, { error: describeSendError(error) }),
      );
    }
  }
  return { status: 'sent', attempts: claimed.attempts, messageId };
}

/** The parts of a Firestore CloudEvent the trigger uses. */
export type EnquiryCreatedEvent = { id: string; time: string; params: { enquiryId: string } };

/**
 * The `onDocumentCreated` handler. A failed send is thrown back to the platform (`retry: true`)
 * while the trigger's attempt budget and the event-age guard allow; after that it returns
 * normally and the record's nextAttemptAt hands the enquiry to the sweeper.
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
      'enquiry email left to the retry sweep',
      logFields(enquiry, { attempts: outcome.attempts, eventId: event.id, eventTime: event.time }),
    );
  }
  return outcome;
}
