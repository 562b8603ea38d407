/**
 * The one place tests learn where the Firestore emulator is: `scripts/emulators.ts exec` starts it
 * and sets FIRESTORE_EMULATOR_HOST for the command it runs (the Admin SDK reads it too).
 */
import { readUntil } from './deadlines';

/** The demo project the emulators run (a `demo-` id never reaches a real project). */
export const PROJECT_ID = 'demo-sme-hair';

/** `host:port` of the running Firestore emulator. */
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

/** How long a clear may take, meeting conflicts, on a machine busy with browsers and builds. */
const CLEAR_DEADLINE_MS = 30_000;

/**
 * Empties the emulator's database (every collection) so one test's leftovers cannot reach the next.
 * On a loaded machine the emulator once answered 409 (a conflict, as with writes still in flight from
 * the test before), and every test of four suites then failed on leftovers; a 409 is asked again
 * until the deadline. Any other failure fails at once.
 */
export async function clearFirestore(projectId: string = PROJECT_ID): Promise<void> {
  const url = `${firestoreEmulatorOrigin()}/emulator/v1/projects/${projectId}/databases/(default)/documents`;
  const failure = (answer: Response) => `clearing the Firestore emulator failed: HTTP ${answer.status}`;
  const response = await readUntil(
    () => fetch(url, { method: 'DELETE' }),
    (answer) => answer.status !== 409,
    CLEAR_DEADLINE_MS,
    failure,
  );
  if (!response.ok) throw new Error(failure(response));
}
