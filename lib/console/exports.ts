import {
  EXPORT_KINDS,
  isExportFormat,
  isExportKind,
  periodProblem,
  utcDay,
  type ExportFormat,
  type ExportKind,
} from '../api/export-kinds';

/** What the console's export form asks for (docs/decisions/045): a file of a period, in a format. */
export interface ExportForm {
  kind: ExportKind;
  /** Calendar days in the merchant's time zone, both included. */
  from: string;
  to: string;
  format: ExportFormat;
}

/** What is wrong with a form: a kind the console does not offer, a day that is none, a period too long or backwards. */
export type ExportFormProblem = 'kind' | 'date' | 'order' | 'length';

export { EXPORT_KINDS };

const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/** The form as a query gives it, checked as the API will (it checks again). */
export function parseExportForm(
  query: Record<string, string | string[] | undefined>,
): { form: ExportForm } | { problem: ExportFormProblem } {
  const kind = one(query.kind) ?? '';
  const format = one(query.format) ?? 'csv';
  const from = one(query.from) ?? '';
  const to = one(query.to) ?? '';
  if (!isExportKind(kind) || !isExportFormat(format)) return { problem: 'kind' };
  if (Number.isNaN(utcDay(from)) || Number.isNaN(utcDay(to))) return { problem: 'date' };
  const problem = periodProblem(from, to);
  return problem ? { problem } : { form: { kind, from, to, format } };
}

/** The calendar day of `now` in the time zone: "2026-03-01". */
export function todayIn(timeZone: string, now = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The form's first look: this month so far, as a settlement report in CSV. */
export function defaultExportForm(today: string): ExportForm {
  return { kind: 'settlement-report', from: `${today.slice(0, 8)}01`, to: today, format: 'csv' };
}

/** Where the console's download route takes a form (GET /console/exports/download). */
export function exportDownloadHref(form: ExportForm): string {
  return `/console/exports/download?${new URLSearchParams({ ...form }).toString()}`;
}

/** The API's query of the export (the merchant's time zone is the API's default). */
export function exportApiQuery(form: ExportForm): string {
  return new URLSearchParams({ from: form.from, to: form.to, format: form.format }).toString();
}
