/**
 * Who may read and follow up enquiries (the sales inbox): accounts whose ID token carries the
 * custom claim `sales: true`, for reading, listing and the `followUp` map only. Every row runs
 * as each caller of SALES_CALLERS; its verdict for each is in the row.
 */
import { CORRECTABLE_FIELDS } from '@contract/inbox/correction';
import {
  ENQUIRY_COLLECTION,
  ENQUIRY_COLLECTIONS,
  type EnquiryCollection,
  MAIL_USAGE_COLLECTION,
  RESPONSE_STATS_COLLECTION,
  SALES_REVOCATIONS_COLLECTION,
} from '@contract/enquiry/collections';
import {
  FOLLOW_UP_FIELD,
  FOLLOW_UP_HISTORY_FIELD,
  FOLLOW_UP_NOTE_MAX_LENGTH,
  followUpHistory,
  nextHistoryKey,
  FOLLOW_UP_STATUSES,
  SALES_CLAIM,
} from '@contract/inbox/follow-up';
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
import { EXISTING_ENQUIRY_ID } from './attack-cases';
import type { Verdict } from './rules-harness';

export const SALES_UID = 'sales-person';
export const SALES_EMAIL = 'sales@example.com';

export type SalesCaller =
  | 'sales'
  | 'regrantedSales'
  | 'unverifiedSales'
  | 'revokedSales'
  | 'signedInWithoutClaim'
  | 'salesFalse'
  | 'anonymous';

export const SALES_CALLER_TITLES: Record<SalesCaller, string> = {
  sales: 'a sales account',
  regrantedSales: 'a sales account signed in after an old revocation',
  unverifiedSales: 'a sales account that changed its email to one it never verified',
  revokedSales: 'a sales account whose access was withdrawn after it signed in',
  signedInWithoutClaim: 'a signed-in account without the claim',
  salesFalse: 'an account with sales: false',
  anonymous: 'an anonymous caller',
};

export const SALES_CALLERS = Object.keys(SALES_CALLER_TITLES) as SalesCaller[];

/** The callers the rules let in: every other one is always denied. */
export const CALLERS_WITH_ACCESS: readonly SalesCaller[] = ['sales', 'regrantedSales', 'unverifiedSales'];

const uidOf: Record<Exclude<SalesCaller, 'anonymous'>, string> = {
  sales: SALES_UID,
  regrantedSales: 'sales-person-granted-again',
  unverifiedSales: 'sales-person-renamed',
  revokedSales: 'sales-person-who-left',
  signedInWithoutClaim: 'customer-with-account',
  salesFalse: 'former-sales-person',
};
const emailOf: Record<Exclude<SalesCaller, 'anonymous'>, string> = {
  sales: SALES_EMAIL,
  regrantedSales: 'again@example.com',
  unverifiedSales: 'owner@examp1e.com',
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
    email_verified: caller !== 'unverifiedSales',
    auth_time: SIGNED_IN_AT,
  };
  if (CALLERS_WITH_ACCESS.includes(caller) || caller === 'revokedSales') claims[SALES_CLAIM] = true;
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
  /** Where the account whose email is unverified gets another verdict than the verified ones. */
  forUnverified?: Verdict;
};

const enquiryRef = (db: Firestore, target: EnquiryCollection) => doc(db, target, EXISTING_ENQUIRY_ID);

const callerUid = (caller: SalesCaller) => (caller === 'anonymous' ? 'nobody' : uidOf[caller]);
/** The email the caller's token carries, verified or not. */
const tokenEmail = (caller: SalesCaller) => (caller === 'anonymous' ? 'nobody@example.com' : emailOf[caller]);
/** Who the inbox names as the author: the token's email when it is verified, else none (the uid says who). */
const callerEmail = (caller: SalesCaller) => (caller === 'unverifiedSales' ? null : tokenEmail(caller));

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
 * the first contact as stored, or the server's time for the first one, and the history as stored.
 */
const setFollowUp =
  (target: EnquiryCollection, changes: Record<string, unknown> = {}, step = 1): Request =>
  async (db, caller) => {
    const stored = await storedFollowUp(db, target);
    const firstContactAt = stored.firstContactAt ?? serverTimestamp();
    const history = followUpHistory(stored);
    return updateDoc(enquiryRef(db, target), {
      [FOLLOW_UP_FIELD]: followUp(caller, {
        version: versionOf(stored) + step,
        firstContactAt,
        ...(Object.keys(history).length ? { [FOLLOW_UP_HISTORY_FIELD]: history } : {}),
        ...changes,
      }),
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
      title: `sign a follow-up on a ${target} enquiry with the email the token carries, verified or not`,
      request: (db, caller) => setFollowUp(target, { updatedByEmail: tokenEmail(caller) })(db, caller),
      forSales: 'allowed',
      forUnverified: 'denied by rules',
    },
    {
      title: `sign a follow-up on a ${target} enquiry with no email`,
      request: setFollowUp(target, { updatedByEmail: null }),
      forSales: 'denied by rules',
      forUnverified: 'allowed',
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

/** What the enquiry stores now, as the caller can read it (nothing for a caller who cannot). */
async function storedEnquiry(db: Firestore, target: EnquiryCollection): Promise<Record<string, unknown>> {
  try {
    return (await getDoc(enquiryRef(db, target))).data() ?? {};
  } catch {
    return {};
  }
}

/** Each correctable field's two spellings: a correction always moves to the one not stored. */
const SPELLINGS: Record<string, [string, string]> = {
  name: ['Priya Raman', 'Priya Ramanathan'],
  email: ['priya@ramanhair.in', 'priya.raman@ramanhair.in'],
  // An Indian number and one abroad (E.164): a salesperson can correct the country too.
  phone: ['9876543210', '+12125550100'],
  city: ['Coimbatore', 'Tiruppur'],
};

const otherSpelling = (field: string, stored: unknown) => {
  const [first, second] = SPELLINGS[field] ?? ['a', 'b'];
  return stored === first ? second : first;
};

type History = Record<string, unknown>;
type Entry = Record<string, unknown>;

type CorrectionShape = {
  /** The fields the write changes, each to the spelling not stored. */
  fields: string[];
  /** Values written as they are, after the corrected fields (an invalid value, another field). */
  values?: Record<string, unknown>;
  /** The history as written, from the stored one, the next entry's key and the entry the inbox would add. */
  history?: (stored: History, next: string, entry: Entry) => unknown;
  step?: number;
};

/**
 * A correction as the inbox makes it: the buyer's fields, and a follow-up save (the version it read
 * plus one) whose history is the stored one plus the next entry, naming exactly the fields changed.
 */
const correct =
  (target: EnquiryCollection, shape: CorrectionShape): Request =>
  async (db, caller) => {
    const stored = await storedEnquiry(db, target);
    const storedFollowUp = (stored[FOLLOW_UP_FIELD] ?? {}) as Record<string, unknown>;
    const values: Record<string, unknown> = Object.fromEntries(
      shape.fields.map((field) => [field, otherSpelling(field, stored[field])]),
    );
    Object.assign(values, shape.values ?? {});
    const entry = {
      corrected: Object.keys(values),
      by: callerUid(caller),
      byEmail: callerEmail(caller),
      at: serverTimestamp(),
    };
    const history = followUpHistory(storedFollowUp);
    const next = nextHistoryKey(history);
    return updateDoc(enquiryRef(db, target), {
      ...values,
      [FOLLOW_UP_FIELD]: followUp(caller, {
        status: storedFollowUp.status ?? 'New',
        version: versionOf(storedFollowUp) + (shape.step ?? 1),
        ...(storedFollowUp.firstContactAt ? { firstContactAt: storedFollowUp.firstContactAt } : {}),
        [FOLLOW_UP_HISTORY_FIELD]: shape.history
          ? shape.history(history, next, entry)
          : { ...history, [next]: entry },
      }),
    });
  };

const withEntry = (changes: Entry) => (stored: History, next: string, entry: Entry) => ({
  ...stored,
  [next]: { ...entry, ...changes },
});

/**
 * Correcting what a buyer sent when they report a typo: the name, email, phone and city (the popup
 * has no city), to values the contract accepts, always with one history entry naming exactly the
 * fields changed, the caller and the server's time; nothing else, and never silently.
 */
export function correctionCases(): SalesAccessCase[] {
  return ENQUIRY_COLLECTIONS.flatMap((target): SalesAccessCase[] => {
    const correctable = CORRECTABLE_FIELDS[target];
    const full = target === ENQUIRY_COLLECTION;
    const cases: SalesAccessCase[] = [
      ...correctable.map((field): SalesAccessCase => ({
        title: `correct the buyer's ${field} on a ${target} enquiry, recorded in the history`,
        request: correct(target, { fields: [field] }),
        forSales: 'allowed',
      })),
      {
        title: `correct the buyer's email and phone at once on a ${target} enquiry`,
        request: correct(target, { fields: ['email', 'phone'] }),
        forSales: 'allowed',
      },
      {
        title: `correct the buyer's email on a ${target} enquiry without a history entry`,
        request: correct(target, { fields: ['email'], history: (stored) => stored }),
        forSales: 'denied by rules',
      },
      {
        title: `add a history entry to a ${target} enquiry that corrects nothing`,
        request: correct(target, { fields: [], history: withEntry({ corrected: ['email'] }) }),
        forSales: 'denied by rules',
      },
      {
        title: `correct the phone on a ${target} enquiry under an entry that names only the email`,
        request: correct(target, { fields: ['phone'], history: withEntry({ corrected: ['email'] }) }),
        forSales: 'denied by rules',
      },
      {
        title: `correct the email on a ${target} enquiry under an entry that names it as text, not a list`,
        request: correct(target, { fields: ['email'], history: withEntry({ corrected: 'email' }) }),
        forSales: 'denied by rules',
      },
      {
        title: `add a ${target} correction's entry under a number already past the next one`,
        request: correct(target, {
          fields: ['email'],
          history: (stored, next, entry) => ({ ...stored, [String(Number(next) + 1)]: entry }),
        }),
        forSales: 'denied by rules',
      },
      {
        title: `sign a ${target} correction with another account's uid`,
        request: correct(target, { fields: ['email'], history: withEntry({ by: 'someone-else' }) }),
        forSales: 'denied by rules',
      },
      {
        title: `sign a ${target} correction with another email`,
        request: correct(target, { fields: ['email'], history: withEntry({ byEmail: 'boss@example.com' }) }),
        forSales: 'denied by rules',
      },
      {
        title: `sign a ${target} correction with the email the token carries, verified or not`,
        request: (db, caller) =>
          correct(target, { fields: ['email'], history: withEntry({ byEmail: tokenEmail(caller) }) })(
            db,
            caller,
          ),
        forSales: 'allowed',
        forUnverified: 'denied by rules',
      },
      {
        title: `date a ${target} correction by the device's clock`,
        request: correct(target, {
          fields: ['email'],
          history: withEntry({ at: Timestamp.fromMillis(Date.now() - 86_400_000) }),
        }),
        forSales: 'denied by rules',
      },
      {
        title: `keep the old value in a ${target} correction's history entry`,
        request: correct(target, { fields: ['email'], history: withEntry({ from: 'old@example.com' }) }),
        forSales: 'denied by rules',
      },
      {
        title: `record a ${target} correction's entry without its time`,
        request: correct(target, {
          fields: ['email'],
          history: (stored, next, { at: _at, ...entry }) => ({ ...stored, [next]: entry }),
        }),
        forSales: 'denied by rules',
      },
      {
        title: `record a ${target} correction as text instead of an entry`,
        request: correct(target, {
          fields: ['email'],
          history: (stored, next) => ({ ...stored, [next]: 'corrected email' }),
        }),
        forSales: 'denied by rules',
      },
      {
        title: `rewrite an earlier entry of a ${target} enquiry's history while correcting`,
        request: correct(target, {
          fields: ['email'],
          history: (stored, next, entry) => ({
            ...stored,
            '0': { ...entry, corrected: ['name'] },
            [next]: entry,
          }),
        }),
        forSales: 'denied by rules',
      },
      {
        title: `correct a ${target} enquiry over a colleague's newer save (the version it read is stale)`,
        request: correct(target, { fields: ['email'], step: 0 }),
        forSales: 'denied by rules',
      },
      {
        title: `clear the history of a ${target} enquiry with a plain follow-up save`,
        request: setFollowUp(target, { [FOLLOW_UP_HISTORY_FIELD]: {} }),
        forSales: 'denied by rules',
      },
      {
        title: `correct the buyer's email on a ${target} enquiry to an invalid address`,
        request: correct(target, { fields: [], values: { email: 'priya@ramanhair' } }),
        forSales: 'denied by rules',
      },
      {
        title: `correct the buyer's phone on a ${target} enquiry to nine digits`,
        request: correct(target, { fields: [], values: { phone: '987654321' } }),
        forSales: 'denied by rules',
      },
      {
        title: `correct the buyer's phone on a ${target} enquiry to an Indian number written with +91`,
        request: correct(target, { fields: [], values: { phone: '+919876543299' } }),
        forSales: 'denied by rules',
      },
      {
        title: `correct the buyer's phone on a ${target} enquiry to a number abroad written with spaces`,
        request: correct(target, { fields: [], values: { phone: '+1 212 555 0199' } }),
        forSales: 'denied by rules',
      },
      {
        title: `correct the buyer's name on a ${target} enquiry to blank spaces`,
        request: correct(target, { fields: [], values: { name: '   ' } }),
        forSales: 'denied by rules',
      },
      {
        title: `correct the buyer's name on a ${target} enquiry to two lines`,
        request: correct(target, { fields: [], values: { name: 'Priya\nRaman' } }),
        forSales: 'denied by rules',
      },
      full
        ? {
            title: `correct the buyer's message on a ${target} enquiry`,
            request: correct(target, {
              fields: [],
              values: { message: 'We need 40 kg of raw temple hair now, not 20.' },
            }),
            forSales: 'denied by rules',
          }
        : {
            title: `correct the buyer's business on a ${target} enquiry`,
            request: correct(target, { fields: [], values: { business: 'Others' } }),
            forSales: 'denied by rules',
          },
      {
        title: `change when a ${target} enquiry arrived as a correction`,
        request: correct(target, { fields: ['email'], values: { createdAt: Timestamp.fromMillis(0) } }),
        forSales: 'denied by rules',
      },
    ];
    if (full)
      cases.push({
        title: `correct the buyer's city on a ${target} enquiry to two lines`,
        request: correct(target, { fields: [], values: { city: 'Coimbatore\nTiruppur' } }),
        forSales: 'denied by rules',
      });
    else
      cases.push({
        title: `add a city to a ${target} enquiry as a correction`,
        request: correct(target, { fields: [], values: { city: 'Coimbatore' } }),
        forSales: 'denied by rules',
      });
    return cases;
  });
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

/** The mail budget's use of a day: sales accounts read it, nobody writes it but the functions. */
export function mailUsageCases(): SalesAccessCase[] {
  return [
    {
      title: "read today's use of the mail budget",
      request: (db) => getDoc(doc(db, MAIL_USAGE_COLLECTION, '2026-11-23')),
      forSales: 'allowed',
    },
    {
      title: 'list the days of the mail budget',
      request: (db) => getDocs(query(collection(db, MAIL_USAGE_COLLECTION), limit(3))),
      forSales: 'allowed',
    },
    {
      title: 'write a day of the mail budget',
      request: (db) => setDoc(doc(db, MAIL_USAGE_COLLECTION, '2026-11-23'), { budget: 424, sales: 0 }),
      forSales: 'denied by rules',
    },
    {
      title: "change a day's use of the mail budget",
      request: (db) => updateDoc(doc(db, MAIL_USAGE_COLLECTION, '2026-11-22'), { acknowledgement: 0 }),
      forSales: 'denied by rules',
    },
    {
      title: 'delete a day of the mail budget',
      request: (db) => deleteDoc(doc(db, MAIL_USAGE_COLLECTION, '2026-11-22')),
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
