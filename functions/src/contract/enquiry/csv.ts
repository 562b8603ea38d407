/**
 * CSV that a spreadsheet opens safely, for the export script and the digest's attachment: RFC 4180
 * quoting, a byte order mark so Excel reads UTF-8 (Tamil, emoji), and a visitor's formula kept text.
 */

/**
 * Characters that start a formula in Excel, LibreOffice or Sheets (OWASP's CSV injection list), with
 * their fullwidth and small forms, which NFKC folds onto them: `=`, `+`, `-`, `@`, and the minus sign.
 */
const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\u2212']);
/** A tab or a carriage return starts a formula as well (OWASP), wherever it stands before the text. */
const FORMULA_CONTROLS = /[\t\r]/;
/**
 * What a spreadsheet may skip before a formula: any Unicode white space (a space, a no-break space,
 * the ideographic space, a line break), a control character, or a character that shows nothing.
 */
const LEADING_BLANKS = /^[\p{White_Space}\p{Cc}\p{Default_Ignorable_Code_Point}]*/u;

/** Whether a spreadsheet could read the cell as a formula: judged on its first non-blank character. */
function startsLikeFormula(value: string): boolean {
  const blanks = LEADING_BLANKS.exec(value)?.[0] ?? '';
  if (FORMULA_CONTROLS.test(blanks)) return true;
  const first = String.fromCodePoint(value.codePointAt(blanks.length) ?? 0x20);
  return FORMULA_TRIGGERS.has(first.normalize('NFKC'));
}

/**
 * A visitor's `=HYPERLINK(...)`, ` =1+1` or `+91 98765 43210` stays text: a leading apostrophe stops
 * formula evaluation, and a spreadsheet shows the rest as it was.
 */
export function neutraliseFormula(value: string): string {
  return startsLikeFormula(value) ? `'${value}` : value;
}

/** RFC 4180 quoting: fields with a quote, comma or line break are quoted, quotes doubled. */
export function csvCell(value: string): string {
  const safe = neutraliseFormula(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Excel reads a CSV as UTF-8 only when it starts with a byte order mark. */
const UTF8_BOM = '\uFEFF';
const CSV_LINE_END = '\r\n';

/** A whole CSV file: a header row, then one row per record. */
export function csvFile(header: string[], rows: string[][]): string {
  const lines = [header, ...rows].map((cells) => cells.map(csvCell).join(','));
  return UTF8_BOM + lines.join(CSV_LINE_END) + CSV_LINE_END;
}
