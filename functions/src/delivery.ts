/**
 * Delivering one enquiry's sales email at most once: admit or claim the document in a
 * transaction, send, record the outcome in a transaction. Only the claimer sends, so a trigger
 * event delivered twice, a trigger racing the sweeper, or two sweeps all produce one email.
 *
 * A new enquiry passes admission control first (admission.ts): a duplicate is recorded and not
 * sent, a sender over its limit or an enquiry over a global cap is HELD for the hourly digest.
 *
 * The one window that can still repeat a mail is a sender that dies after the SMTP server accepted
 * the message but before SENT is written; its lease then expires and the enquiry is sent again.
 * Sending twice there is the right side to err on (losing an enquiry is worse), and the stable
 * Message-ID lets the mailbox recognise the repeat.
 */
import {
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  ADMISSION_COLLECTION,
  acknowledgementKey,
  admissionBackoffMs,
  admissionKeys,
  COUNTER_FIELD,
  COUNTER_RETENTION_MS,
  COUNTERS,
  decideAdmission,
  DUPLICATE_WINDOW_MS,
  EXPIRES_AT_FIELD,
  slotId,
  type AdmissionKeys,
  type AdmissionLimits,
  type CounterName,
} from './admission';
import { type EnquiryCollection } from './contract/enquiry';
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
  NOTIFICATION_FIELD,
  readDeliveryView,
  triggerShouldRetry,
  type AcknowledgementRecord,
  type Claimant,
  type DeliveryRecord,
  type DeliveryState,
  type DeliveryView,
  type HeldReason,
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
  limits: AdmissionLimits;
  clock: () => Date;
  log: DeliveryLog;
};

export type EnquiryRef = { collection: EnquiryCollection; id: string };

export type DeliveryOutcome =
  | { status: 'sent'; attempts: number; messageId: string }
  | { status: 'held'; reason: HeldReason }
  | { status: 'duplicate'; duplicateOf: string }
  /** A temporary refusal: no attempt spent, the sweep tries again at `nextAttemptAt`. */
  | { status: 'deferred'; attempts: number; nextAttemptAt: Date }
  | { status: 'skipped'; reason: SkipReason }
  | { status: 'failed'; attempts: number; error: unknown; willRetry: boolean };

type StoredRecord = DeliveryRecord<Timestamp>;

function documentRef(db: Firestore, enquiry: EnquiryRef): DocumentReference {
  return db.collection(enquiry.collection).doc(enquiry.id);
}

function storedRecord(raw: unknown): Partial<StoredRecord> {
  return raw && typeof raw === 'object' ? (raw as Partial<StoredRecord>) : {};
}

function logFields(enquiry: EnquiryRef, extra: Record<string, unknown>): Record<string, unknown> {
  // Identifiers and states only: nothing the visitor typed goes into the logs.
  return { collection: enquiry.collection, enquiryId: enquiry.id, ...extra };
}

/** The enquiry as the transaction found it. */
type Current = {
  data: DocumentData;
  record: Partial<StoredRecord>;
  view: DeliveryView | undefined | 'unreadable';
};

/** What a step decides: the delivery fields to change (none: leave the record alone) and its result. */
type Step<T> = { changes?: Partial<Record<keyof StoredRecord, unknown>>; result: T };

/**
 * The one way the delivery record changes: read the enquiry in a transaction, let `step` decide
 * (it may read and write other documents through the transaction, reads first), then write only
 * the fields that change, as field paths (`notification.state`), so nothing else on the record or
 * the document is overwritten. `updatedAt` comes with every change.
 */
async function transition<T>(
  deps: DeliveryDeps,
  enquiry: EnquiryRef,
  missing: T,
  step: (current: Current, now: Date, transaction: Transaction) => Step<T> | Promise<Step<T>>,
): Promise<T> {
  const ref = documentRef(deps.db, enquiry);
  return deps.db.runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    if (!snapshot.exists) return missing;
    const raw: unknown = snapshot.get(NOTIFICATION_FIELD);
    const now = deps.clock();
    const current = { data: snapshot.data() ?? {}, record: storedRecord(raw), view: readDeliveryView(raw) };
    const { changes, result } = await step(current, now, transaction);
    if (changes) {
      const paths: Record<string, unknown> = {};
      for (const [key, value] of Object.entries({ ...changes, updatedAt: Timestamp.fromDate(now) }))
        paths[`${NOTIFICATION_FIELD}.${key}`] = value;
      transaction.update(ref, paths);
    }
    return result;
  });
}

/** A complete record for an enquiry seen for the first time; `changes` set its state. */
function firstRecord(changes: Partial<Record<keyof StoredRecord, unknown>>) {
  return {
    state: 'PENDING',
    attempts: 0,
    lastError: null,
    claimedBy: null,
    leaseExpiresAt: null,
    nextAttemptAt: null,
    sentAt: null,
    messageId: null,
    deferrals: 0,
    ...changes,
  };
}

type Claim =
  | { claimed: true; from: DeliveryState; attempts: number; enquiry: Enquiry }
  | { claimed: false; outcome: DeliveryOutcome; gaveUp?: { attempts: number } };

/**
 * Admission rounds a claim may lose before the trigger gives up (and the platform retries it). A
 * round is lost only when another claim took the slot, and every claim takes a slot of its hour:
 * after `hourlyCap` losses the hour is full and the claim is HELD. Twice that, for an hour that
 * turns during the claim. A fixed 30 was too few: in a simulated flood (10 instances at once)
 * claims lost up to 30 rounds in a row, and the trigger threw.
 */
const maxAdmissionRounds = (limits: AdmissionLimits) => 2 * limits.hourlyCap + 1;
/** Firestore's gRPC code when a `create` finds the document already there. */
const ALREADY_EXISTS = 6;

const admissionRef = (db: Firestore, id: string) => db.collection(ADMISSION_COLLECTION).doc(id);

function enquiryOf(enquiry: EnquiryRef, data: DocumentData): Enquiry {
  const createdAt: unknown = data.createdAt;
  return {
    collection: enquiry.collection,
    id: enquiry.id,
    data,
    receivedAt: createdAt instanceof Timestamp ? createdAt.toDate() : null,
  };
}

/** How many slots each counter has used: count queries, outside any transaction, so nothing is locked. */
async function countSlots(deps: DeliveryDeps, keys: AdmissionKeys): Promise<Record<CounterName, number>> {
  const counts = await Promise.all(
    COUNTERS.map(async (counter) => {
      const query = deps.db.collection(ADMISSION_COLLECTION).where(COUNTER_FIELD, '==', keys[counter]);
      return (await query.count().get()).data().count;
    }),
  );
  return Object.fromEntries(COUNTERS.map((counter, index) => [counter, counts[index] ?? 0])) as Record<
    CounterName,
    number
  >;
}

/**
 * Admission control for a new enquiry: the duplicate fingerprint is read in the transaction; the
 * counters are counted just before it, and the transaction creates the next slot of each. When
 * a concurrent claim took one of those slots first, the commit fails and the round starts again
 * with fresh counts; a full counter means HELD. Only what is sent takes slots.
 */
async function admit(
  deps: DeliveryDeps,
  enquiry: EnquiryRef,
  claimant: Claimant,
  data: DocumentData,
): Promise<Claim> {
  const token = claimToken(claimant);
  const path = `${enquiry.collection}/${enquiry.id}`;
  for (let round = 1; ; round += 1) {
    const keys = admissionKeys(enquiry.collection, data, deps.clock());
    const counts = await countSlots(deps, keys);
    try {
      return await transition<Claim>(
        deps,
        enquiry,
        MISSING,
        async ({ data: current, view }, now, transaction) => {
          const decision = decideClaim(view, claimant, now);
          // Someone else admitted it since the first look: their record stands.
          if (decision.action !== 'admit')
            return { result: { claimed: false, outcome: { status: 'skipped', reason: 'in-flight' } } };
          const duplicate = await transaction.get(admissionRef(deps.db, keys.duplicate));
          const firstAt: unknown = duplicate.get('at');
          const original: unknown = duplicate.get('original');
          const isDuplicate =
            typeof original === 'string' &&
            original !== path &&
            firstAt instanceof Timestamp &&
            now.getTime() - firstAt.toMillis() < DUPLICATE_WINDOW_MS;
          const admission = decideAdmission(
            { duplicateOf: isDuplicate ? original : null, ...counts },
            deps.limits,
          );
          const stamp = Timestamp.fromDate(now);
          if (admission.verdict === 'duplicate') {
            return {
              // No digest yet: the next hourly digest lists it, so no duplicate is final in silence.
              changes: firstRecord({ state: 'DUPLICATE', duplicateOf: admission.duplicateOf, digest: null }),
              result: {
                claimed: false,
                outcome: { status: 'duplicate', duplicateOf: admission.duplicateOf },
              },
            };
          }
          // The first of its kind, held or sent: later copies within the window point here.
          transaction.set(admissionRef(deps.db, keys.duplicate), {
            original: path,
            at: stamp,
            [EXPIRES_AT_FIELD]: Timestamp.fromMillis(now.getTime() + DUPLICATE_WINDOW_MS),
          });
          if (admission.verdict === 'held') {
            return {
              changes: firstRecord({
                state: 'HELD',
                heldReason: admission.reason,
                heldAt: stamp,
                // The digest puts first contacts ahead of senders who already wrote today.
                senderEmailsToday: counts.sender,
              }),
              result: { claimed: false, outcome: { status: 'held', reason: admission.reason } },
            };
          }
          const expiresAt = Timestamp.fromMillis(now.getTime() + COUNTER_RETENTION_MS);
          for (const counter of COUNTERS) {
            transaction.create(admissionRef(deps.db, slotId(keys[counter], counts[counter])), {
              [COUNTER_FIELD]: keys[counter],
              at: stamp,
              [EXPIRES_AT_FIELD]: expiresAt,
            });
          }
          const leaseExpiresAt = Timestamp.fromMillis(now.getTime() + DELIVERY_LEASE_MS);
          return {
            changes: firstRecord({
              state: 'SENDING',
              attempts: 1,
              claimedBy: token,
              leaseExpiresAt,
              nextAttemptAt: leaseExpiresAt,
            }),
            result: { claimed: true, from: 'PENDING', attempts: 1, enquiry: enquiryOf(enquiry, current) },
          };
        },
      );
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code !== ALREADY_EXISTS || round >= maxAdmissionRounds(deps.limits)) throw error;
      await pause(admissionBackoffMs(round));
    }
  }
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const MISSING: Claim = { claimed: false, outcome: { status: 'skipped', reason: 'missing' } };

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
        result: { claimed: true, from: decision.from, attempts, enquiry: enquiryOf(enquiry, data) },
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

/**
 * The visitor's acknowledgement: at most once per enquiry and once a day per address, best
 * effort. It is sent only by the sender that just recorded SENT, and its failure is recorded but
 * never retried, because a retry could only be had by sending the sales email again.
 */
async function acknowledgeVisitor(deps: DeliveryDeps, enquiry: Enquiry): Promise<void> {
  const mail = composeAcknowledgementEmail(enquiry, deps.mail);
  const ref = { collection: enquiry.collection, id: enquiry.id };
  if (!mail) {
    deps.log.info('enquiry acknowledgement skipped: no valid visitor address', logFields(ref, {}));
    return;
  }
  const address = mail.to[0] ?? '';
  const now = deps.clock();
  const todayRef = admissionRef(deps.db, acknowledgementKey(address, now));
  const first = await deps.db.runTransaction(async (transaction) => {
    const today = await transaction.get(todayRef);
    if (today.exists) return false;
    transaction.create(todayRef, {
      at: Timestamp.fromDate(now),
      [EXPIRES_AT_FIELD]: Timestamp.fromMillis(now.getTime() + COUNTER_RETENTION_MS),
    });
    return true;
  });
  let record: AcknowledgementRecord;
  if (!first) {
    record = {
      state: 'SKIPPED',
      at: Timestamp.fromDate(now),
      messageId: null,
      error: 'already acknowledged today',
    };
    deps.log.info('enquiry acknowledgement skipped: address already acknowledged today', logFields(ref, {}));
  } else {
    try {
      const sent = await deps.transport.send(mail);
      record = {
        state: 'SENT',
        at: Timestamp.fromDate(deps.clock()),
        messageId: sent.messageId,
        error: null,
      };
      deps.log.info('enquiry acknowledgement sent', logFields(ref, { messageId: sent.messageId }));
    } catch (error) {
      const reason = describeSendError(error);
      record = { state: 'FAILED', at: Timestamp.fromDate(deps.clock()), messageId: null, error: reason };
      deps.log.warn('enquiry acknowledgement failed', logFields(ref, { error: reason }));
    }
  }
  await documentRef(deps.db, ref).update({ [`${NOTIFICATION_FIELD}.acknowledgement`]: record });
}

/** Admits or claims, sends and records one enquiry's sales email. Never throws for an SMTP failure. */
export async function deliverEnquiry(
  deps: DeliveryDeps,
  enquiry: EnquiryRef,
  claimant: Claimant,
): Promise<DeliveryOutcome> {
  const token = claimToken(claimant);
  const first = await claim(deps, enquiry, claimant);
  const claimed = 'admit' in first ? await admit(deps, enquiry, claimant, first.admit) : first;
  if (!claimed.claimed) {
    const { outcome } = claimed;
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
    } else if (outcome.status === 'held' || outcome.status === 'duplicate') {
      deps.log.info(
        'enquiry notification state changed',
        logFields(enquiry, {
          from: null,
          to: outcome.status === 'held' ? 'HELD' : 'DUPLICATE',
          ...(outcome.status === 'held'
            ? { heldReason: outcome.reason }
            : { duplicateOf: outcome.duplicateOf }),
        }),
      );
    } else if (outcome.status === 'skipped') {
      const fields = logFields(enquiry, { reason: outcome.reason, claimant: token });
      if (outcome.reason === 'exhausted' || outcome.reason === 'unreadable')
        deps.log.warn('enquiry email not sent', fields);
      else deps.log.info('enquiry email not sent', fields);
    }
    return outcome;
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
    const failure = await recordFailure(deps, enquiry, token, error);
    const lastError = describeSendError(error);
    const fields = logFields(enquiry, {
      from: 'SENDING',
      to: failure.state,
      attempts: failure.written ? failure.attempts : claimed.attempts,
      maxAttempts: MAX_DELIVERY_ATTEMPTS,
      lastError,
      nextAttemptAt: failure.nextAttemptAt?.toISOString() ?? null,
      recorded: failure.written,
    });
    if (failure.written && failure.state === 'PENDING' && failure.nextAttemptAt) {
      deps.log.warn('enquiry email refused for now; it waits for the next window', fields);
      return { status: 'deferred', attempts: failure.attempts, nextAttemptAt: failure.nextAttemptAt };
    }
    const finalAttempt = claimed.attempts >= MAX_DELIVERY_ATTEMPTS;
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
      'enquiry email left to the retry sweep',
      logFields(enquiry, { attempts: outcome.attempts, eventId: event.id, eventTime: event.time }),
    );
  }
  return outcome;
}
