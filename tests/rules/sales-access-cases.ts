/**
 * Who may read and follow up enquiries (the sales inbox): accounts whose ID token carries the
 * custom claim `sales: true`, for reading, listing and the `followUp` map only. Every row runs
 * as each caller of SALES_CALLERS; its verdict for each is in the row.
 */
import { ENQUIRY_COLLECTIONS, type EnquiryCollection } from '@contract/enquiry';
import { RESPONSE_STATS_COLLECTION } from '@contract/response-times';
import {
  FOLLOW_UP_FIELD,
  FOLLOW_UP_NOTE_MAX_LENGTH,
  FOLLOW_UP_STATUSES,
  SALES_CLAIM,
  SALES_REVOCATIONS_COLLECTION,
} from '@contract/follow-up';
import type { RulesTestContext, RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  type Firestore,
} from 'firebase/firestore';
import { EXISTING_ENQUIRY_ID } from './attack-cases.ts';
import type { Verdict } from './rules-harness.ts';

export const SALES_UID = 'sales-person';
export const SALES_EMAIL = 'sales@example.com';

export type SalesCaller =
  'sales' | 'regrantedSales' | 'revokedSales' | 'signedInWithoutClaim' | 'salesFalse' | 'anonymous';

export const SALES_CALLER_TITLES: Record<SalesCaller, string> = {
  sales: 'a sales account',
  regrantedSales: 'a sales account signed in after an old revocation',
  revokedSales: 'a sales account whose access was withdrawn after it signed in',
  signedInWithoutClaim: 'a signed-in account without the claim',
  salesFalse: 'an account with sales: false',
  anonymous: 'an anonymous caller',
};

export const SALES_CALLERS = Object.keys(SALES_CALLER_TITLES) as SalesCaller[];

/** The callers the rules let in: every other one is always denied. */
export const CALLERS_WITH_ACCESS: readonly SalesCaller[] = ['sales', 'regrantedSales'];

const uidOf: Record<Exclude<SalesCaller, 'anonymous'>, string> = {
  sales: SALES_UID,
  regrantedSales: 'sales-person-granted-again',
  revokedSales: 'sales-person-who-left',
  signedInWithoutClaim: 'customer-with-account',
  salesFalse: 'former-sales-person',
};
const emailOf: Record<Exclude<SalesCaller, 'anonymous'>, string> = {
  sales: SALES_EMAIL,
  regrantedSales: 'again@example.com',
  revokedSales: 'left@example.com',
  signedInWithoutClaim: 'customer@example.com',
  salesFalse: 'former@example.com',
};

/** Every caller signed in a minute ago. */
const SIGNED_IN_AT = Math.floor(Date.now() / 1000) - 60;

/**
 * `sales-revocations` as `npm run sales -- revoke` writes it, to store before the cases run: one
 * account revoked long before its current sign-in (then granted again), one revoked since.
 */
export const SALES_REVOCATIONS: Record<string, { revokedAt: number }> = {
  [uidOf.regrantedSales]: { revokedAt: SIGNED_IN_AT - 7 * 24 * 60 * 60 },
  [uidOf.revokedSales]: { revokedAt: SIGNED_IN_AT + 30 },
};

function contextOf(env: RulesTestEnvironment, caller: SalesCaller): RulesTestContext {
  if (caller === 'anonymous') return env.unauthenticatedContext();
  const claims: Record<string, unknown> = {
    email: emailOf[caller],
    email_verified: true,
    auth_time: SIGNED_IN_AT,
  };
  if (caller === 'sales' || caller === 'regrantedSales' || caller === 'revokedSales')
    claims[SALES_CLAIM] = true;
  if (caller === 'salesFalse') claims[SALES_CLAIM] = false;
  return env.authenticatedContext(uidOf[caller], claims);
}

export function salesCallerFirestore(env: RulesTestEnvironment, caller: SalesCaller): Firestore {
  return contextOf(env, caller).firestore() as unknown as Firestore;
}

/** Whoever calls: the follow-up names that caller, as the inbox writes it. */
type Request = (db: Firestore, caller: SalesCaller) => Promise<unknown>;

export type SalesAccessCase = {
  title: string;
  request: Request;
  /** The sales account's verdict; every other caller is always denied. */
  forSales: Verdict;
};

const enquiryRef = (db: Firestore, target: EnquiryCollection) => doc(db, target, EXISTING_ENQUIRY_ID);

const callerUid = (caller: SalesCaller) => (caller === 'anonymous' ? 'nobody' : uidOf[caller]);
const callerEmail = (caller: SalesCaller) =>
  caller === 'anonymous' ? 'nobody@example.com' : emailOf[caller];

function followUp(caller: SalesCaller, changes: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    status: 'Contacted',
    note: 'Called back; sending prices for 50 kg of raw temple hair.',
    updatedBy: callerUid(caller),
    updatedByEmail: callerEmail(caller),
    updatedAt: serverTimestamp(),
    version: 1,
    ...changes,
  };
}

/** The follow-up without one of its keys. */
function followUpWithout(caller: SalesCaller, key: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(followUp(caller)).filter(([name]) => name !== key));
}

/** The stored follow-up as the caller can read it (nothing for a caller who cannot). */
async function storedFollowUp(db: Firestore, target: EnquiryCollection): Promise<Record<string, unknown>> {
  try {
    const stored: unknown = (await getDoc(enquiryRef(db, target))).get(FOLLOW_UP_FIELD);
    return stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const versionOf = (stored: Record<string, unknown>) =>
  typeof stored.version === 'number' ? stored.version : 0;

/**
 * A save as the inbox makes it: the version it read plus `step` (1 unless a case says otherwise),
 * and the first contact as stored, or the server's time for the first one.
 */
const setFollowUp =
  (target: EnquiryCollection, changes: Record<string, unknown> = {}, step = 1): Request =>
  async (db, caller) => {
    const stored = await storedFollowUp(db, target);
    const firstContactAt = stored.firstContactAt ?? serverTimestamp();
    return updateDoc(enquiryRef(db, target), {
      [FOLLOW_UP_FIELD]: followUp(caller, { version: versionOf(stored) + step, firstContactAt, ...changes }),
    });
  };

export function salesAccessCases(): SalesAccessCase[] {
  return ENQUIRY_COLLECTIONS.flatMap((target): SalesAccessCase[] => [
    {
      title: `read one ${target} enquiry`,
      request: (db) => getDoc(enquiryRef(db, target)),
      forSales: 'allowed',
    },
    {
      title: `list ${target}, newest first, 50 at a time`,
      request: (db) => getDocs(query(collection(db, target), orderBy('createdAt', 'desc'), limit(50))),
      forSales: 'allowed',
    },
    ...FOLLOW_UP_STATUSES.map((status): SalesAccessCase => ({
      title: `mark a ${target} enquiry ${status}`,
      request: setFollowUp(target, { status }),
      forSales: 'allowed',
    })),
    {
      title: `write a ${FOLLOW_UP_NOTE_MAX_LENGTH}-character note on a ${target} enquiry`,
      request: setFollowUp(target, { note: 'n'.repeat(FOLLOW_UP_NOTE_MAX_LENGTH) }),
      forSales: 'allowed',
    },
    {
      title: `write a ${FOLLOW_UP_NOTE_MAX_LENGTH + 1}-character note on a ${target} enquiry`,
      request: setFollowUp(target, { note: 'n'.repeat(FOLLOW_UP_NOTE_MAX_LENGTH + 1) }),
      forSales: 'denied by rules',
    },
    {
      title: `write a note that is not text on a ${target} enquiry`,
      request: setFollowUp(target, { note: 42 }),
      forSales: 'denied by rules',
    },
    {
      title: `set a status outside the list on a ${target} enquiry`,
      request: setFollowUp(target, { status: 'Shipped' }),
      forSales: 'denied by rules',
    },
    {
      title: `sign a follow-up with another account's uid on a ${target} enquiry`,
      request: setFollowUp(target, { updatedBy: 'someone-else' }),
      forSales: 'denied by rules',
    },
    {
      title: `sign a follow-up with another email on a ${target} enquiry`,
      request: setFollowUp(target, { updatedByEmail: 'boss@example.com' }),
      forSales: 'denied by rules',
    },
    {
      title: `date a follow-up by the device's clock on a ${target} enquiry`,
      request: setFollowUp(target, { updatedAt: Timestamp.fromMillis(Date.now() - 86_400_000) }),
      forSales: 'denied by rules',
    },
    {
      title: `add a key to the follow-up of a ${target} enquiry`,
      request: setFollowUp(target, { priority: 'high' }),
      forSales: 'denied by rules',
    },
    {
      title: `save a ${target} follow-up over a colleague's newer save (the version it read is stale)`,
      request: setFollowUp(target, {}, 0),
      forSales: 'denied by rules',
    },
    {
      title: `skip a version when saving a ${target} follow-up`,
      request: setFollowUp(target, {}, 2),
      forSales: 'denied by rules',
    },
    {
      title: `leave the version out of the follow-up of a ${target} enquiry`,
      request: (db, caller) =>
        updateDoc(enquiryRef(db, target), { [FOLLOW_UP_FIELD]: followUpWithout(caller, 'version') }),
      forSales: 'denied by rules',
    },
    {
      title: `date the first contact on a ${target} enquiry by the device's clock`,
      request: setFollowUp(target, { firstContactAt: Timestamp.fromMillis(Date.now() - 3_600_000) }),
      forSales: 'denied by rules',
    },
    {
      title: `move a ${target} enquiry on from New without its first contact`,
      request: async (db, caller) => {
        const stored = await storedFollowUp(db, target);
        return updateDoc(enquiryRef(db, target), {
          [FOLLOW_UP_FIELD]: followUp(caller, { status: 'Quoted', version: versionOf(stored) + 1 }),
        });
      },
      forSales: 'denied by rules',
    },
    {
      title: `leave the note out of the follow-up of a ${target} enquiry`,
      request: (db, caller) =>
        updateDoc(enquiryRef(db, target), { [FOLLOW_UP_FIELD]: followUpWithout(caller, 'note') }),
      forSales: 'denied by rules',
    },
    {
      title: `store the follow-up of a ${target} enquiry as plain text`,
      request: (db) => updateDoc(enquiryRef(db, target), { [FOLLOW_UP_FIELD]: 'Contacted' }),
      forSales: 'denied by rules',
    },
    {
      title: `change what the visitor sent in a ${target} enquiry along with the follow-up`,
      request: (db, caller) =>
        updateDoc(enquiryRef(db, target), {
          [FOLLOW_UP_FIELD]: followUp(caller, { version: 99 }),
          name: 'Someone else',
        }),
      forSales: 'denied by rules',
    },
    {
      title: `keep a ${target} enquiry past its retention (change its expiry)`,
      request: (db) =>
        updateDoc(enquiryRef(db, target), { expiresAt: Timestamp.fromMillis(Date.now() + 9e11) }),
      forSales: 'denied by rules',
    },
    {
      title: `mark a ${target} enquiry's email as sent`,
      request: (db) => updateDoc(enquiryRef(db, target), { 'notification.state': 'SENT' }),
      forSales: 'denied by rules',
    },
    {
      title: `delete a ${target} enquiry`,
      request: (db) => deleteDoc(enquiryRef(db, target)),
      forSales: 'denied by rules',
    },
  ]);
}

/** The weekly response figures: sales accounts read them, nobody writes them but the functions. */
export function responseStatsCases(): SalesAccessCase[] {
  return [
    {
      title: "read this week's response-time figures",
      request: (db) => getDoc(doc(db, RESPONSE_STATS_COLLECTION, '2026-11-23')),
      forSales: 'allowed',
    },
    {
      title: 'write the response-time figures',
      request: (db) => setDoc(doc(db, RESPONSE_STATS_COLLECTION, '2026-11-23'), { answered: 0, buckets: [] }),
      forSales: 'denied by rules',
    },
  ];
}

/** Collections the inbox has no business reading: the functions' own bookkeeping. */
export function salesPrivateCollectionCases(): SalesAccessCase[] {
  return ['enquiry-admission', 'enquiry-resends', SALES_REVOCATIONS_COLLECTION, 'privacy-requests'].map(
    (name) => ({
      title: `list the functions' ${name} documents`,
      request: (db) => getDocs(query(collection(db, name), limit(1))),
      forSales: 'denied by rules',
    }),
  );
}
