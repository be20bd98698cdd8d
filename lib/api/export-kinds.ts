// What GET /api/exports/{kind} offers (docs/decisions/045): the API and the console's download share it.

export const EXPORT_KINDS = [
  'payins',
  'payouts',
  'refunds',
  'ledger',
  'collection-transactions',
  'settlement-report',
] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export function isExportKind(value: string): value is ExportKind {
  return (EXPORT_KINDS as readonly string[]).includes(value);
}

export const EXPORT_FORMATS = ['csv', 'jsonl'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export function isExportFormat(value: string): value is ExportFormat {
  return (EXPORT_FORMATS as readonly string[]).includes(value);
}

/** The most days one export covers, `from` and `to` included: a year, a leap year's too. */
export const MAX_EXPORT_DAYS = 366;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** UTC midnight of a calendar date "YYYY-MM-DD", or NaN when it is no date of the calendar. */
export function utcDay(date: string): number {
  const match = DATE.exec(date);
  if (!match) return Number.NaN;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  return back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === day
    ? ms
    : Number.NaN;
}

/** How many days `to` is after `from` (calendar dates). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcDay(to) - utcDay(from)) / DAY_MS);
}

/** What is wrong with a period of an export, if anything: an end before its start, or too long. */
export function periodProblem(from: string, to: string): 'order' | 'length' | undefined {
  if (to < from) return 'order';
  return daysBetween(from, to) + 1 > MAX_EXPORT_DAYS ? 'length' : undefined;
}
