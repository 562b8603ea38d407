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
import { firestoreEmulatorHost } from './emulator';

export const FIRESTORE_RULES_PATH = fileURLToPath(new URL('../../firestore.rules', import.meta.url));

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
