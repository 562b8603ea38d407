/**
 * The site's functions (photos, preview, publish, undo) are the owner's alone: every one checks the
 * caller itself, whatever the inbox shows, with the claims the rules check for the drafts.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { requireOwner, type InboxCaller, type Owner } from '../inbox/caller';

export type { Owner };

const SITE_REFUSALS = {
  signedOut: 'Sign in again to change the site.',
  notOwner: "Only the owner's account can change the site.",
  withdrawn: "This account's access was withdrawn.",
};

/** The caller when it is the owner; otherwise a refusal in the site's words. */
export const requireSiteOwner = (db: Firestore, caller: InboxCaller): Promise<Owner> =>
  requireOwner(db, caller, SITE_REFUSALS);

export const ownerName = (owner: Owner) => owner.email ?? owner.uid;
