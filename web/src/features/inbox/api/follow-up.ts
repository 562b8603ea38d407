/**
 * The sales team's writes to an enquiry: the follow-up (status and note), the first contact, and
 * corrections of the buyer's details, each in a transaction over the version it started from.
 */
import {
  FIRST_CONTACT_FIELD,
  FOLLOW_UP_FIELD,
  FOLLOW_UP_HISTORY_FIELD,
  followUpHistory,
  followUpVersion,
  nextHistoryKey,
  type FollowUpStatus,
} from '@contract/inbox/follow-up';
import type { StoredEnquiry } from '@contract/enquiry/stored-enquiry';
import type { InboxConnection } from './connection';
import { countReads } from './reads';
import type { InboxUser } from './session';

/** A save refused because a colleague saved a newer version first; `theirs` is what is stored now. */
export class FollowUpConflict extends Error {
  constructor(readonly theirs: unknown) {
    super('Someone else saved this follow-up while you were editing it.');
  }
}

type EnquiryRef = Pick<StoredEnquiry, 'collection' | 'id'>;

/**
 * Writes one follow-up save in a transaction over the version the salesperson started from: when
 * the stored version is another (a colleague saved in between), nothing is written and
 * FollowUpConflict carries theirs. The rules hold the same line for any client (version must be
 * the stored one + 1). `change` says what this save is, from what is stored now; the map keeps the
 * first contact and the history as stored unless `change` adds to them. Resolves with the version saved.
 */
async function writeFollowUp(
  { firestore, db }: InboxConnection,
  user: InboxUser,
  enquiry: EnquiryRef,
  basedOnVersion: number | 'current',
  change: (stored: Record<string, unknown>) => {
    followUp?: Record<string, unknown>;
    fields?: Record<string, string>;
  } | null,
): Promise<number> {
  const ref = firestore.doc(db, enquiry.collection, enquiry.id);
  return firestore.runTransaction(db, async (transaction) => {
    const data = (await transaction.get(ref)).data() ?? {};
    countReads(1);
    const version = followUpVersion(data);
    if (basedOnVersion !== 'current' && version !== basedOnVersion)
      throw new FollowUpConflict(data[FOLLOW_UP_FIELD]);
    const stored = (data[FOLLOW_UP_FIELD] ?? {}) as Record<string, unknown>;
    const wanted = change(stored);
    if (!wanted) return version;
    const history = followUpHistory(stored);
    transaction.update(ref, {
      ...wanted.fields,
      [FOLLOW_UP_FIELD]: {
        status: stored.status ?? 'New',
        note: stored.note ?? '',
        ...(stored[FIRST_CONTACT_FIELD] ? { [FIRST_CONTACT_FIELD]: stored[FIRST_CONTACT_FIELD] } : {}),
        ...(Object.keys(history).length ? { [FOLLOW_UP_HISTORY_FIELD]: history } : {}),
        ...wanted.followUp,
        updatedBy: user.uid,
        updatedByEmail: user.verifiedEmail,
        updatedAt: firestore.serverTimestamp(),
        version: version + 1,
      },
    });
    return version + 1;
  });
}

/**
 * Saves status and note. Moving out of New is the first contact when none is recorded yet: it is
 * stamped with the server's time (the rules require exactly that, once).
 */
export async function saveFollowUp(
  connection: InboxConnection,
  user: InboxUser,
  enquiry: EnquiryRef,
  followUp: { status: FollowUpStatus; note: string },
  basedOnVersion: number,
): Promise<number> {
  return writeFollowUp(connection, user, enquiry, basedOnVersion, (stored) => ({
    followUp: {
      status: followUp.status,
      note: followUp.note,
      ...(!stored[FIRST_CONTACT_FIELD] && followUp.status !== 'New'
        ? { [FIRST_CONTACT_FIELD]: connection.firestore.serverTimestamp() }
        : {}),
    },
  }));
}

/**
 * A tap on call, WhatsApp or email: the first contact, when none is recorded yet (status and note
 * stay as stored). Resolves with the version now stored.
 */
export async function recordFirstContact(
  connection: InboxConnection,
  user: InboxUser,
  enquiry: EnquiryRef,
): Promise<number> {
  return writeFollowUp(connection, user, enquiry, 'current', (stored) =>
    stored[FIRST_CONTACT_FIELD]
      ? null
      : { followUp: { [FIRST_CONTACT_FIELD]: connection.firestore.serverTimestamp() } },
  );
}

/**
 * Corrects the buyer's details (contract/inbox/correction.ts: `changes` holds only fields that change,
 * already checked) with the history entry the rules require: which fields, who and when.
 */
export async function saveCorrection(
  connection: InboxConnection,
  user: InboxUser,
  enquiry: EnquiryRef,
  changes: Record<string, string>,
  basedOnVersion: number,
): Promise<number> {
  return writeFollowUp(connection, user, enquiry, basedOnVersion, (stored) => {
    const history = followUpHistory(stored);
    return {
      fields: changes,
      followUp: {
        [FOLLOW_UP_HISTORY_FIELD]: {
          ...history,
          [nextHistoryKey(history)]: {
            corrected: Object.keys(changes),
            by: user.uid,
            byEmail: user.verifiedEmail,
            at: connection.firestore.serverTimestamp(),
          },
        },
      },
    };
  });
}
