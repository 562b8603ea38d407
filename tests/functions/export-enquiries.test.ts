/**
 * `npm run export` as the sales team runs it, against the Firestore emulator: the rows it picks,
 * the delivery state it shows, and a visitor's spreadsheet formula that stays text.
 */
import { enquiryReference } from '../../functions/src/contract/enquiry/enquiry-reference';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { App } from 'firebase-admin/app';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ENQUIRY_COLLECTION,
  POPUP_ENQUIRY_COLLECTION,
} from '../../functions/src/contract/enquiry/collections';
import { clearFirestore, startAdmin, stopAdmin } from '../support/firestore-admin';
import { ARUN, PRIYA, storeEnquiry, storePopupEnquiry } from '../support/delivery-fixtures';

const script = fileURLToPath(new URL('../../scripts/export-enquiries.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

function runExport(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [script, ...args], { env: process.env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function rowsOf(csv: string): string[] {
  return csv
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
}

let app: App;
let db: Firestore;

beforeAll(() => {
  ({ app, db } = startAdmin('export-tests'));
});

afterAll(async () => {
  await stopAdmin(app);
});

beforeEach(async () => {
  await clearFirestore();
});

describe('enquiry export', () => {
  it('writes every enquiry since midnight India time with its fields and delivery state', async () => {
    // 2026-01-01 00:00 IST is 2025-12-31 18:30 UTC.
    const before = Timestamp.fromDate(new Date('2025-12-31T18:29:59Z'));
    const atMidnight = Timestamp.fromDate(new Date('2025-12-31T18:30:00Z'));
    const later = Timestamp.fromDate(new Date('2026-02-01T06:00:00Z'));
    await storeEnquiry(db, { ...PRIYA, name: 'Too early' }, { createdAt: before });
    const sentId = await storeEnquiry(db, PRIYA, {
      createdAt: atMidnight,
      notification: { state: 'SENT', attempts: 2, lastError: '451 busy', sentAt: atMidnight },
    });
    const attackerId = await storeEnquiry(
      db,
      { ...PRIYA, name: '=HYPERLINK("http://evil.example","Invoice")', city: '@SUM(1+1)' },
      { createdAt: later },
    );
    await storePopupEnquiry(db, ARUN);
    const out = join(mkdtempSync(join(tmpdir(), 'sme-export-')), 'enquiries.csv');

    const run = await runExport(['--collection', ENQUIRY_COLLECTION, '--since', '2026-01-01', '--out', out]);

    expect(run.code).toBe(0);
    expect(run.stderr).toContain('from the emulator at');
    const rows = rowsOf(readFileSync(out, 'utf8'));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(
      /^Enquiry ID,Reference,Received at,Form,Name,Company,Phone,Phone \(E\.164\),Country,Email,City,Order type,Message,Date,Time,Time zone,/,
    );
    expect(rows[1]).toMatch(
      new RegExp(
        `^${sentId},SME-[0-9A-Z-]{9},2026-01-01T00:00:00\\+05:30,Enquirypage,Priya Raman,Raman Salons,`,
      ),
    );
    expect(rows[1]).toMatch(/,SENT,2,2026-01-01T00:00:00\+05:30,451 busy,,,,$/);
    expect(rows[2]).toContain(
      `${attackerId},${enquiryReference(attackerId)},2026-02-01T11:30:00+05:30,Enquirypage,`,
    );
    expect(rows[2]).toContain(`"'=HYPERLINK(""http://evil.example"",""Invoice"")"`);
    expect(rows[2]).toContain(`,'@SUM(1+1),`);
    expect(rows[2]).toMatch(/,PENDING,0,,,,,,$/);
    expect(rows.join('\n')).not.toContain('Too early');
  });

  it('shows every delivery state the functions write', async () => {
    const states = ['PENDING', 'SENDING', 'SENT', 'FAILED', 'HELD', 'DIGESTED', 'DUPLICATE'];
    for (const [n, state] of states.entries())
      await storeEnquiry(db, { ...PRIYA, name: `Buyer ${n}` }, { notification: { state, attempts: 0 } });

    const run = await runExport(['--collection', ENQUIRY_COLLECTION]);

    expect(run.code).toBe(0);
    const shown = rowsOf(run.stdout)
      .slice(1)
      .map((row) => states.find((state) => row.includes(`,${state},0,`)));
    expect(shown.sort()).toEqual([...states].sort());
  });

  it('writes the whole popup collection to standard output without --since', async () => {
    const id = await storePopupEnquiry(db, ARUN);
    await storeEnquiry(db);

    const run = await runExport(['--collection', POPUP_ENQUIRY_COLLECTION]);

    expect(run.code).toBe(0);
    const rows = rowsOf(run.stdout);
    expect(rows).toEqual([
      'Enquiry ID,Reference,Received at,Name,Email,Phone,Phone (E.164),Country,Business,Date,Time,Time zone,Came from,Landing page,Referrer,utm_source,utm_medium,utm_campaign,Email state,Email attempts,Email sent at,Email last error,Held because,In digest of,Digested at,Duplicate of',
      expect.stringMatching(
        new RegExp(
          `^${id},.+,Arun Kumar,arun@example.com,9123456780,'\\+919123456780,India,I am a Salon Retailer,`,
        ),
      ),
    ]);
  });
});
