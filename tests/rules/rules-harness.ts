/**
 * How the rules tests talk to the emulator: who is writing, and what the emulator said.
 */
import type { RulesTestContext, RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { Bytes, FieldValue, GeoPoint, Timestamp, type Firestore } from 'firebase/firestore';

/**
 * Only firestore-rules.test.ts uses this project: the emulator keeps one rules coverage report per
 * project, and the coverage check must see this file's requests and nobody else's.
 */
export const RULES_PROJECT_ID = 'demo-sme-hair-rules';

/**
 * The same rules under a second project, for bulky requests: the coverage report keeps every
 * distinct value each expression took, so thousands of generated documents or a megabyte-long
 * field would make it hundreds of megabytes. The tables alone must reach full coverage anyway.
 */
export const RULES_BULK_PROJECT_ID = 'demo-sme-hair-rules-bulk';

/** A write that neither succeeds nor fails in this time is a broken test, not a verdict. */
const WRITE_VERDICT_TIMEOUT_MS = 15_000;

export type Actor = {
  /** Who the attacker is, as test names say it. */
  title: string;
  firestore: () => Firestore;
};

/** rules-unit-testing hands out the compat Firestore; the modular functions accept it as is. */
function modularFirestore(context: RulesTestContext): Firestore {
  return context.firestore() as unknown as Firestore;
}

export function actorsOf(env: RulesTestEnvironment): Actor[] {
  const visitor = modularFirestore(env.unauthenticatedContext());
  // A signed-in account with a claim that looks powerful: the rules must trust neither.
  const signedIn = modularFirestore(
    env.authenticatedContext('visitor-with-an-account', {
      email: 'someone@example.com',
      email_verified: true,
      admin: true,
      role: 'sales',
    }),
  );
  return [
    { title: 'an anonymous visitor', firestore: () => visitor },
    { title: 'a signed-in user claiming admin', firestore: () => signedIn },
  ];
}

export type Verdict = 'allowed' | 'denied by rules' | 'rejected as too large';

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

/**
 * What the emulator decided about one request. Any other failure (a timeout, a malformed value the
 * SDK refuses) is thrown, so it can never pass for a denial.
 */
export async function verdictOf(request: Promise<unknown>): Promise<Verdict> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`The emulator gave no verdict within ${WRITE_VERDICT_TIMEOUT_MS} ms.`)),
      WRITE_VERDICT_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([request, timeout]);
    return 'allowed';
  } catch (error) {
    const code = errorCode(error);
    if (code === 'permission-denied') return 'denied by rules';
    // Firestore refuses documents over 1 MiB before any rule runs.
    if (
      code === 'invalid-argument' &&
      /longer than \d+ bytes|exceeds the maximum allowed size/i.test(String(error))
    ) {
      return 'rejected as too large';
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** A document as JSON, Firestore's special values named, so a failure shows exactly what was sent. */
export function describeDocument(document: unknown): string {
  return JSON.stringify(
    document,
    (_key, value: unknown) => {
      if (value instanceof Timestamp) return `<Timestamp ${value.toDate().toISOString()}>`;
      if (value instanceof FieldValue) return '<serverTimestamp()>';
      if (value instanceof Bytes) return `<Bytes ${value.toBase64()}>`;
      if (value instanceof GeoPoint) return `<GeoPoint ${value.latitude},${value.longitude}>`;
      if (typeof value === 'number' && !Number.isFinite(value)) return `<number ${value}>`;
      return value;
    },
    0,
  );
}
