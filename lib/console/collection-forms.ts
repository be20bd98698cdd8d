import { z } from 'zod';
import { ID_PAYIN_PATTERN } from '../schemas/primitives';
import { GENERIC_LAYOUT, isCsvPresetId, type StatementMapping } from '../statements';
import { SAVED_LAYOUT, statementFormatOf, TIME_ZONE_OFFSET, type StatementFormat } from './collection';
import { STATEMENT_MAX_BYTES } from './operations';

/**
 * The collection page's forms: importing a statement, and resolving a transaction of the review
 * queue (link to a payin, mark refunded). Messages are keys of `console.collection.errors`; the
 * API still checks everything and its problems are shown as it gives them.
 */

/** The file input's value as the browser gives it (a FileList), duck-typed so it parses anywhere. */
const fileListSchema = z.custom<ArrayLike<File>>(
  (value) => typeof value === 'object' && value !== null && 'length' in value,
  'file',
);

export const statementFormSchema = z
  .object({
    account: z.string().min(1, 'account'),
    file: fileListSchema,
    /** Empty: from the file's extension. */
    format: z.enum(['', 'csv', 'camt053']),
    /** Of dates without one; empty: the API reads them in the account currency's home time. */
    timeZone: z.string().trim(),
    /** How a CSV's columns are read: the account's saved mapping, our layout, or a bank preset (docs/decisions/040). */
    layout: z
      .string()
      .refine((value): boolean => value === SAVED_LAYOUT || value === GENERIC_LAYOUT || isCsvPresetId(value)),
    /** Save the layout for the account once the import succeeds. */
    remember: z.boolean(),
  })
  .superRefine((values, ctx) => {
    const file = values.file[0];
    if (!file) {
      ctx.addIssue({ code: 'custom', path: ['file'], message: 'file' });
      return;
    }
    if (file.size > STATEMENT_MAX_BYTES)
      ctx.addIssue({ code: 'custom', path: ['file'], message: 'fileSize' });
    const format = values.format || statementFormatOf(file.name);
    if (!format) ctx.addIssue({ code: 'custom', path: ['format'], message: 'format' });
    if (values.timeZone !== '' && !TIME_ZONE_OFFSET.test(values.timeZone))
      ctx.addIssue({ code: 'custom', path: ['timeZone'], message: 'timeZone' });
  });

export type StatementForm = z.infer<typeof statementFormSchema>;

/** The format a valid form sends: the one chosen, else the file's. */
export function statementFormatOfForm(values: StatementForm): StatementFormat {
  const format = values.format || statementFormatOf(values.file[0]?.name ?? '');
  if (!format) throw new RangeError('The statement form has no format.');
  return format;
}

/**
 * The mapping to save for the account after a successful import: the layout chosen, when the
 * merchant asked to remember it (a CSV's layout; the saved one needs no saving).
 */
export function mappingToRemember(values: StatementForm): StatementMapping | undefined {
  if (!values.remember || values.layout === SAVED_LAYOUT || statementFormatOfForm(values) !== 'csv')
    return undefined;
  return { preset: values.layout as StatementMapping['preset'] };
}

const noteSchema = z.string().trim().max(500, 'tooLong');

export const linkFormSchema = z.object({
  idPayin: z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      if (value === '') ctx.addIssue({ code: 'custom', message: 'required' });
      else if (!ID_PAYIN_PATTERN.test(value)) ctx.addIssue({ code: 'custom', message: 'idPayin' });
    }),
  note: noteSchema,
});
export type LinkForm = z.infer<typeof linkFormSchema>;

export const refundFormSchema = z.object({ note: noteSchema });
export type RefundForm = z.infer<typeof refundFormSchema>;

/**
 * The body of !link or !refund: a blank note left out. No `by`: the console is signed in as the
 * merchant, not as a person, and the API records the merchant's code as who acted.
 */
export function reviewBodyOf(values: { idPayin?: string; note: string }): Record<string, string> {
  return {
    ...(values.idPayin !== undefined && { idPayin: values.idPayin.trim() }),
    ...(values.note.trim() !== '' && { note: values.note.trim() }),
  };
}

/** Where an API field error of a review action belongs on its form. */
export function reviewFieldOf(field: string): 'idPayin' | 'note' | undefined {
  if (field === 'idPayin' || field === 'note') return field;
  return undefined;
}
