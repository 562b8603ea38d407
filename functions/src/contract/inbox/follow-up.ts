/**
 * The sales team's follow-up on an enquiry: the only part of an enquiry document a client may
 * change, and only a sales account (custom claim `sales: true`). firestore.rules checks the same
 * names and limits by hand; tests/rules proves it.
 *
 * Part of the contract: imports only the contract (the stored enquiry's reader), so the inbox, the
 * rules tests and the functions share it.
 */
import { mapAt } from '../enquiry/stored-enquiry';

/** The map on the enquiry document that holds the follow-up. */
export const FOLLOW_UP_FIELD = 'followUp';

/** New → Contacted → Quoted → Won / Lost. */
export const FOLLOW_UP_STATUSES = ['New', 'Contacted', 'Quoted', 'Won', 'Lost'] as const;
export type FollowUpStatus = (typeof FOLLOW_UP_STATUSES)[number];
/** An enquiry nobody has touched yet reads as New. */
export const DEFAULT_FOLLOW_UP_STATUS: FollowUpStatus = 'New';

/** A short internal note, counted in UTF-16 code units as the rules' size() does. */
export const FOLLOW_UP_NOTE_MAX_LENGTH = 1000;

/** The custom claim that makes an account a sales account. */
export const SALES_CLAIM = 'sales';
/** The claim, beside `sales`, that lets an account edit and publish the site (the Site part) and find, export and erase a buyer's data. */
export const OWNER_CLAIM = 'owner';

/**
 * The map as stored. `updatedBy` is the account's uid, the truth of who changed it, and
 * `updatedByEmail` its email from the same ID token when the token says it is verified, else null
 * (the inbox then says "a sales account": an account can give itself any unverified email);
 * `updatedAt` is the server's time.
 */
export type FollowUp<Time = unknown> = {
  status: FollowUpStatus;
  note: string;
  updatedBy: string;
  updatedByEmail: string | null;
  updatedAt: Time;
  /**
   * 1 for the first save, then one more than the version each save replaces (the rules check it),
   * so a save made from an older version is refused instead of overwriting a colleague's.
   */
  version: number;
  /**
   * When a salesperson first contacted the buyer: set once, by the save that moves the enquiry out
   * of New or that records a tap on call, WhatsApp or email, to the server's time; never changed.
   */
  firstContactAt?: Time;
  /**
   * What sales accounts changed in what the buyer sent (contract/inbox/correction.ts), by entry number
   * from '0' (a map, because a server time cannot be written inside a list): each save keeps it as
   * stored, and a correction adds exactly the next entry.
   */
  history?: Record<string, FollowUpHistoryEntry<Time>>;
};

/** Set on the first contact, and required once the status has moved on from New. */
export const FIRST_CONTACT_FIELD = 'firstContactAt';

/** The follow-up's record of corrections. */
export const FOLLOW_UP_HISTORY_FIELD = 'history';

/**
 * One correction: which of the buyer's fields changed (exactly those the write changes), who
 * changed them (uid, and the ID token's email when verified, else null) and when (the server's
 * time). The old values are not kept: a corrected address or number is gone, as the buyer asked.
 */
type FollowUpHistoryEntry<Time = unknown> = {
  corrected: string[];
  by: string;
  byEmail: string | null;
  at: Time;
};

/** The stored history as a map (empty when there is none or it is not a map). */
export function followUpHistory(followUp: unknown): Record<string, unknown> {
  const history =
    followUp && typeof followUp === 'object'
      ? (followUp as Record<string, unknown>)[FOLLOW_UP_HISTORY_FIELD]
      : undefined;
  return history && typeof history === 'object' && !Array.isArray(history)
    ? (history as Record<string, unknown>)
    : {};
}

/** The key of the entry a correction adds: the number of entries so far, as the rules count them. */
export function nextHistoryKey(history: Record<string, unknown>): string {
  return String(Object.keys(history).length);
}

/** The version of the follow-up stored on an enquiry's data: 0 before the first save. */
export function followUpVersion(data: Record<string, unknown>): number {
  const followUp = data[FOLLOW_UP_FIELD];
  if (!followUp || typeof followUp !== 'object') return 0;
  const version = (followUp as Record<string, unknown>).version;
  return typeof version === 'number' && Number.isInteger(version) ? version : 0;
}

export function isFollowUpStatus(value: unknown): value is FollowUpStatus {
  return typeof value === 'string' && (FOLLOW_UP_STATUSES as readonly string[]).includes(value);
}

/** The sales team's follow-up (`followUp`) as the inbox writes it, or an empty one. */
export function followUpRecordOf(data: Record<string, unknown>): Partial<FollowUp<unknown>> {
  return mapAt(data, FOLLOW_UP_FIELD) as Partial<FollowUp<unknown>>;
}
