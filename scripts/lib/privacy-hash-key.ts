/**
 * The key `npm run privacy` hashes identifiers with for a request's record in `privacy-requests`:
 * the one the functions use for the same project (the PRIVACY_HASH_KEY secret), so a request
 * recorded by the CLI and one recorded by the inbox say the same for the same person.
 * - On the emulator: the emulator-only value in functions/.secret.local, as the emulated functions.
 * - On a real project: the PRIVACY_HASH_KEY environment variable, which the operator fills from
 *   Secret Manager for the one command (README, "Answering a privacy request"); never a file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDotenv } from '../../functions/src/dotenv';
import { PRIVACY_HASH_KEY_MIN_LENGTH } from '../../functions/src/inbox/privacy';
import { ROOT } from './project';

export class PrivacyHashKeyError extends Error {}

export function privacyHashKeyFor(
  target: { projectId: string; onEmulator: boolean },
  env: Readonly<Record<string, string | undefined>>,
): string {
  const key = target.onEmulator
    ? parseDotenv(readFileSync(join(ROOT, 'functions', '.secret.local'), 'utf8')).PRIVACY_HASH_KEY
    : env.PRIVACY_HASH_KEY;
  if (!key)
    throw new PrivacyHashKeyError(
      target.onEmulator
        ? 'functions/.secret.local has no PRIVACY_HASH_KEY: put the emulator-only key back there.'
        : `Give the command project ${target.projectId}'s PRIVACY_HASH_KEY secret: PRIVACY_HASH_KEY="$(gcloud secrets versions access latest --secret=PRIVACY_HASH_KEY --project ${target.projectId})" npm run privacy -- …`,
    );
  if (key.length < PRIVACY_HASH_KEY_MIN_LENGTH)
    throw new PrivacyHashKeyError(
      `PRIVACY_HASH_KEY must be at least ${PRIVACY_HASH_KEY_MIN_LENGTH} characters: the one the functions use.`,
    );
  return key;
}
