/**
 * CSV that a spreadsheet opens safely, for the export script and the digest's attachment: RFC 4180
 * quoting, a byte order mark so Excel reads UTF-8 (Tamil, emoji), and a visitor's formula kept text.
 */

/** First characters that make Excel, LibreOffice or Sheets read a cell as a formula. */
const FORMULA_STARTS = new Set(['=', '+', '-', '@', '\t', '\r', '＝', '＋', '－', '＠']);

/** A visitor's `=HYPERLINK(...)` stays text: a leading apostrophe stops formula evaluation. */
export function neutraliseFormula(value: string): string {
  return FORMULA_STARTS.has(value.charAt(0)) ? `'${value}` : value;
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
