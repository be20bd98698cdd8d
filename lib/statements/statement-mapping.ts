import { z } from 'zod';
import { CSV_PRESETS, GENERIC_LAYOUT, STATEMENT_LAYOUTS } from './csv-presets';
import {
  DATE_FORMATS,
  DECIMAL_SEPARATORS,
  ERAS,
  STATEMENT_FIELDS,
  type CsvPreset,
  type StatementField,
} from './statement-fields';

/**
 * How a CSV statement's columns are read (docs/decisions/040): a bank preset, the merchant's own
 * columns (field → header), or a preset with some of its columns replaced; with the date and number
 * format of a custom mapping. The same object is POST /collection/statements' query (`columns` as
 * JSON) and the body of PUT /collection/accounts/{accountId}/statement-mapping.
 */

const headerSchema = z
  .string()
  .trim()
  .min(1, 'A header name.')
  .max(100, 'At most 100 characters.')
  .regex(/^[^\u0000-\u001f\u007f]+$/, 'Printable text only.');

export const statementColumnsSchema = z.strictObject(
  Object.fromEntries(STATEMENT_FIELDS.map((field) => [field, headerSchema.optional()])) as Record<
    StatementField,
    z.ZodOptional<typeof headerSchema>
  >,
);
export type StatementColumns = z.infer<typeof statementColumnsSchema>;

const FORMAT_OPTIONS = ['dateFormat', 'era', 'decimalSeparator'] as const;

const mappingShape = z.strictObject({
  preset: z
    .enum(STATEMENT_LAYOUTS, { error: `One of ${STATEMENT_LAYOUTS.join(', ')}.` })
    .optional()
    .describe(
      `A bank export layout (${CSV_PRESETS.map((preset) => `${preset.id}: ${preset.bank}, ${preset.currency}`).join('; ')}), or generic: our own column names.`,
    ),
  columns: statementColumnsSchema
    .optional()
    .describe(
      "The file's header for each field; with a preset, these replace the preset's (amount replaces credit and debit, credit replaces amount).",
    ),
  dateFormat: z
    .enum(DATE_FORMATS, { error: `One of ${DATE_FORMATS.join(', ')}.` })
    .optional()
    .describe(
      'Order of day, month and year; any separator, 2- or 4-digit years, a time may follow. Default YYYY-MM-DD.',
    ),
  era: z
    .enum(ERAS, { error: `One of ${ERAS.join(', ')}.` })
    .optional()
    .describe('CE, BE (Thai Buddhist Era: 2569 = 2026) or auto (years from 2400 are BE). Default CE.'),
  decimalSeparator: z
    .enum(DECIMAL_SEPARATORS, { error: `One of ${DECIMAL_SEPARATORS.join(', ')}.` })
    .optional()
    .describe(
      'The decimal separator of amounts (the other groups thousands); none: whole amounts, "." and "," group thousands. Default: "." or "," told apart by position, an ambiguous amount refused.',
    ),
});
export type StatementMapping = z.infer<typeof mappingShape>;
/** The mapping's fields without the rules between them: how an answer describes a saved mapping. */
export const statementMappingObjectSchema = mappingShape;

/** The mapping's rules beyond each field's: what a custom mapping must name, what goes together. */
function checkMapping(mapping: StatementMapping, ctx: z.RefinementCtx): void {
  const columns = mapping.columns;
  if (mapping.preset === GENERIC_LAYOUT) {
    if (columns !== undefined || FORMAT_OPTIONS.some((option) => mapping[option] !== undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['preset'],
        message: 'Our layout reads our column names: name no columns or formats with it.',
      });
    return;
  }
  if (mapping.preset === undefined && columns === undefined) {
    for (const option of FORMAT_OPTIONS)
      if (mapping[option] !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: [option],
          message: 'Applies to a column mapping: give columns or a bank preset.',
        });
    return;
  }
  if (columns === undefined) return;
  if (columns.amount !== undefined && columns.credit !== undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['columns', 'credit'],
      message: 'Either a signed amount column or a credit column (with its debit column), not both.',
    });
  if (mapping.preset !== undefined) return;
  if (columns.bookedAt === undefined)
    ctx.addIssue({ code: 'custom', path: ['columns', 'bookedAt'], message: 'Name the date column.' });
  if (columns.amount === undefined && columns.credit === undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['columns', 'amount'],
      message: 'Name the amount column, or the credit column (with the debit column if there is one).',
    });
  if (columns.debit !== undefined && columns.credit === undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['columns', 'debit'],
      message: 'A debit column goes with a credit column.',
    });
  if (columns.direction !== undefined && columns.amount === undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['columns', 'direction'],
      message: 'A direction column goes with an amount column.',
    });
}

/** A mapping as a request gives it: any part may be left out (nothing: the account's saved one). */
export const statementMappingSchema = mappingShape.superRefine(checkMapping);

/** A mapping to save for an account: a preset or columns, at least. */
export const savedStatementMappingSchema = mappingShape.superRefine((mapping, ctx) => {
  if (mapping.preset === undefined && mapping.columns === undefined)
    ctx.addIssue({ code: 'custom', path: ['preset'], message: 'Give a preset or columns.' });
  else checkMapping(mapping, ctx);
});

/** Whether a request named a mapping at all (else the account's saved one, or our layout, is used). */
export function isMappingGiven(mapping: StatementMapping): boolean {
  return Object.values(mapping).some((value) => value !== undefined);
}

/** Our layout's columns: what it needs, and what it reads if present (server/reconciliation/formats/csv.ts). */
export const GENERIC_COLUMNS = {
  required: ['id', 'bookedAt', 'amount (or credit, with debit)'],
  optional: ['currency', 'note', 'payer', 'payer account', 'payer bank'],
} as const;

/**
 * The headers a preset's file must have, in its first language and its alternatives, e.g.
 * 'วันที่ (or Date) and ฝากเงิน (or Deposit)'-like parts: one entry per required field.
 */
export function presetRequiredHeaders(preset: CsvPreset): string[][] {
  const money = preset.columns.amount ? 'amount' : 'credit';
  return (['bookedAt', money] as const).map((field) => [...(preset.columns[field] ?? [])]);
}
