/**
 * Sales accounts: the custom claim `sales: true` that lets an account into /inbox, set with
 * firebase-admin. Used by `npm run sales`, `npm start` (the demo account) and the browser tests.
 *
 * On the emulator (a `demo-` project, or FIREBASE_AUTH_EMULATOR_HOST set) nothing leaves the
 * machine; with a real project id it uses application default credentials.
 */
import { parseArgs } from 'node:util';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { OWNER_CLAIM, SALES_CLAIM } from '../../functions/src/contract/inbox/follow-up';
import { PORTS, PROJECT_ID } from './project';
import { SALES_REVOCATIONS_COLLECTION } from '../../functions/src/contract/enquiry/collections';

export const DEMO_SALES_ACCOUNT = { email: 'sales@example.com', password: 'sales-demo-1' } as const;
/** The demo owner: a sales account that also carries `owner`, so it can find, export and erase a buyer's data. */
export const DEMO_OWNER_ACCOUNT = { email: 'owner@example.com', password: 'owner-demo-1' } as const;
export const AUTH_EMULATOR_HOST = `127.0.0.1:${PORTS.auth}`;
export const FIRESTORE_EMULATOR_HOST = `127.0.0.1:${PORTS.firestore}`;

export const SALES_USAGE =
  'usage: npm run sales -- <grant|grant-owner|revoke> <email> [--project project-id]';

export class SalesUsageError extends Error {}

type SalesCommand = { action: 'grant' | 'grant-owner' | 'revoke'; email: string; projectId: string };

export function parseSalesArgs(argv: string[]): SalesCommand {
  let parsed: { values: { project?: string }; positionals: string[] };
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: { project: { type: 'string' } },
    });
  } catch (error) {
    throw new SalesUsageError(error instanceof Error ? error.message : String(error));
  }
  const [action, email, ...extra] = parsed.positionals;
  if (action !== 'grant' && action !== 'grant-owner' && action !== 'revoke')
    throw new SalesUsageError('say grant, grant-owner or revoke');
  if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
    throw new SalesUsageError(`"${email ?? ''}" is not an email address`);
  if (extra.length > 0) throw new SalesUsageError(`unexpected ${extra.join(' ')}`);
  const projectId = parsed.values.project ?? PROJECT_ID;
  if (!/^[a-z0-9-]{4,40}$/.test(projectId))
    throw new SalesUsageError(`"${projectId}" is not a Firebase project id`);
  return { action, email, projectId };
}

/** A `demo-` project lives only in the emulator; FIREBASE_AUTH_EMULATOR_HOST, when set, always wins. */
export function useAuthEmulator(projectId: string, env: NodeJS.ProcessEnv): string | null {
  if (env.FIREBASE_AUTH_EMULATOR_HOST) return env.FIREBASE_AUTH_EMULATOR_HOST;
  return projectId.startsWith('demo-') ? AUTH_EMULATOR_HOST : null;
}

/**
 * Sets or clears the claim (with `owner`, the owner's claim too, which lets the inbox find, export
 * and erase a buyer's data), keeping any other claims the account has; returns the uid. Revoking
 * clears both. Granting also marks the account's email verified: whoever grants vouches for the
 * address, and the inbox names the author of a change by a verified email only (an email the
 * account later gives itself is unverified again, and the inbox then records only its uid).
 */
export async function setSalesClaim(
  auth: Auth,
  email: string,
  sales: boolean,
  owner = false,
): Promise<string> {
  const user = await auth.getUserByEmail(email);
  const current = user.customClaims ?? {};
  const others = Object.entries(current).filter(([name]) => name !== SALES_CLAIM && name !== OWNER_CLAIM);
  // A plain grant keeps an owner an owner; a revoke takes both away.
  const isOwner = sales && (owner || current[OWNER_CLAIM] === true);
  const claims = Object.fromEntries([
    ...others,
    ...(sales ? [[SALES_CLAIM, true]] : []),
    ...(isOwner ? [[OWNER_CLAIM, true]] : []),
  ]);
  await auth.setCustomUserClaims(user.uid, claims);
  if (sales && !user.emailVerified) await auth.updateUser(user.uid, { emailVerified: true });
  // A revoked account's open sessions cannot refresh their tokens any more.
  if (!sales) await auth.revokeRefreshTokens(user.uid);
  return user.uid;
}

/**
 * Records when an account's access ended (seconds, as ID tokens count `auth_time`). Its current ID
 * token keeps the claim for up to an hour, but the rules and the resend function refuse any token
 * from a sign-in before this, so the next request is refused. Granting access again leaves it:
 * the account signs in afresh, and that later sign-in counts.
 */
export async function recordRevocation(db: Firestore, uid: string, now = new Date()): Promise<void> {
  await db
    .collection(SALES_REVOCATIONS_COLLECTION)
    .doc(uid)
    .set({ revokedAt: Math.floor(now.getTime() / 1000) });
}

/**
 * The account, created with this password if it does not exist yet, with or without the claim
 * (and with `owner`, the owner's claim too).
 */
export async function ensureAccount(
  auth: Auth,
  account: { email: string; password: string },
  sales: boolean,
  owner = false,
): Promise<string> {
  try {
    await auth.getUserByEmail(account.email);
  } catch {
    await auth.createUser({ email: account.email, password: account.password, emailVerified: true });
  }
  return setSalesClaim(auth, account.email, sales, owner);
}
