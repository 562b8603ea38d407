/**
 * Every cell a CSV carries opens in a spreadsheet as text, whatever a visitor typed before a formula:
 * checked on generated cells, parsed back as a spreadsheet reads the file.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvFile } from './csv';

/** One RFC 4180 field back from its text: quotes removed and doubled quotes made single. */
function parsedCell(field: string): string {
  if (!field.startsWith('"')) return field;
  expect(field.endsWith('"')).toBe(true);
  return field.slice(1, -1).replace(/""/g, '"');
}

/** What a spreadsheet may skip before the formula it reads: white space, controls, what shows nothing. */
const BLANKS = /^[\s\p{White_Space}\p{Cc}\p{Default_Ignorable_Code_Point}]*/u;
/** What starts a formula (OWASP's CSV injection page), with the forms a spreadsheet may fold onto them. */
const FORMULA_START = /^[=+\-@\u2212\uff1d\uff0b\uff0d\uff20\ufe62\ufe63\ufe66\ufe6b]/u;

/** Whether a spreadsheet could read the cell as a formula. */
function readsAsFormula(cell: string): boolean {
  const blanks = BLANKS.exec(cell)?.[0] ?? '';
  return /[\t\r]/.test(blanks) || FORMULA_START.test(cell.slice(blanks.length));
}

/** Cell text as strangers write it: blanks of every kind, formula starts and their lookalikes, then anything. */
const cellText = fc
  .tuple(
    fc.array(
      fc.constantFrom(
        ' ',
        '\u00a0',
        '\u2007',
        '\u202f',
        '\u3000',
        '\t',
        '\r',
        '\n',
        '\u200b',
        '\ufeff',
        '\u0000',
      ),
      { maxLength: 4 },
    ),
    fc.constantFrom(
      '',
      '=',
      '+',
      '-',
      '@',
      '\u2212',
      '＝',
      '＋',
      '－',
      '＠',
      '﹦',
      '﹢',
      '﹣',
      '﹫',
      '"',
      ',',
      "'",
    ),
    fc.string({ unit: 'binary', maxLength: 12 }),
  )
  .map(([blanks, start, rest]) => blanks.join('') + start + rest);

/** A property run takes about a second alone and several beside other suites on a busy machine. */
const PROPERTY_TIMEOUT_MS = 30_000;

describe('a CSV cell', () => {
  it(
    'never opens as a formula, and reads back as what was typed (after an apostrophe if it had to)',
    { timeout: PROPERTY_TIMEOUT_MS },
    () => {
      fc.assert(
        fc.property(cellText, (text) => {
          const cell = parsedCell(csvCell(text));
          expect(readsAsFormula(cell), JSON.stringify(cell)).toBe(false);
          expect([text, `'${text}`]).toContain(cell);
        }),
        { numRuns: 2_000 },
      );
    },
  );

  it('keeps a phone number in E.164 as text, and names, numbers and dates as they are', () => {
    const file = csvFile(
      ['Phone (E.164)', 'Name', 'Phone', 'Date'],
      [['+919876543210', 'Priya Raman', '9876543210', '15-01-2026']],
    );
    expect(file.split('\r\n')[1]).toBe("'+919876543210,Priya Raman,9876543210,15-01-2026");
  });
});
