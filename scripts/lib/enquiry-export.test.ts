import { readStoredEnquiry } from '../../functions/src/contract/enquiry/stored-enquiry';
import { enquiryReference } from '../../functions/src/contract/enquiry/enquiry-reference';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  ENQUIRY_COLLECTION,
  POPUP_ENQUIRY_COLLECTION,
} from '../../functions/src/contract/enquiry/collections';
import {
  chooseExportTarget,
  csvCell,
  enquiriesToCsv,
  EXPORT_USAGE,
  neutraliseFormula,
  parseExportArgs,
  UsageError,
} from './enquiry-export';

const at = (iso: string) => ({ toDate: () => new Date(iso) });

describe('export arguments', () => {
  it('reads the documented command line, --since as midnight India time', () => {
    const options = parseExportArgs([
      '--collection',
      'SME-enquiry-form',
      '--since',
      '2026-01-01',
      '--out',
      'e.csv',
    ]);
    expect(options).toEqual({
      collection: ENQUIRY_COLLECTION,
      since: new Date('2025-12-31T18:30:00.000Z'),
      out: 'e.csv',
      projectId: 'demo-sme-hair',
    });
  });

  it('defaults to everything, on standard output, from the demo project', () => {
    expect(parseExportArgs(['--collection', POPUP_ENQUIRY_COLLECTION])).toEqual({
      collection: POPUP_ENQUIRY_COLLECTION,
      since: null,
      out: null,
      projectId: 'demo-sme-hair',
    });
  });

  it.each([
    [[]],
    [['--collection', 'orders']],
    [['--collection', ENQUIRY_COLLECTION, '--since', '01-01-2026']],
    [['--collection', ENQUIRY_COLLECTION, '--since']],
    [['--collection', ENQUIRY_COLLECTION, '--format', 'xlsx']],
    [['--collection', ENQUIRY_COLLECTION, 'extra']],
    [['--collection', ENQUIRY_COLLECTION, '--project', 'Not A Project']],
  ])('refuses %j', (argv) => {
    expect(() => parseExportArgs(argv)).toThrow(UsageError);
  });
});

describe('export target', () => {
  it('reads the emulator for a demo project', () => {
    expect(chooseExportTarget('demo-sme-hair', {})).toEqual({ kind: 'emulator', host: '127.0.0.1:8080' });
  });

  it('reads the real project for a real project id', () => {
    expect(chooseExportTarget('sme-hair-prod', {})).toEqual({ kind: 'project' });
  });

  it('follows an explicit FIRESTORE_EMULATOR_HOST', () => {
    expect(chooseExportTarget('sme-hair-prod', { FIRESTORE_EMULATOR_HOST: 'localhost:9090' })).toEqual({
      kind: 'emulator',
      host: 'localhost:9090',
    });
  });
});

describe('CSV cells', () => {
  it.each([
    '=HYPERLINK("http://evil.example","click")',
    '+91 98765',
    '-2+3',
    '@SUM(A1)',
    '\t=1',
    '＝1+1',
    ' =1+1',
    '\u00a0=HYPERLINK("http://evil.example")',
    '\u3000＋1',
    '\n\u200b-1',
    ' \tHello',
    '\rHello',
  ])('keeps %j from being read as a formula', (value) => {
    expect(neutraliseFormula(value)).toBe(`'${value}`);
  });

  it('leaves ordinary text alone', () => {
    expect(neutraliseFormula('Priya Raman')).toBe('Priya Raman');
    expect(neutraliseFormula('a=b')).toBe('a=b');
    expect(neutraliseFormula(' Priya = Raman')).toBe(' Priya = Raman');
    expect(neutraliseFormula('9876543210')).toBe('9876543210');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('Raman Salons, Chennai')).toBe('"Raman Salons, Chennai"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
  });
});

describe('CSV document', () => {
  const docs = [
    readStoredEnquiry(
      { collection: ENQUIRY_COLLECTION, id: 'a1' },
      {
        formpage: 'Homepage',
        name: 'பிரியா 💇‍♀️',
        companyname: '',
        phone: '9876543210',
        email: 'priya@example.com',
        city: 'Chennai',
        ordertype: 'Bulk',
        message: 'First line, with a comma\nsecond "line"',
        date: '15-01-2026',
        time: '10:04:09',
        createdAt: at('2026-01-15T04:34:10Z'),
        notification: { state: 'SENT', attempts: 1, sentAt: at('2026-01-15T04:34:11Z'), lastError: null },
      },
    ),
  ];

  it('has a UTF-8 byte order mark, a header of contract labels and the delivery state', () => {
    const csv = enquiriesToCsv(ENQUIRY_COLLECTION, docs);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, row] = csv.slice(1).split('\r\n');
    expect(header).toBe(
      'Enquiry ID,Reference,Received at,Form,Name,Company,Phone,Phone (E.164),Country,Email,City,Order type,' +
        'Message,Date,Time,Time zone,Asked a quote for,Came from,Landing page,Referrer,utm_source,utm_medium,utm_campaign,Email state,Email attempts,Email sent at,Email last error,Held because,In digest of,Digested at,Duplicate of',
    );
    expect(row).toBe(
      `a1,${enquiryReference('a1')},2026-01-15T10:04:10+05:30,Homepage,பிரியா 💇‍♀️,,9876543210,'+919876543210,India,` +
        'priya@example.com,Chennai,Bulk,"First line, with a comma\nsecond ""line""",15-01-2026,10:04:09,,,,,,,,,' +
        'SENT,1,2026-01-15T10:04:11+05:30,,,,,',
    );
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('writes what the buyer asked a quote for in one column, line after line', () => {
    const csv = enquiriesToCsv(ENQUIRY_COLLECTION, [
      readStoredEnquiry(
        { collection: ENQUIRY_COLLECTION, id: 'q1' },
        {
          name: 'Grace',
          lines: [
            { product: 'machine-weft', length: '22 in', quantity: 8, unit: 'kg', samples: false },
            { product: 'i-tip-extensions', length: '', quantity: 1000, unit: 'pieces', samples: true },
          ],
        },
      ),
    ]);
    const [header, row] = csv.slice(1).split('\r\n');
    expect((header ?? '').split(',')).toContain('Asked a quote for');
    expect(row).toContain(',"Machine Weft 22 in, 8 kg; I-Tip Extensions, 1,000 pieces, samples first",');
  });

  it('writes where the buyer came from: its label, then each part of the first touch', () => {
    const csv = enquiriesToCsv(POPUP_ENQUIRY_COLLECTION, [
      readStoredEnquiry(
        { collection: POPUP_ENQUIRY_COLLECTION, id: 's1' },
        {
          name: 'Grace',
          source: {
            landing: '/home',
            referrer: '',
            utmSource: 'expo',
            utmMedium: '',
            utmCampaign: 'dubai-hair-expo',
          },
        },
      ),
    ]);
    const [header, row] = csv.slice(1).split('\r\n');
    const at = (header ?? '').split(',').indexOf('Came from');
    expect((row ?? '').split(',').slice(at, at + 6)).toEqual([
      'dubai-hair-expo',
      '/home',
      '',
      'expo',
      '',
      'dubai-hair-expo',
    ]);
  });

  it('gives a number abroad its E.164 number and country, and an Indian one +91 and India', () => {
    const csv = enquiriesToCsv(POPUP_ENQUIRY_COLLECTION, [
      readStoredEnquiry(
        { collection: POPUP_ENQUIRY_COLLECTION, id: 'ny' },
        { name: 'Grace', phone: '+12125550100', timezone: 'America/New_York' },
      ),
    ]);
    const row = csv.split('\r\n')[1];
    expect(row).toContain(",Grace,,'+12125550100,'+12125550100,United States,");
    expect(row).toContain(',America/New_York,');
  });

  it('shows PENDING for an enquiry the functions have not yet touched', () => {
    const csv = enquiriesToCsv(POPUP_ENQUIRY_COLLECTION, [
      readStoredEnquiry({ collection: POPUP_ENQUIRY_COLLECTION, id: 'p1' }, { name: 'Arun' }),
    ]);
    expect(csv.split('\r\n')[1]).toBe(`p1,${enquiryReference('p1')},,Arun,,,,,,,,,,,,,,,PENDING,0,,,,,,`);
  });

  it('says why an enquiry had no email of its own: held, in which digest, or a duplicate of which', () => {
    const csv = enquiriesToCsv(POPUP_ENQUIRY_COLLECTION, [
      readStoredEnquiry(
        { collection: POPUP_ENQUIRY_COLLECTION, id: 'h1' },
        {
          notification: { state: 'DIGESTED', attempts: 0, heldReason: 'hourly-cap', digest: '2026-01-15T10' },
        },
      ),
      readStoredEnquiry(
        { collection: POPUP_ENQUIRY_COLLECTION, id: 'd1' },
        {
          notification: { state: 'DUPLICATE', attempts: 0, duplicateOf: `${POPUP_ENQUIRY_COLLECTION}/h1` },
        },
      ),
    ]);
    const [, digested, duplicate] = csv.split('\r\n');
    expect(digested).toBe(
      `h1,${enquiryReference('h1')},,,,,,,,,,,,,,,,,DIGESTED,0,,,the hourly email cap was reached,2026-01-15T10,,`,
    );
    expect(duplicate).toBe(
      `d1,${enquiryReference('d1')},,,,,,,,,,,,,,,,,DUPLICATE,0,,,,,,${POPUP_ENQUIRY_COLLECTION}/h1`,
    );
  });
});

describe('export command line', () => {
  const script = fileURLToPath(new URL('../export-enquiries.ts', import.meta.url));
  const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

  // A process of its own, started through tsx: seconds on a machine whose two cores are shared.
  it('prints the usage line and exits non-zero on bad arguments', { timeout: 30_000 }, () => {
    const run = spawnSync(tsx, [script, '--collection', 'orders'], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('unknown collection "orders"');
    expect(run.stderr).toContain(EXPORT_USAGE);
    expect(run.stdout).toBe('');
  });
});
