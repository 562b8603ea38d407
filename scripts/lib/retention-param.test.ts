import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ENQUIRY_RETENTION_DAYS } from '../../functions/src/contract/enquiry/retention';
import { retentionDaysFor, retentionDaysIn } from './retention-param';

describe('the retention period the policy names', () => {
  it('reads the param as firebase does: .env, then the project’s own file, then .env.local for a demo', () => {
    const dir = mkdtempSync(join(tmpdir(), 'retention-'));
    expect(retentionDaysFor(dir, 'sme-live')).toBe(DEFAULT_ENQUIRY_RETENTION_DAYS);
    writeFileSync(join(dir, '.env'), 'SMTP_HOST=smtp.example.com\nENQUIRY_RETENTION_DAYS=730\n');
    expect(retentionDaysFor(dir, 'sme-live')).toBe(730);
    writeFileSync(join(dir, '.env.sme-live'), 'ENQUIRY_RETENTION_DAYS="365"\n');
    expect(retentionDaysFor(dir, 'sme-live')).toBe(365);
    writeFileSync(join(dir, '.env.local'), 'ENQUIRY_RETENTION_DAYS=30\n');
    expect(retentionDaysFor(dir, 'sme-live')).toBe(365);
    expect(retentionDaysFor(dir, 'demo-sme')).toBe(30);
  });

  it('ignores a commented or absent line, and refuses a period of no days', () => {
    expect(retentionDaysIn('# ENQUIRY_RETENTION_DAYS=10\nOTHER=1')).toBeNull();
    const dir = mkdtempSync(join(tmpdir(), 'retention-'));
    writeFileSync(join(dir, '.env'), 'ENQUIRY_RETENTION_DAYS=0\n');
    expect(() => retentionDaysFor(dir, 'sme-live')).toThrow(/above 0/);
  });

  it('is what the local functions keep', () => {
    expect(retentionDaysFor(join(import.meta.dirname, '../../functions'), 'demo-sme-hair')).toBe(
      DEFAULT_ENQUIRY_RETENTION_DAYS,
    );
  });
});
