import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDotenv } from '../../functions/src/dotenv';
import { PrivacyHashKeyError, privacyHashKeyFor } from './privacy-hash-key';
import { ROOT } from './project';

const emulatorKey = () =>
  parseDotenv(readFileSync(join(ROOT, 'functions', '.secret.local'), 'utf8')).PRIVACY_HASH_KEY;

describe('the key npm run privacy hashes identifiers with', () => {
  it("is the emulated functions' own on the emulator, so both tools record a request alike", () => {
    const key = privacyHashKeyFor({ projectId: 'demo-sme-hair', onEmulator: true }, {});
    expect(key).toBe(emulatorKey());
    expect(key.length).toBeGreaterThanOrEqual(32);
  });

  it("is the project's secret from PRIVACY_HASH_KEY on a real project, and nothing is guessed without it", () => {
    const target = { projectId: 'sme-hair-live', onEmulator: false };
    const key = 'k'.repeat(44);
    expect(privacyHashKeyFor(target, { PRIVACY_HASH_KEY: key })).toBe(key);
    expect(() => privacyHashKeyFor(target, {})).toThrow(PrivacyHashKeyError);
    expect(() => privacyHashKeyFor(target, {})).toThrow(
      /PRIVACY_HASH_KEY=.*gcloud secrets versions access latest --secret=PRIVACY_HASH_KEY --project sme-hair-live/,
    );
    expect(() => privacyHashKeyFor(target, { PRIVACY_HASH_KEY: 'short' })).toThrow(/at least 32 characters/);
  });
});
