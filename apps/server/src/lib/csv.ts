import type { Slices } from './slices.ts';

/**
 * CSV as RFC 4180 writes it (comma-separated, CRLF line ends, a field quoted when it holds a comma, a
 * quote or a line break, its quotes doubled), with each field guarded against formula injection
 * (OWASP, "CSV Injection"): a field a spreadsheet would read as a formula, one starting with = + - @,
 * a tab or a carriage return, is written with a leading apostrophe, so it is shown as text and never run.
 * The one CSV encoder of the server (house style: encode at the edge); every value goes through it.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One field: null is empty; a formula's first character is guarded; quoted where RFC 4180 says. A number
 * is written as it is: a JavaScript number's text ('-2', '1.5e-7') is never a formula, and a report's
 * negative difference must stay a number for the spreadsheet (decision 0077).
 */
export function csvField(value: string | number | null | undefined): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const raw = value === null || value === undefined ? '' : String(value);
  const text = FORMULA_START.test(raw) ? `'${raw}` : raw;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Lines per piece of `csvDocument`: about 100 kB. */
const LINES_PER_PIECE = 1000;

/**
 * A header row and the rows, each line ended by CRLF, as UTF-8 pieces of LINES_PER_PIECE lines, made
 * in slices: a batch's whereabouts have a row per unit, and 100,000 rows are 8 MB, whose text alone
 * would hold the event loop for 50 ms to join and encode. Sent as a stream, a piece at a time.
 */
export async function* csvDocument(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
  slices: Slices,
): AsyncGenerator<Buffer> {
  let lines = [csvLine(header)];
  for (const fields of rows) {
    lines.push(csvLine(fields));
    if (lines.length >= LINES_PER_PIECE) {
      yield Buffer.from(lines.join(''), 'utf8');
      lines = [];
    }
    if (slices.spent()) await slices.pause();
  }
  if (lines.length > 0) yield Buffer.from(lines.join(''), 'utf8');
}

function csvLine(fields: readonly (string | number | null)[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}
