/**
 * One way to start `@firebase/rules-unit-testing` against the Firestore emulator that
 * `scripts/emulators.ts exec` started, with the project's real firestore.rules.
 *
 * Each suite passes its own demo project id: the emulator keeps rules, data and the rules
 * coverage report per project, so suites with different ids cannot disturb each other.
 */
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { setLogLevel } from 'firebase/firestore';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const FIRESTORE_RULES_PATH = fileURLToPath(new URL('../../firestore.rules', import.meta.url));

/** `host:port` of the running Firestore emulator, as `firebase emulators:exec` announces it. */
export function firestoreEmulatorHost(): string {
  const host = process.env.FIRESTORE_EMULATOR_HOST;
  if (!host) {
    throw new Error(
      'FIRESTORE_EMULATOR_HOST is not set: run the tests through `npx tsx scripts/emulators.ts exec --only firestore "..."`.',
    );
  }
  return host;
}

export function firestoreEmulatorOrigin(): string {
  return `http://${firestoreEmulatorHost()}`;
}

export function readFirestoreRules(): string {
  return readFileSync(FIRESTORE_RULES_PATH, 'utf8');
}

export async function startRulesEnvironment(
  projectId: string,
  rules: string = readFirestoreRules(),
): Promise<RulesTestEnvironment> {
  // Every denied write is logged by the SDK as a warning; the tests assert denials themselves.
  setLogLevel('error');
  const [host, port] = firestoreEmulatorHost().split(':');
  return initializeTestEnvironment({
    projectId,
    firestore: { rules, host: host ?? '127.0.0.1', port: Number(port) },
  });
}
