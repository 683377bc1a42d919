/**
 * CSV as RFC 4180 writes it (comma-separated, CRLF line ends, a field quoted when it holds a comma, a
 * quote or a line break, its quotes doubled), with each field guarded against formula injection
 * (OWASP, "CSV Injection"): a field a spreadsheet would read as a formula, one starting with = + - @,
 * a tab or a carriage return, is written with a leading apostrophe, so it is shown as text and never run.
 * The one CSV encoder of the server (house style: encode at the edge); every value goes through it.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field: null is empty; a formula's first character is guarded; quoted where RFC 4180 says. */
export function csvField(value: string | number | null | undefined): string {
  const raw = value === null || value === undefined ? '' : String(value);
  const text = FORMULA_START.test(raw) ? `'${raw}` : raw;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header row and the rows, each line ended by CRLF. */
export function csvDocument(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return [header, ...rows].map((fields) => `${fields.map(csvField).join(',')}\r\n`).join('');
}
