/**
 * The site's functions (photos, preview, publish, undo) are the owner's alone: every one checks the
 * caller itself, whatever the inbox shows, with the claims the rules check for the drafts.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { OWNER_CLAIM, SALES_CLAIM } from '../contract/inbox/follow-up';
import { accessWithdrawn, InboxError, type InboxCaller } from '../inbox/caller';

export type Owner = NonNullable<InboxCaller>;

/** The caller when it is the owner (sales and owner claims, access not withdrawn); otherwise a refusal in words. */
export async function requireOwner(db: Firestore, caller: InboxCaller): Promise<Owner> {
  if (!caller) throw new InboxError('unauthenticated', 'Sign in again to change the site.');
  if (caller.claims[SALES_CLAIM] !== true || caller.claims[OWNER_CLAIM] !== true)
    throw new InboxError('permission-denied', "Only the owner's account can change the site.");
  if (await accessWithdrawn(db, caller))
    throw new InboxError('permission-denied', "This account's access was withdrawn.");
  return caller;
}

export const ownerName = (owner: Owner) => owner.email ?? owner.uid;
