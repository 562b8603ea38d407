/**
 * Who may read and change the site's content drafts (`site-drafts`, the inbox's Site part), the
 * owner's photos and the publish history: only an account with the `owner` claim beside `sales`,
 * not withdrawn. Every row runs as each caller of SITE_CALLERS; its verdict for the owner is in
 * the row, and every other caller is always denied. The drafts written are the committed seed's
 * sections, as the contract shapes them.
 */
import {
  SITE_DRAFTS_COLLECTION,
  SITE_LIVE_COLLECTION,
  SITE_PHOTOS_COLLECTION,
  SITE_PUBLISHES_COLLECTION,
} from '@contract/enquiry/collections';
import { OWNER_CLAIM, SALES_CLAIM } from '@contract/inbox/follow-up';
import { SECTION_IDS, type ContentSeed, type SectionId } from '@contract/site/site-content';
import type { RulesTestContext, RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  serverTimestamp,
  setDoc,
  Timestamp,
  type Firestore,
} from 'firebase/firestore';
import seed from '../../web/src/content/site-content.seed.json';
import type { Verdict } from './rules-harness';

const contentSeed = seed as ContentSeed;

export type SiteCaller =
  'owner' | 'revokedOwner' | 'ownerWithoutSales' | 'sales' | 'signedInWithoutClaim' | 'anonymous';

export const SITE_CALLER_TITLES: Record<SiteCaller, string> = {
  owner: "the owner's account",
  revokedOwner: 'an owner account whose access was withdrawn after it signed in',
  ownerWithoutSales: 'an account with owner but not sales',
  sales: 'a sales account without owner',
  signedInWithoutClaim: 'a signed-in account without claims',
  anonymous: 'a visitor',
};
export const SITE_CALLERS = Object.keys(SITE_CALLER_TITLES) as SiteCaller[];

const SIGNED_IN_AT = Math.floor(Date.now() / 1000) - 600;
const uidOf = (caller: SiteCaller) => `site-${caller}`;
const emailOf = (caller: SiteCaller) => `${caller.toLowerCase()}@example.com`;

/** `sales-revocations` entries to store before the cases run. */
export const SITE_REVOCATIONS: Record<string, { revokedAt: number }> = {
  [uidOf('revokedOwner')]: { revokedAt: SIGNED_IN_AT + 30 },
};

/** The sections stored before the cases run: every one but the reviews, as `npm start` seeds them. */
export const SEEDED_SECTIONS: SectionId[] = SECTION_IDS.filter((id) => id !== 'testimonials');

export const seededDraft = (id: SectionId) => ({
  value: contentSeed[id].value,
  unconfirmed: contentSeed[id].unconfirmed,
  version: 0,
  updatedBy: 'seed',
  updatedByEmail: '',
  updatedAt: null,
});

function contextOf(env: RulesTestEnvironment, caller: SiteCaller): RulesTestContext {
  if (caller === 'anonymous') return env.unauthenticatedContext();
  const claims: Record<string, unknown> = {
    email: emailOf(caller),
    email_verified: true,
    auth_time: SIGNED_IN_AT,
  };
  if (caller === 'owner' || caller === 'revokedOwner' || caller === 'sales') claims[SALES_CLAIM] = true;
  if (caller === 'owner' || caller === 'revokedOwner' || caller === 'ownerWithoutSales')
    claims[OWNER_CLAIM] = true;
  return env.authenticatedContext(uidOf(caller), claims);
}

export function siteCallerFirestore(env: RulesTestEnvironment, caller: SiteCaller): Firestore {
  return contextOf(env, caller).firestore() as unknown as Firestore;
}

type Request = (db: Firestore, caller: SiteCaller) => Promise<unknown>;
export type SiteAccessCase = { title: string; request: Request; forOwner: Verdict };

/** The stored version of a section, read past the rules (so a denied caller is denied for who it is). */
type StoredVersion = (id: SectionId) => Promise<number>;

const draftRef = (db: Firestore, id: string) => doc(db, SITE_DRAFTS_COLLECTION, id);

/** A save as the Site part makes it: the section's value, one version on, signed by the caller. */
const save =
  (version: StoredVersion, id: SectionId, changes: Record<string, unknown> = {}, step = 1): Request =>
  async (db, caller) =>
    setDoc(draftRef(db, id), {
      // A section the contract does not name gets a product's value: only its name is wrong.
      value: (contentSeed[id] ?? contentSeed['product-machine-weft']).value,
      unconfirmed: (contentSeed[id] ?? contentSeed['product-machine-weft']).unconfirmed,
      version: (await version(id)) + step,
      updatedBy: caller === 'anonymous' ? 'nobody' : uidOf(caller),
      updatedByEmail: caller === 'anonymous' ? 'nobody@example.com' : emailOf(caller),
      updatedAt: serverTimestamp(),
      ...changes,
    });

const withValue = (id: SectionId, path: string, value: unknown) => {
  const copy = structuredClone(contentSeed[id].value) as Record<string, unknown>;
  copy[path] = value;
  return { value: copy };
};

export function siteAccessCases(version: StoredVersion): SiteAccessCase[] {
  const product: SectionId = 'product-machine-weft';
  return [
    { title: 'read a product draft', request: (db) => getDoc(draftRef(db, product)), forOwner: 'allowed' },
    {
      title: 'list every section of the drafts',
      request: (db) => getDocs(collection(db, SITE_DRAFTS_COLLECTION)),
      forOwner: 'allowed',
    },
    {
      title: 'save Machine Weft with a new unit, one version on',
      request: save(
        version,
        product,
        withValue(product, 'facts', {
          length: '12–30 inch',
          textureAndColour: 'Straight',
          unit: 'Bundle of 100 g',
          packing: 'Folded',
        }),
      ),
      forOwner: 'allowed',
    },
    {
      title: 'save the trade terms, one version on',
      request: save(version, 'trade-terms'),
      forOwner: 'allowed',
    },
    {
      title: 'save the contact details, confirming every value',
      request: save(version, 'site-facts', { unconfirmed: [] }),
      forOwner: 'allowed',
    },
    {
      title: 'save a section the contract does not name',
      request: save(async () => 0, 'product-shampoo' as SectionId),
      forOwner: 'denied by rules',
    },
    {
      title: 'save over a newer version (the one it read is stale)',
      request: save(version, product, {}, 0),
      forOwner: 'denied by rules',
    },
    { title: 'skip a version', request: save(version, product, {}, 2), forOwner: 'denied by rules' },
    {
      title: "sign a save with another account's uid",
      request: save(version, product, { updatedBy: 'someone-else' }),
      forOwner: 'denied by rules',
    },
    {
      title: 'sign a save with another email',
      request: save(version, product, { updatedByEmail: 'boss@example.com' }),
      forOwner: 'denied by rules',
    },
    {
      title: "date a save by the device's clock",
      request: save(version, product, { updatedAt: Timestamp.fromMillis(Date.now() - 86_400_000) }),
      forOwner: 'denied by rules',
    },
    {
      title: 'add a key beside the section',
      request: save(version, product, { publishedBy: 'me' }),
      forOwner: 'denied by rules',
    },
    {
      title: 'save a section without its version',
      request: async (db, caller) => {
        const { version: _version, ...rest } = await sectionAsSaved(version, product, caller);
        return setDoc(draftRef(db, product), rest);
      },
      forOwner: 'denied by rules',
    },
    {
      title: 'save a value that is text, not a section',
      request: save(version, product, { value: '<script>alert(1)</script>' }),
      forOwner: 'denied by rules',
    },
    {
      title: 'save the unconfirmed fields as text',
      request: save(version, product, { unconfirmed: 'facts.unit' }),
      forOwner: 'denied by rules',
    },
    {
      title: 'save 101 unconfirmed fields',
      request: save(version, product, {
        unconfirmed: Array.from({ length: 101 }, (_, index) => `faqs.${index}.answer`),
      }),
      forOwner: 'denied by rules',
    },
    {
      title: 'delete a section',
      request: (db) => deleteDoc(draftRef(db, 'faqs')),
      forOwner: 'denied by rules',
    },
    {
      title: "read the owner's photos",
      request: (db) => getDocs(collection(db, SITE_PHOTOS_COLLECTION)),
      forOwner: 'allowed',
    },
    {
      title: 'record a photo itself',
      request: (db) =>
        setDoc(doc(db, SITE_PHOTOS_COLLECTION, '0123456789abcdef'), { width: 1200, height: 1500 }),
      forOwner: 'denied by rules',
    },
    {
      title: 'read the publish history',
      request: (db) => getDocs(collection(db, SITE_PUBLISHES_COLLECTION)),
      forOwner: 'allowed',
    },
    {
      title: 'write a publish record itself',
      request: (db) =>
        setDoc(doc(db, SITE_PUBLISHES_COLLECTION, 'forged'), { action: 'publish', state: 'done' }),
      forOwner: 'denied by rules',
    },
    {
      title: 'read what the live site shows',
      request: (db) => getDoc(doc(db, SITE_LIVE_COLLECTION, 'current')),
      forOwner: 'denied by rules',
    },
    {
      title: 'take the publish lock',
      request: (db) =>
        setDoc(doc(db, SITE_LIVE_COLLECTION, 'lock'), { holder: 'me', leaseUntil: Timestamp.now() }),
      forOwner: 'denied by rules',
    },
  ];
}

async function sectionAsSaved(version: StoredVersion, id: SectionId, caller: SiteCaller) {
  return {
    value: contentSeed[id].value,
    unconfirmed: contentSeed[id].unconfirmed,
    version: (await version(id)) + 1,
    updatedBy: uidOf(caller),
    updatedByEmail: emailOf(caller),
    updatedAt: serverTimestamp(),
  };
}

/** A section the seed names but nothing stored yet: the owner's first save creates it at version 1. */
export const createSection =
  (id: SectionId): Request =>
  (db, caller) =>
    setDoc(draftRef(db, id), {
      value: contentSeed[id].value,
      unconfirmed: [],
      version: 1,
      updatedBy: caller === 'anonymous' ? 'nobody' : uidOf(caller),
      updatedByEmail: caller === 'anonymous' ? 'nobody@example.com' : emailOf(caller),
      updatedAt: serverTimestamp(),
    });
