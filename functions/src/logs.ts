/**
 * What the enquiry functions log, named once (as firebase/extensions' firestore-send-email names
 * its events in logs.ts): each event's message and the fields every enquiry event carries.
 * Identifiers and states only: nothing a visitor typed goes into the logs.
 */
import type { EnquiryCollection } from './contract/enquiry/collections';

/** Structured logging as firebase-functions/logger offers it; tests hand in a recorder. */
export type DeliveryLog = {
  info(message: string, fields: Record<string, unknown>): void;
  warn(message: string, fields: Record<string, unknown>): void;
  error(message: string, fields: Record<string, unknown>): void;
};

export const LOG_EVENTS = {
  stateChanged: 'enquiry notification state changed',
  notSent: 'enquiry email not sent',
  failedForGood: 'enquiry email failed for the last time; the enquiry stays in Firestore',
  refusedForNow: 'enquiry email refused for now; it waits for the next window',
  leftToSweep: 'enquiry email left to the retry sweep',
  sentAgainAfterLease: 'enquiry email sent again after its lease expired',
  sentAfterLease: 'enquiry email sent by a sender whose lease had passed',
  acknowledgementSkippedNoAddress: 'enquiry acknowledgement skipped: no valid visitor address',
  acknowledgementSkippedToday: 'enquiry acknowledgement skipped: mailbox already acknowledged today',
  acknowledgementSkippedBudget: 'enquiry acknowledgement skipped: its share of the mail budget is spent',
  acknowledgementSent: 'enquiry acknowledgement sent',
  acknowledgementFailed: 'enquiry acknowledgement failed',
  acknowledgementNotRecorded: 'enquiry acknowledgement not recorded',
  sweepFinished: 'enquiry sweep finished',
  digestSent: 'held enquiries digest sent',
  digestNotSent: 'held enquiries digest not sent; a later sweep tries again',
  digestInterrupted:
    "this hour's digest stopped before it recorded its outcome; the next hour's lists its enquiries",
  digestOverBudget: "held enquiries digest not sent: the hour's mail budget had no room for it",
  digestMarkingFinished: 'held enquiries digest marking finished by a later sweep',
  resent: 'enquiry email resent',
  resendFailed: 'enquiry email resend failed',
  whatsappSent: 'whatsapp alert sent',
  whatsappDeferred: 'whatsapp alert refused for now; it is tried again',
  whatsappFailed: 'whatsapp alert failed',
  whatsappLeasePassed: 'whatsapp alert answered after its lease had passed',
} as const;

/** Which enquiry an event is about, with the event's own fields. */
export function enquiryFields(
  enquiry: { collection: EnquiryCollection; id: string },
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return { collection: enquiry.collection, enquiryId: enquiry.id, ...extra };
}

/** A change of the delivery record's state: `from` (null for a new enquiry) and `to`, and why. */
export function logStateChange(
  log: DeliveryLog,
  level: 'info' | 'warn',
  enquiry: { collection: EnquiryCollection; id: string },
  change: { from: string | null; to: string } & Record<string, unknown>,
): void {
  log[level](LOG_EVENTS.stateChanged, enquiryFields(enquiry, change));
}
