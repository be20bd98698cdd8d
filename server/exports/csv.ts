import 'server-only';

/**
 * What a spreadsheet runs as a formula when a cell starts with it (OWASP, CSV injection): = + - @,
 * and tab and carriage return, which some spreadsheets skip before reading the rest as a formula.
 */
const FORMULA_START = /^[ ]*[=+\-@\t\r]/;
/** A plain decimal number ("-12.50", "1500"): a spreadsheet reads it as a number, never a formula. */
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;
/** A field that must be quoted (RFC 4180): the separator, a quote, or a line break. */
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * A cell a spreadsheet shows as text instead of running it (docs/decisions/045): one that would
 * start a formula gets a single quote in front, which spreadsheets show as text and hide. Payer
 * names, bank notes and references come from outside, so every cell goes through here; a plain
 * decimal number (a negative amount) is left as it is, since it is a number and nothing else.
 */
export function neutraliseCell(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** One field of a CSV line (RFC 4180): neutralised, then quoted when it must be. */
export function csvField(text: string): string {
  const cell = neutraliseCell(text);
  return NEEDS_QUOTES.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** One CSV record with its CRLF line end (RFC 4180). */
export function csvRecord(cells: readonly string[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}
