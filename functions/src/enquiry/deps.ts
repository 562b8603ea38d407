/**
 * What delivering an enquiry needs, handed in by whoever runs it (the triggers and the schedule in
 * index.ts, the local sweep, the tests): the database, the mail transport, the settings, the
 * limits, the clock and the logger; and the names every step passes around.
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { EnquiryCollection } from '../contract/enquiry/collections';
import type { HeldReason } from '../contract/delivery/delivery';
import type { MailSettings } from '../channels/mail/message';
import type { MailTransport } from '../channels/mail/transport';
import type { WhatsAppSettings } from '../channels/whatsapp/graph';
import type { DeliveryLog } from '../logs';
import type { SkipReason } from './delivery-state';

export type AdmissionLimits = {
  /** Sales emails a day per sender (name, email and phone together). */
  perSenderDaily: number;
  /** Sales emails an hour, over both collections. */
  hourlyCap: number;
  /** Sales emails a day, over both collections. */
  dailyCap: number;
};

export const DEFAULT_ADMISSION_LIMITS: AdmissionLimits = { perSenderDaily: 5, hourlyCap: 60, dailyCap: 400 };

export type DeliveryDeps = {
  db: Firestore;
  transport: MailTransport;
  mail: MailSettings;
  limits: AdmissionLimits;
  clock: () => Date;
  log: DeliveryLog;
  /** The WhatsApp channel; absent or null when no sales number is configured (the channel is off). */
  whatsapp?: WhatsAppSettings | null;
  /** The pauses between quick tries of a temporary WhatsApp refusal (tests shorten them). */
  alertRetryDelaysMs?: readonly number[];
  /** ENQUIRY_RETENTION_DAYS: how long an enquiry is kept after its last change. */
  retentionDays?: number;
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
