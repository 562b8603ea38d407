/**
 * What the inbox's callable functions (resend, privacy) and the site's share: who called, the
 * refusals they explain to the inbox, the owner's check, and the one wrapper that checks App Check and the caller's token before
 * the work runs. Each function checks the claims its work needs itself.
 */
import { getAuth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { HttpsError, type CallableRequest } from 'firebase-functions/https';
import { SALES_REVOCATIONS_COLLECTION } from '../contract/enquiry/collections';
import { OWNER_CLAIM, SALES_CLAIM } from '../contract/inbox/follow-up';

/**
 * Who called, from the verified ID token; null when the call carried none. `authTime` is the
 * token's `auth_time`: when the account signed in, in seconds.
 */
export type InboxCaller = {
  uid: string;
  email: string | null;
  claims: Record<string, unknown>;
  authTime: number;
} | null;

type InboxErrorCode =
  | 'unauthenticated'
  | 'permission-denied'
  | 'invalid-argument'
  | 'not-found'
  | 'aborted'
  | 'unavailable'
  | 'resource-exhausted';

/** A refusal the work explains: it reaches the inbox as its own code and message (an HttpsError). */
export class InboxError extends Error {
  constructor(
    readonly code: InboxErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The caller's email when its token says it is verified, else null. An account can set its own
 * email to anything (a look-alike of the owner's included) and it stays unverified: the uid is who
 * called, and only a verified email may name them.
 */
export function verifiedEmail(caller: NonNullable<InboxCaller>): string | null {
  return caller.claims.email_verified === true ? caller.email : null;
}

/** Whether the account's access was withdrawn after it signed in (see SALES_REVOCATIONS_COLLECTION). */
export async function accessWithdrawn(db: Firestore, caller: NonNullable<InboxCaller>): Promise<boolean> {
  const revocation = await db.collection(SALES_REVOCATIONS_COLLECTION).doc(caller.uid).get();
  const revokedAt: unknown = revocation.get('revokedAt');
  return typeof revokedAt === 'number' && caller.authTime <= revokedAt;
}

/** An owner's call: a caller with the sales and owner claims whose access is not withdrawn. */
export type Owner = NonNullable<InboxCaller>;

/** What an owner-only function says to each caller it refuses, in the words of its own work. */
export type OwnerRefusals = { signedOut: string; notOwner: string; withdrawn: string };

/**
 * The caller when it is the owner (sales and owner claims, access not withdrawn); otherwise a
 * refusal in the function's words. The privacy request and every site function check this way.
 */
export async function requireOwner(
  db: Firestore,
  caller: InboxCaller,
  refusals: OwnerRefusals,
): Promise<Owner> {
  if (!caller) throw new InboxError('unauthenticated', refusals.signedOut);
  if (caller.claims[SALES_CLAIM] !== true || caller.claims[OWNER_CLAIM] !== true)
    throw new InboxError('permission-denied', refusals.notOwner);
  if (await accessWithdrawn(db, caller)) throw new InboxError('permission-denied', refusals.withdrawn);
  return caller;
}

/** Who called, from a token checked for revocation too; null without one. */
async function verifiedCaller(auth: CallableRequest['auth']): Promise<InboxCaller> {
  if (!auth) return null;
  try {
    // checkRevoked: an account whose sessions were ended is refused even with a fresh-looking token.
    await getAuth().verifyIdToken(auth.rawToken, true);
  } catch {
    throw new HttpsError('unauthenticated', 'Your session has ended. Sign in again.');
  }
  const token = auth.token;
  return {
    uid: auth.uid,
    email: typeof token.email === 'string' ? token.email : null,
    claims: token as Record<string, unknown>,
    authTime: typeof token.auth_time === 'number' ? token.auth_time : 0,
  };
}

/**
 * Who called an HTTPS function (the owner's photo upload), from its `Authorization: Bearer <ID
 * token>` header, checked for revocation as a callable's is; null without one.
 */
export async function callerFromAuthorization(authorization: string | undefined): Promise<InboxCaller> {
  const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  if (!token) return null;
  let decoded;
  try {
    decoded = await getAuth().verifyIdToken(token, true);
  } catch {
    throw new InboxError('unauthenticated', 'Your session has ended. Sign in again.');
  }
  return {
    uid: decoded.uid,
    email: typeof decoded.email === 'string' ? decoded.email : null,
    claims: decoded as unknown as Record<string, unknown>,
    authTime: typeof decoded.auth_time === 'number' ? decoded.auth_time : 0,
  };
}

/**
 * A callable's handler around `work`: with `requiresAppCheck()` (INBOX_CALLS_REQUIRE_APP_CHECK, true
 * unless the site is deployed without App Check) a call without a valid App Check token is
 * refused, as Firestore refuses the site's writes; the caller is read from a token checked for
 * revocation; and an InboxError reaches the inbox as its own code and message.
 */
export function inboxCall<T>(
  requiresAppCheck: () => boolean,
  work: (caller: InboxCaller, data: unknown) => Promise<T>,
) {
  return async (request: CallableRequest): Promise<T> => {
    if (requiresAppCheck() && !request.app)
      throw new HttpsError(
        'unauthenticated',
        'This request did not come from the site (no App Check token).',
      );
    const caller = await verifiedCaller(request.auth);
    try {
      return await work(caller, request.data);
    } catch (error) {
      if (error instanceof InboxError) throw new HttpsError(error.code, error.message);
      throw error;
    }
  };
}
