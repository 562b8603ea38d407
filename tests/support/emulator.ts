/**
 * The one place tests learn where the Firestore emulator is: `scripts/emulators.ts exec` starts it
 * and sets FIRESTORE_EMULATOR_HOST for the command it runs (the Admin SDK reads it too).
 */

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

/** Empties the emulator's database (every collection) so one test's leftovers cannot reach the next. */
export async function clearFirestore(projectId: string = PROJECT_ID): Promise<void> {
  const url = `${firestoreEmulatorOrigin()}/emulator/v1/projects/${projectId}/databases/(default)/documents`;
  const response = await fetch(url, { method: 'DELETE' });
  if (!response.ok) throw new Error(`clearing the Firestore emulator failed: HTTP ${response.status}`);
}
