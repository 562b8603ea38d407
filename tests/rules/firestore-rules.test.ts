/**
 * firestore.rules on the Firestore emulator: what attackers try is denied, what the forms send is
 * accepted and stored as sent, the rules agree with the enquiry contract on generated documents,
 * and every expression of the rules was exercised both ways.
 *
 * One file on purpose: vitest orders files by past duration and size, not by name, and the
 * coverage check at the end must run after every other request of this project.
 *
 *   flock /tmp/sme-emulator.lock npx tsx scripts/emulators.ts exec --only firestore \
 *     "npx vitest run --project emulator tests/rules"
 */
import { buildEnquiryPayload, checkEnquiryDocument, FORM_PAGES } from '@contract/enquiry/enquiry';
import {
  ENQUIRY_COLLECTION,
  ENQUIRY_COLLECTIONS,
  type EnquiryCollection,
  MAIL_USAGE_COLLECTION,
  SALES_REVOCATIONS_COLLECTION,
} from '@contract/enquiry/collections';
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import fc from 'fast-check';
import {
  addDoc,
  collection,
  doc,
  getDoc,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COVERAGE_REPORT_TIMEOUT_MS } from '../support/deadlines';
import { readFirestoreRules, startRulesEnvironment } from '../support/rules-env';
import {
  acceptedRequestCases,
  deniedRequestCases,
  EXISTING_ENQUIRY_ID,
  hardeningCases,
  realisticEnquiryCases,
} from './attack-cases';
import {
  contractVerdictsOfLeadSources,
  leadSourceAcceptedCases,
  leadSourceDeniedCases,
} from './lead-source-cases';
import {
  contractVerdictsOfPopupProducts,
  contractVerdictsOfRequestLines,
  requestLineAcceptedCases,
  requestLineDeniedCases,
} from './request-line-cases';
import { acceptedDocumentIdCases, deniedDocumentIdCases, STORED_ENQUIRY_IDS } from './document-id-cases';
import {
  formPayloads,
  OLDER_CHILLU_BUYER_VALUES,
  stampedByServer,
  SUBMITTED_AT,
  VALID_DOCUMENT,
} from './enquiry-documents';
import { CHANGE_KINDS, enquiryDocument, type FuzzedDocument } from './enquiry-arbitraries';
import {
  CALLERS_WITH_ACCESS,
  SALES_CALLER_TITLES,
  SALES_REVOCATIONS,
  SALES_CALLERS,
  SALES_EMAIL,
  SALES_UID,
  correctionCases,
  salesAccessCases,
  salesCallerFirestore,
  responseStatsCases,
  mailUsageCases,
  salesPrivateCollectionCases,
} from './sales-access-cases';
import { RULES_COVERAGE_HTML, saveRulesCoverage, summariseCoverage } from './rules-coverage';
import {
  createSection,
  seededDraft,
  SEEDED_SECTIONS,
  SITE_CALLER_TITLES,
  SITE_CALLERS,
  SITE_REVOCATIONS,
  siteAccessCases,
  siteCallerFirestore,
} from './site-content-cases';
import { SITE_DRAFTS_COLLECTION } from '@contract/enquiry/collections';
import type { SectionId } from '@contract/site/site-content';
import {
  actorsOf,
  describeDocument,
  RULES_BULK_PROJECT_ID,
  RULES_PROJECT_ID,
  verdictOf,
  type Actor,
  type Verdict,
} from './rules-harness';

const FUZZED_DOCUMENTS_PER_COLLECTION = 1200;
/** Writes in flight at once: enough to keep the emulator busy, few enough to stay in order. */
const FUZZ_BATCH_SIZE = 50;
/** Each verdict must be common enough that agreeing on it means something. */
const MIN_SHARE_OF_EACH_VERDICT = 0.2;
const MIN_DOCUMENTS_PER_CHANGE_KIND = 20;
/** The emulator and the tests share one clock; the margin covers a slow write. */
const SERVER_TIME_TOLERANCE_MS = 30_000;
/** Set to replay a failed run of the differential test. */
const fuzzSeed = Number(process.env.RULES_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

let env: RulesTestEnvironment;
let bulkEnv: RulesTestEnvironment;
let actors: Actor[];
let bulkActors: Actor[];

beforeAll(async () => {
  [env, bulkEnv] = await Promise.all([
    startRulesEnvironment(RULES_PROJECT_ID),
    startRulesEnvironment(RULES_BULK_PROJECT_ID),
  ]);
  await Promise.all([env.clearFirestore(), bulkEnv.clearFirestore()]);
  actors = actorsOf(env);
  bulkActors = actorsOf(bulkEnv);
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    for (const target of ENQUIRY_COLLECTIONS) {
      for (const id of [EXISTING_ENQUIRY_ID, STORED_ENQUIRY_IDS[target]]) {
        await setDoc(doc(db, target, id), { ...VALID_DOCUMENT[target](), createdAt: Timestamp.now() });
      }
    }
    for (const [uid, revocation] of Object.entries({ ...SALES_REVOCATIONS, ...SITE_REVOCATIONS }))
      await setDoc(doc(db, SALES_REVOCATIONS_COLLECTION, uid), revocation);
    for (const id of SEEDED_SECTIONS) await setDoc(doc(db, SITE_DRAFTS_COLLECTION, id), seededDraft(id));
    // A day of the mail budget as the functions keep it, for the cases that try to change one.
    await setDoc(doc(db, MAIL_USAGE_COLLECTION, '2026-11-22'), {
      budget: 424,
      sales: 41,
      acknowledgement: 12,
      digest: 4,
    });
  });
});

afterAll(async () => {
  await Promise.all([env?.cleanup(), bulkEnv?.cleanup()]);
});

const DENIED = [
  ...deniedRequestCases(),
  ...deniedDocumentIdCases(),
  ...requestLineDeniedCases(),
  ...leadSourceDeniedCases(),
];
const ACCEPTED = [
  ...acceptedRequestCases(),
  ...acceptedDocumentIdCases(),
  ...requestLineAcceptedCases(),
  ...leadSourceAcceptedCases(),
];
const ACTOR_TITLES = ['an anonymous visitor', 'a signed-in user claiming admin'];

function actorNamed(title: string, { bulky = false } = {}): Actor {
  const actor = (bulky ? bulkActors : actors).find((candidate) => candidate.title === title);
  if (!actor) throw new Error(`No actor called ${title}`);
  return actor;
}

describe('what an attacker tries is denied', () => {
  const table = ACTOR_TITLES.flatMap((actor) =>
    DENIED.map((attack) => [`${actor} cannot ${attack.title}`, { actor, ...attack }] as const),
  );

  it.for(table)('%s', async ([, { actor, request, expected, bulky }]) => {
    expect(await verdictOf(request(actorNamed(actor, { bulky }).firestore()))).toBe(expected);
  });

  it('has at least 60 denied requests for each actor', () => {
    expect(DENIED.length).toBeGreaterThanOrEqual(60);
  });

  it('has at least 40 hostile documents for the hardened contract: forged lines, invisible values, bad addresses', () => {
    const hardening = hardeningCases();
    console.info(`hardened contract: ${hardening.length} hostile documents, each denied for each actor`);
    expect(hardening.length).toBeGreaterThanOrEqual(40);
    expect(DENIED.map((attack) => attack.title)).toEqual(
      expect.arrayContaining(hardening.map((attack) => attack.title)),
    );
  });
});

describe('request lines: the contract gives the verdict the rules give', () => {
  it.for(contractVerdictsOfRequestLines().map((row) => [row.title, row] as const))(
    'a document with %s',
    ([, { accepted, expected }]) => {
      expect(accepted).toBe(expected);
    },
  );
});

describe('the popup’s product: the contract gives the verdict the rules give', () => {
  it.for(contractVerdictsOfPopupProducts().map((row) => [row.title, row] as const))(
    '%s',
    ([, { accepted, expected }]) => {
      expect(accepted).toBe(expected);
    },
  );
});

describe('lead sources: the contract gives the verdict the rules give', () => {
  it.for(contractVerdictsOfLeadSources().map((row) => [row.title, row] as const))(
    '%s',
    ([, { accepted, expected }]) => {
      expect(accepted).toBe(expected);
    },
  );
});

describe('what the forms send is accepted', () => {
  const table = ACTOR_TITLES.flatMap((actor) =>
    ACCEPTED.map((send) => [`${actor} can ${send.title}`, { actor, ...send }] as const),
  );

  it.for(table)('%s', async ([, { actor, request }]) => {
    expect(await verdictOf(request(actorNamed(actor).firestore()))).toBe('allowed');
  });

  it('includes at least 20 realistic enquiries from Indian and international buyers', () => {
    const realistic = realisticEnquiryCases();
    console.info(`realistic enquiries: ${realistic.length}, each accepted for each actor`);
    expect(realistic.length).toBeGreaterThanOrEqual(20);
    expect(ACCEPTED.map((send) => send.title)).toEqual(
      expect.arrayContaining(realistic.map((send) => send.title)),
    );
  });
});

describe('what a visitor sends is stored exactly as the form built it', () => {
  it.for(formPayloads().map((form) => [form.title, form] as const))(
    '%s',
    async ([, { collection: target, payload }]) => {
      const visitor = actorNamed('an anonymous visitor').firestore();
      const sentAt = Date.now();
      const sent = await addDoc(collection(visitor, target), stampedByServer(payload));

      let stored: Record<string, unknown> | undefined;
      await env.withSecurityRulesDisabled(async (context) => {
        const snapshot = await getDoc(doc(context.firestore() as unknown as Firestore, target, sent.id));
        stored = snapshot.data();
      });

      const { createdAt, ...fields } = stored ?? {};
      expect(fields).toStrictEqual(payload);
      expect(createdAt).toBeInstanceOf(Timestamp);
      expect(Math.abs((createdAt as Timestamp).toMillis() - sentAt)).toBeLessThan(SERVER_TIME_TOLERANCE_MS);
    },
  );
});

describe('a Malayalam name typed with chillus the older way', () => {
  it('is stored with the atomic letters a person sees (അവൻ), which the rules accept', async () => {
    const payload = buildEnquiryPayload(OLDER_CHILLU_BUYER_VALUES, FORM_PAGES.enquiry, SUBMITTED_AT);
    const visitor = actorNamed('an anonymous visitor').firestore();
    const sent = await addDoc(collection(visitor, ENQUIRY_COLLECTION), stampedByServer(payload));

    let stored: Record<string, unknown> | undefined;
    await env.withSecurityRulesDisabled(async (context) => {
      const snapshot = await getDoc(
        doc(context.firestore() as unknown as Firestore, ENQUIRY_COLLECTION, sent.id),
      );
      stored = snapshot.data();
    });
    expect(stored).toMatchObject({
      name: 'അവൻ കുമാർ',
      companyname: 'കൊല്ലം ഹെയർ',
      message: 'അനിൽ പറഞ്ഞു: കൺ വില, അവൾ ൿ അറിയിക്കുക.',
    });
  });
});

type Disagreement = { rules: Verdict; contract: string[]; document: FuzzedDocument };

describe('the rules and the enquiry contract agree on generated documents', () => {
  it.for(ENQUIRY_COLLECTIONS)(
    'every generated %s document gets the same verdict from both',
    { timeout: 60_000 },
    async (target) => {
      const visitor = actorNamed('an anonymous visitor', { bulky: true }).firestore();
      const documents = fc.sample(enquiryDocument(target), {
        numRuns: FUZZED_DOCUMENTS_PER_COLLECTION,
        seed: fuzzSeed,
      });
      const disagreements: Disagreement[] = [];
      const verdicts = { allowed: 0, denied: 0 };
      const changeKinds = new Map<string, number>();

      for (let start = 0; start < documents.length; start += FUZZ_BATCH_SIZE) {
        const batch = documents.slice(start, start + FUZZ_BATCH_SIZE);
        const rulesVerdicts = await Promise.all(
          batch.map((generated) => verdictOf(addDoc(collection(visitor, target), generated.data))),
        );
        batch.forEach((generated, index) => {
          const rules = rulesVerdicts[index] as Verdict;
          const contract = checkEnquiryDocument(target, generated.data);
          verdicts[rules === 'allowed' ? 'allowed' : 'denied'] += 1;
          for (const { kind } of generated.changes) changeKinds.set(kind, (changeKinds.get(kind) ?? 0) + 1);
          if ((rules === 'allowed') !== (contract.length === 0)) {
            disagreements.push({ rules, contract, document: generated });
          }
        });
      }

      const report = disagreements
        .map(({ rules, contract, document }) =>
          [
            `rules: ${rules}; contract: ${contract.length === 0 ? 'accepted' : contract.join(', ')}`,
            `changes: ${document.changes.map(({ field, kind }) => `${field} ${kind}`).join(', ') || 'none'}`,
            describeDocument(document.data),
          ].join('\n'),
        )
        .join('\n\n');
      expect(
        disagreements,
        `RULES_FUZZ_SEED=${fuzzSeed}: ${disagreements.length} disagreements\n\n${report}`,
      ).toEqual([]);

      console.info(
        `${target}: ${documents.length} documents (seed ${fuzzSeed}), ${verdicts.allowed} allowed, ${verdicts.denied} denied;`,
        Object.fromEntries(changeKinds),
      );
      expect(documents.length).toBe(FUZZED_DOCUMENTS_PER_COLLECTION);
      expect(verdicts.allowed).toBeGreaterThan(documents.length * MIN_SHARE_OF_EACH_VERDICT);
      expect(verdicts.denied).toBeGreaterThan(documents.length * MIN_SHARE_OF_EACH_VERDICT);
      for (const kind of CHANGE_KINDS) {
        expect(changeKinds.get(kind) ?? 0, `documents with a ${kind}`).toBeGreaterThanOrEqual(
          MIN_DOCUMENTS_PER_CHANGE_KIND,
        );
      }
    },
  );
});

/** A fresh enquiry as a visitor's form stores it, written past the rules, for one case of its own. */
async function storeEnquiry(target: EnquiryCollection, id: string): Promise<void> {
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    await setDoc(doc(db, target, id), { ...VALID_DOCUMENT[target](), createdAt: Timestamp.now() });
  });
}

/** A follow-up as the demo sales account saves it (New, no note) with `changes` over it. */
const salesFollowUp = (version: number, changes: Record<string, unknown> = {}) => ({
  status: 'New',
  note: '',
  updatedBy: SALES_UID,
  updatedByEmail: SALES_EMAIL,
  updatedAt: serverTimestamp(),
  version,
  ...changes,
});

describe('only sales accounts read enquiries, and change only their follow-up and a buyer’s details', () => {
  const cases = [
    ...salesAccessCases(),
    ...correctionCases(),
    ...salesPrivateCollectionCases(),
    ...responseStatsCases(),
    ...mailUsageCases(),
  ];
  const table = SALES_CALLERS.flatMap((caller) =>
    cases.map((row) => {
      const expected = !CALLERS_WITH_ACCESS.includes(caller)
        ? 'denied by rules'
        : caller === 'unverifiedSales'
          ? (row.forUnverified ?? row.forSales)
          : row.forSales;
      const verb = expected === 'allowed' ? 'can' : 'cannot';
      return [`${SALES_CALLER_TITLES[caller]} ${verb} ${row.title}`, { caller, expected, ...row }] as const;
    }),
  );

  it.for(table)('%s', async ([, { caller, expected, request }]) => {
    expect(await verdictOf(request(salesCallerFirestore(env, caller), caller))).toBe(expected);
  });

  it('keeps a sales follow-up exactly as written, stamped with the server time', async () => {
    const sales = salesCallerFirestore(env, 'sales');
    const before = Date.now();
    const target = ENQUIRY_COLLECTIONS[0];
    const ref = doc(sales, target, EXISTING_ENQUIRY_ID);
    const history = (await getDoc(ref)).get('followUp.history') as Record<string, unknown> | undefined;
    await updateDoc(ref, {
      followUp: salesFollowUp(
        (((await getDoc(ref)).get('followUp.version') as number | undefined) ?? 0) + 1,
        {
          status: 'Quoted',
          note: 'Quoted ₹4,200 a kilo',
          firstContactAt:
            ((await getDoc(ref)).get('followUp.firstContactAt') as Timestamp | undefined) ??
            serverTimestamp(),
          ...(history ? { history } : {}),
        },
      ),
    });
    const stored = (await getDoc(ref)).get('followUp') as Record<string, unknown>;
    expect(stored).toMatchObject({ status: 'Quoted', note: 'Quoted ₹4,200 a kilo', updatedBy: SALES_UID });
    expect((stored.updatedAt as Timestamp).toMillis()).toBeGreaterThan(before - SERVER_TIME_TOLERANCE_MS);
  });

  it('records the first contact once, at the server’s time, and only from a sales account', async () => {
    const target = ENQUIRY_COLLECTIONS[1];
    const id = 'first-contact-case';
    await storeEnquiry(target, id);
    const sales = salesCallerFirestore(env, 'sales');
    const ref = doc(sales, target, id);
    let version = 0;
    const save = (fields: Record<string, unknown>, caller = sales) =>
      verdictOf(
        updateDoc(doc(caller, target, id), { followUp: salesFollowUp(version + 1, fields) }).then(
          () => (version += 1),
        ),
      );

    expect(await save({ note: 'Not reached yet.' })).toBe('allowed');
    expect(await save({ status: 'Contacted' })).toBe('denied by rules');
    expect(await save({ status: 'Contacted', firstContactAt: Timestamp.now() })).toBe('denied by rules');
    const before = Date.now();
    expect(await save({ status: 'Contacted', firstContactAt: serverTimestamp() })).toBe('allowed');
    const stored = (await getDoc(ref)).get('followUp.firstContactAt') as Timestamp;
    expect(Math.abs(stored.toMillis() - before)).toBeLessThan(SERVER_TIME_TOLERANCE_MS);
    expect(await save({ status: 'Quoted', firstContactAt: serverTimestamp() })).toBe('denied by rules');
    expect(await save({ status: 'Quoted' })).toBe('denied by rules');
    expect(await save({ status: 'Quoted', firstContactAt: stored })).toBe('allowed');
    const withoutClaim = salesCallerFirestore(env, 'signedInWithoutClaim');
    expect(await save({ status: 'Won', firstContactAt: stored }, withoutClaim)).toBe('denied by rules');
  });

  it('keeps a correction of the buyer’s details with its history entry, stamped with the server time', async () => {
    const target = ENQUIRY_COLLECTIONS[0];
    const id = 'corrected-case';
    await storeEnquiry(target, id);
    const ref = doc(salesCallerFirestore(env, 'sales'), target, id);
    const before = Date.now();
    const correct = (version: number, history: Record<string, unknown>, fields: Record<string, string>) =>
      updateDoc(ref, {
        ...fields,
        followUp: salesFollowUp(version, {
          history: {
            ...history,
            [String(Object.keys(history).length)]: {
              corrected: Object.keys(fields),
              by: SALES_UID,
              byEmail: SALES_EMAIL,
              at: serverTimestamp(),
            },
          },
        }),
      });
    await correct(1, {}, { email: 'priya.raman@ramanhair.in' });
    const first = (await getDoc(ref)).get('followUp.history') as Record<string, unknown>;
    await correct(2, first, { phone: '9876543201', city: 'Tiruppur' });
    const stored = (await getDoc(ref)).data() ?? {};
    expect(stored).toMatchObject({
      email: 'priya.raman@ramanhair.in',
      phone: '9876543201',
      city: 'Tiruppur',
    });
    const history = (stored.followUp as { history: Record<string, { corrected: string[]; at: Timestamp }> })
      .history;
    expect(Object.keys(history).sort()).toEqual(['0', '1']);
    expect(history['0']?.corrected).toEqual(['email']);
    expect(history['1']?.corrected).toEqual(['phone', 'city']);
    expect(Math.abs((history['1']?.at.toMillis() ?? 0) - before)).toBeLessThan(SERVER_TIME_TOLERANCE_MS);
  });

  it('covers each caller with at least 30 requests', () => {
    console.info(
      `sales access: ${cases.length} requests × ${SALES_CALLERS.length} callers = ${table.length} cases`,
    );
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });
});

describe("only the owner reads and changes the site's content, and only as the Site part saves it", () => {
  const storedVersion = async (id: SectionId) => {
    let version = 0;
    await env.withSecurityRulesDisabled(async (context) => {
      const stored = await getDoc(
        doc(context.firestore() as unknown as Firestore, SITE_DRAFTS_COLLECTION, id),
      );
      version = (stored.get('version') as number | undefined) ?? 0;
    });
    return version;
  };
  const cases = [
    ...siteAccessCases(storedVersion),
    {
      title: 'create the reviews section the seed names, at version 1',
      request: createSection('testimonials'),
      forOwner: 'allowed' as const,
    },
  ];
  const table = SITE_CALLERS.flatMap((caller) =>
    cases.map((row) => {
      const expected = caller === 'owner' ? row.forOwner : 'denied by rules';
      const verb = expected === 'allowed' ? 'can' : 'cannot';
      return [`${SITE_CALLER_TITLES[caller]} ${verb} ${row.title}`, { caller, expected, ...row }] as const;
    }),
  );

  it.for(table)('%s', async ([, { caller, expected, request }]) => {
    expect(await verdictOf(request(siteCallerFirestore(env, caller), caller))).toBe(expected);
  });

  it("keeps the owner's save exactly as written, stamped with the server time", async () => {
    const owner = siteCallerFirestore(env, 'owner');
    const ref = doc(owner, SITE_DRAFTS_COLLECTION, 'product-hand-tied-weft');
    const before = Date.now();
    const version = await storedVersion('product-hand-tied-weft');
    const value = {
      ...(seededDraft('product-hand-tied-weft').value as Record<string, unknown>),
      name: 'Hand-Tied Weft (Genius)',
    };
    await setDoc(ref, {
      value,
      unconfirmed: [],
      version: version + 1,
      updatedBy: 'site-owner',
      updatedByEmail: 'owner@example.com',
      updatedAt: serverTimestamp(),
    });
    const stored = (await getDoc(ref)).data() ?? {};
    expect(stored).toMatchObject({ value, unconfirmed: [], version: version + 1, updatedBy: 'site-owner' });
    expect(Math.abs((stored.updatedAt as Timestamp).toMillis() - before)).toBeLessThan(
      SERVER_TIME_TOLERANCE_MS,
    );
  });

  it('covers each caller with at least 20 requests', () => {
    expect(cases.length).toBeGreaterThanOrEqual(20);
  });
});

// Last on purpose: the report covers every request made above, and nothing else.
describe('the rules coverage report', () => {
  it(
    'shows every expression of the rules evaluated, and every condition both true and false',
    { timeout: COVERAGE_REPORT_TIMEOUT_MS },
    async () => {
      const rulesSource = readFirestoreRules();
      const askedAt = Date.now();
      const coverage = await saveRulesCoverage(RULES_PROJECT_ID);
      console.info(
        `the emulator wrote the rules coverage report in ${((Date.now() - askedAt) / 1000).toFixed(1)} s`,
      );
      expect(coverage.rules.files[0]?.content, 'the report is about firestore.rules as it is now').toBe(
        rulesSource,
      );

      const summary = summariseCoverage(coverage, rulesSource);
      console.info(`rules coverage (${RULES_COVERAGE_HTML}):`, { ...summary, gaps: summary.gaps.length });
      expect(summary.expressions, 'the report lists the rules expressions').toBeGreaterThan(0);
      expect(summary.gaps).toEqual([]);
      expect(summary.evaluated).toBe(summary.expressions);
      expect(summary.conditionsBothWays).toBe(summary.conditions);
      expect(summary.linesEvaluated).toBe(summary.lines);
    },
  );
});
