import { csvPresetOf, type CsvPresetId } from './csv-presets';

/**
 * The template of a CSV statement (GET /collection/statements/template.csv, the console's link):
 * our layout's header and two example rows (money in with the payin's reference in the note, money
 * out, which import skips), or a bank preset's header as the bank exports it with two of its rows.
 */
const GENERIC_TEMPLATE: readonly (readonly string[])[] = [
  ['id', 'bookedAt', 'amount', 'currency', 'note', 'payer', 'payer account', 'payer bank'],
  [
    'FT26112400012',
    '2026-11-24T10:15:00+07:00',
    '1500.50',
    'THB',
    'PAY 7KQ2M9XW4D',
    'SOMCHAI JAIDEE',
    'xxx-x-x4821-x',
    'SCB',
  ],
  ['FT26112400013', '2026-11-24 14:02', '-200.00', 'THB', 'Transfer to supplier', '', '', ''],
];

/** A field as RFC 4180 writes it: quoted when it holds a comma, a quote, a line break or edge spaces. */
function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * The template's file name and text: UTF-8 with a byte-order mark (spreadsheet programs then read
 * Thai and Vietnamese headers right; import takes it), CRLF line ends.
 */
export function statementTemplate(preset?: CsvPresetId): { fileName: string; text: string } {
  const rows = preset === undefined ? GENERIC_TEMPLATE : csvPresetOf(preset).template;
  return {
    fileName: preset === undefined ? 'statement-template.csv' : `statement-template-${preset}.csv`,
    text: `\uFEFF${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`,
  };
}
