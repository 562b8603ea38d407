/**
 * The sales inbox's "Find this buyer's data" and the callable function behind it (for accounts
 * with the `owner` claim): its name, what it takes and what it answers. Shared by the inbox and
 * the functions (functions/src/inbox/privacy-callable.ts).
 *
 * Part of the contract: imports only the contract.
 */
import type { EnquiryCollection } from '../enquiry/collections';

export const PRIVACY_FUNCTION = 'privacyRequest';

export type PrivacyAction = 'find' | 'export' | 'erase';
export type PrivacyIdentifierKind = 'email' | 'phone';

export type PrivacyCallRequest = {
  action: PrivacyAction;
  kind: PrivacyIdentifierKind;
  value: string;
};

/** What was found of one person: enquiries, resend records, admission counters and fingerprints. */
export type PrivacyCounts = { enquiries: number; resends: number; admission: number };

export type PrivacyCallResult = {
  counts: PrivacyCounts;
  /** Each enquiry found, with its received time in India time (ISO 8601 with the offset). */
  enquiries: { collection: EnquiryCollection; id: string; name: string; receivedAt: string | null }[];
  /** export: the JSON file to send to the person, and a readable summary. */
  json?: string;
  summary?: string;
  /** erase: what was deleted, and what the system cannot delete (emails already in the mailbox). */
  deleted?: PrivacyCounts;
  notDeleted?: string[];
  requestId?: string;
};
