/**
 * The delivery record on every enquiry document (`notification`): its states and its shape, as the
 * functions write it and the sales inbox, the export and the digest read it. The state machine's
 * rules (who may claim, retries, backoff) are the functions' own, in functions/src/enquiry/delivery-state.ts.
 *
 * Part of the contract: no imports.
 */
export const NOTIFICATION_FIELD = 'notification';

export const DELIVERY_STATES = [
  'PENDING',
  'SENDING',
  'SENT',
  'FAILED',
  'HELD',
  'DIGESTED',
  'DUPLICATE',
] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
/** The states a retry sweep looks at: waiting, failed with attempts left, or stuck sending. */
export const UNFINISHED_STATES: readonly DeliveryState[] = ['PENDING', 'FAILED', 'SENDING'];
/** The states in which sales has been told about an enquiry, or never needs to be. */
export const SETTLED_STATES: readonly DeliveryState[] = ['SENT', 'DIGESTED', 'DUPLICATE'];

export type HeldReason = 'sender-limit' | 'hourly-cap' | 'daily-cap';

/** Why admission control held an enquiry back, as the sales team reads it. */
export const HELD_REASON_TEXT: Record<HeldReason, string> = {
  'sender-limit': 'this sender (the same name, email and phone) already had its emails today',
  'hourly-cap': 'the hourly email cap was reached',
  'daily-cap': 'the daily email cap was reached',
};

/** Anything with `toDate()`: the Admin SDK's Timestamp, without importing it here. */
type TimestampLike = { toDate(): Date };

export type AcknowledgementRecord = {
  /** SKIPPED: the mailbox already had its acknowledgement today, or its share of the mail budget is spent (`error` says which). */
  state: 'SENT' | 'FAILED' | 'SKIPPED';
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
  /** Temporary refusals in a row; none of them spent an attempt. */
  deferrals?: number;
  heldReason?: HeldReason;
  heldAt?: Time;
  /** On a HELD enquiry: the sales emails its sender (name, email and phone) had that day before it. */
  senderEmailsToday?: number;
  digestedAt?: Time;
  /**
   * The hour (India time) of the digest that reported it, e.g. `2026-11-22T20`; null on a
   * DUPLICATE that no digest has listed yet.
   */
  digest?: string | null;
  /** `collection/id` of the first enquiry with the same sender and text. */
  duplicateOf?: string;
  acknowledgement?: AcknowledgementRecord;
  /**
   * The functions' copy of `followUp.firstContactAt`: null from admission until a salesperson
   * first contacts the buyer (so the inbox can list who is still waiting), then that time.
   */
  firstContactAt?: Time | null;
  /** Seconds from the enquiry's arrival to its first contact. */
  responseSeconds?: number;
  /**
   * The person's address and number as admission compares them, so a privacy request finds them;
   * rewritten by the functions as soon as a salesperson corrects them.
   */
  contactKeys?: { email: string; phone: string };
  /** How many corrections (follow-up history entries) the contact keys and fingerprint follow. */
  correctionsApplied?: number;
  /** The enquiry's WhatsApp alert to the sales phones, when the channel was on as it was admitted. */
  whatsapp?: AlertRecord<Time>;
  /** The last time a salesperson's "Resend email" sent it, and who (their account's verified email, or uid). */
  resentAt?: Time;
  resentBy?: string;
};

export const ALERT_STATES = ['PENDING', 'SENDING', 'SENT', 'FAILED'] as const;
type AlertState = (typeof ALERT_STATES)[number];
type NumberState = 'PENDING' | 'SENDING' | 'SENT' | 'FAILED' | 'UNKNOWN';

/** One sales phone's part of an alert. */
export type NumberRecord = {
  state: NumberState;
  messageId: string | null;
  /** Why it is not SENT, in a line a salesperson can act on. */
  error: string | null;
  /** The HTTP status and Graph error as received. */
  detail: string | null;
};

/**
 * A WhatsApp alert's record, as stored: on the enquiry (`notification.whatsapp`) or on an hour's
 * digest lock (`whatsapp`). Number keys are digits with the country code: `919876543210`.
 */
export type AlertRecord<Time = TimestampLike> = {
  state: AlertState;
  numbers: Record<string, NumberRecord>;
  /** Claims made, counted at claim time. */
  attempts: number;
  /** Temporary refusals in a row; none of them spent an attempt. */
  deferrals: number;
  lastError: string | null;
  lastErrorDetail: string | null;
  claimedBy: string | null;
  leaseExpiresAt: Time | null;
  /** When a sweep may take it up (a lease's end while SENDING); null once final. */
  nextAttemptAt: Time | null;
  sentAt: Time | null;
  updatedAt: Time;
};
