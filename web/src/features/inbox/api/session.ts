/** Who is signed in to the inbox, and what the account may do (its claims), through Firebase Authentication. */
import { OWNER_CLAIM, SALES_CLAIM } from '@contract/inbox/follow-up';
import type { InboxConnection } from './connection';

export type InboxUser = {
  uid: string;
  email: string;
  /**
   * The email the ID token says is verified, else null: the only one the inbox writes as the
   * author of a change (the rules accept no other), since an account can give itself any email.
   */
  verifiedEmail: string | null;
  /** The account carries the custom claim `sales: true`. */
  isSales: boolean;
  /** It also carries `owner: true`: it may find, export and erase a buyer's data. */
  isOwner: boolean;
};

/** Calls back with the signed-in account (claims read from a fresh ID token) or null. */
export function watchUser(
  { auth, authInstance }: InboxConnection,
  onUser: (user: InboxUser | null) => void,
): () => void {
  return auth.onIdTokenChanged(authInstance, (user) => {
    if (!user) {
      onUser(null);
      return;
    }
    user.getIdTokenResult().then(
      (token) =>
        onUser({
          uid: user.uid,
          email: user.email ?? '',
          verifiedEmail:
            token.claims.email_verified === true && typeof token.claims.email === 'string'
              ? token.claims.email
              : null,
          isSales: token.claims[SALES_CLAIM] === true,
          isOwner: token.claims[SALES_CLAIM] === true && token.claims[OWNER_CLAIM] === true,
        }),
      // A token that cannot be refreshed (the account was deleted or disabled) is a lost session.
      () => onUser(null),
    );
  });
}

export async function signIn({ auth, authInstance }: InboxConnection, email: string, password: string) {
  await auth.signInWithEmailAndPassword(authInstance, email, password);
}

export async function signOut({ auth, authInstance }: InboxConnection) {
  await auth.signOut(authInstance);
}

/** Firebase's error code (`auth/invalid-credential`, `permission-denied` …) or null. */
export function firebaseErrorCode(error: unknown): string | null {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : null;
}

/** Asks for a fresh ID token: new claims take effect, and a dead session ends (null user). */
export async function refreshSession({ auth, authInstance }: InboxConnection): Promise<void> {
  const user = authInstance.currentUser;
  if (!user) return;
  try {
    await user.getIdToken(true);
  } catch {
    await auth.signOut(authInstance);
  }
}
