import 'server-only';
import { z } from 'zod';
import { isTimeZone } from '@/lib/format/time-zone';
import {
  EXPORT_FORMATS,
  MAX_EXPORT_DAYS,
  periodProblem,
  utcDay,
  type ExportFormat,
  type ExportKind,
} from '@/lib/api/export-kinds';

export {
  EXPORT_FORMATS,
  EXPORT_KINDS,
  MAX_EXPORT_DAYS,
  isExportKind,
  type ExportFormat,
  type ExportKind,
} from '@/lib/api/export-kinds';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateSchema = z
  .string({ error: 'Required: a date as YYYY-MM-DD.' })
  .regex(DATE, 'A date as YYYY-MM-DD.')
  .refine(
    (date) => !DATE.test(date) || (!Number.isNaN(utcDay(date)) && date >= '2000-01-01'),
    'A date of the calendar, from 2000 on.',
  );

/** An export's query as the API takes it (dates are calendar days in `timeZone`, both included). */
export const exportQuerySchema = z
  .object({
    from: dateSchema,
    to: dateSchema,
    timeZone: z.string().refine(isTimeZone, 'An IANA time zone, e.g. Asia/Bangkok.').optional(),
    format: z.enum(EXPORT_FORMATS, { error: `One of ${EXPORT_FORMATS.join(', ')}.` }).optional(),
  })
  .superRefine(({ from, to }, context) => {
    if (Number.isNaN(utcDay(from)) || Number.isNaN(utcDay(to))) return;
    const problem = periodProblem(from, to);
    if (problem === 'order') context.addIssue({ code: 'custom', path: ['to'], message: 'On or after from.' });
    if (problem === 'length')
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: `At most ${MAX_EXPORT_DAYS} days from from, both included: export a longer period in parts.`,
      });
  });

/** The media types a JSON Lines export answers to in Accept when `format` is not given. */
const JSONL_TYPES = /\bapplication\/(?:jsonl|x-ndjson|x-jsonlines)\b/i;

/** `format`, else JSON Lines when Accept asks for it, else CSV. */
export function negotiateFormat(format: ExportFormat | undefined, accept: string | undefined): ExportFormat {
  return format ?? (accept !== undefined && JSONL_TYPES.test(accept) ? 'jsonl' : 'csv');
}

/** An export asked for, checked. */
export interface ExportRequest {
  kind: ExportKind;
  /** Calendar days in `timeZone`, both included. */
  from: string;
  to: string;
  timeZone: string;
  format: ExportFormat;
}
