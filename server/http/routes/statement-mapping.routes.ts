import 'server-only';
import type { Context } from 'hono';
import { z } from 'zod';
import { statementMappingResponseSchema } from '@/lib/api/statement-mapping-responses';
import {
  CSV_PRESET_IDS,
  CSV_PRESETS,
  GENERIC_COLUMNS,
  isCsvPresetId,
  savedStatementMappingSchema,
  statementMappingSchema,
  statementTemplate,
  STATEMENT_FIELDS,
  type StatementMapping,
} from '@/lib/statements';
import { AppError, parseOrThrow } from '../../errors';
import type { ReconciliationService } from '../../reconciliation';
import { actorLabel, recordAudit } from '../audit';
import type { ApiEnv } from '../context';
import { requireMerchantWideOperation } from '../middleware/authenticate';
import { reply } from '../reply';
import { defineRoute, type ApiRoute } from '../route';

// Bank CSV presets and column mappings of statements (docs/decisions/040).

const PRESETS_TEXT = CSV_PRESETS.map((preset) => `${preset.id} (${preset.bank}, ${preset.currency})`).join(
  ', ',
);

/** What our own layout needs and reads, as the API's documents say it. */
export const GENERIC_COLUMNS_TEXT =
  `Our layout needs the columns ${GENERIC_COLUMNS.required.join(', ')}; it reads ` +
  `${GENERIC_COLUMNS.optional.join(', ')} where present.`;

/** The query parameters of a statement import that name its mapping (POST /collection/statements). */
export const statementMappingQueryDocument = [
  {
    name: 'preset',
    description: `A bank's CSV export as the bank writes it: ${PRESETS_TEXT}; or generic, our own layout (the default, unless the account has a saved mapping).`,
    schema: { type: 'string', enum: ['generic', ...CSV_PRESET_IDS] },
  },
  {
    name: 'columns',
    description:
      `A column mapping as compact JSON, field → the file's header: ${STATEMENT_FIELDS.join(', ')}; e.g. ` +
      '{"bookedAt":"Date","credit":"Deposit","debit":"Withdrawal","note":"Details"}. Without a preset it needs bookedAt ' +
      'and amount (signed, or with direction: CR/DB) or credit (with debit); with a preset it replaces those columns of it.',
    schema: { type: 'string' },
  },
  {
    name: 'dateFormat',
    description:
      'With columns or a preset: YYYY-MM-DD, DD/MM/YYYY or MM/DD/YYYY (any separator, 2- or 4-digit years, a time may follow).',
    schema: { type: 'string', enum: ['YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY'] },
  },
  {
    name: 'era',
    description:
      'With columns or a preset: CE, BE (Thai Buddhist Era, 2569 = 2026) or auto (years from 2400 are BE).',
    schema: { type: 'string', enum: ['CE', 'BE', 'auto'] },
  },
  {
    name: 'decimalSeparator',
    description:
      'With columns or a preset: "." or "," (the other groups thousands), or none (whole amounts; both group thousands).',
    schema: { type: 'string', enum: ['.', ',', 'none'] },
  },
] as const;

/** The mapping a statement import's query names ({} when none: the account's saved one applies). */
export function statementMappingOfQuery(c: Context<ApiEnv>): StatementMapping {
  const columnsText = c.req.query('columns');
  let columns: unknown;
  if (columnsText !== undefined) {
    try {
      columns = JSON.parse(columnsText);
    } catch {
      throw new AppError('VALIDATION_FAILED', 'The columns parameter is not JSON.', {
        errors: [
          {
            field: 'columns',
            message:
              'Not JSON: an object of header names by field, e.g. {"bookedAt":"Date","credit":"Deposit"}.',
          },
        ],
      });
    }
  }
  return parseOrThrow(statementMappingSchema, {
    preset: c.req.query('preset'),
    columns,
    dateFormat: c.req.query('dateFormat'),
    era: c.req.query('era'),
    decimalSeparator: c.req.query('decimalSeparator'),
  });
}

const templateQuerySchema = z.object({
  preset: z
    .string()
    .refine(isCsvPresetId, `One of ${CSV_PRESET_IDS.join(', ')}.`)
    .optional(),
});

function presentMapping(saved: Awaited<ReturnType<ReconciliationService['statementMappings']['get']>>) {
  return {
    accountId: saved.accountId,
    mapping: saved.mapping ?? null,
    ...(saved.updatedAt && { updatedAt: saved.updatedAt.toISOString() }),
    ...(saved.updatedBy && { updatedBy: saved.updatedBy }),
  };
}

const MAPPING_DESCRIPTION =
  'The mapping is { "preset" } (a bank export: ' +
  PRESETS_TEXT +
  '; or generic, our own layout), or { "columns": { field: header } } with optional dateFormat, era and decimalSeparator, ' +
  'or a preset with some of its columns replaced.';

export function statementMappingRoutes(collection: ReconciliationService): readonly ApiRoute[] {
  const common = {
    tag: 'Collection',
    versioned: true,
    auth: 'token',
    authorize: requireMerchantWideOperation,
  } as const;
  return [
    defineRoute({
      ...common,
      method: 'GET',
      path: '/collection/statements/template.csv',
      operationId: 'downloadStatementTemplate',
      summary: 'Download a CSV statement template',
      description:
        `A CSV file (UTF-8 with a byte-order mark) with our layout's header and two example rows, money in and money out. ` +
        `${GENERIC_COLUMNS_TEXT} With ?preset=, the bank export's header as the preset reads it, and two rows ` +
        `as the bank writes them. Token operation: GET /collection/statements/template.csv.`,
      query: [
        {
          name: 'preset',
          description: `A bank preset: ${PRESETS_TEXT}.`,
          schema: { type: 'string', enum: [...CSV_PRESET_IDS] },
        },
      ],
      responses: {
        200: { description: 'The template, as an attachment.', contentType: 'text/csv', schema: z.string() },
      },
      errors: ['VALIDATION_FAILED', 'PAYMENT_NOT_PERMITTED'],
      handle(c) {
        const query = parseOrThrow(templateQuerySchema, { preset: c.req.query('preset') });
        const preset = query.preset !== undefined && isCsvPresetId(query.preset) ? query.preset : undefined;
        const { fileName, text } = statementTemplate(preset);
        return c.body(text, 200, {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${fileName}"`,
          'Cache-Control': 'no-store',
        });
      },
    }),
    defineRoute({
      ...common,
      method: 'GET',
      path: '/collection/accounts/:accountId/statement-mapping',
      operationId: 'getStatementMapping',
      summary: "Read a collection account's saved statement mapping",
      description:
        'How CSV statements of the account are read when an import names no preset or columns. `mapping` null: none saved, ' +
        `our own layout. ${MAPPING_DESCRIPTION} Token operation: GET /collection/accounts/{accountId}/statement-mapping.`,
      responses: { 200: { description: 'The saved mapping.', schema: statementMappingResponseSchema } },
      errors: ['COLLECTION_ACCOUNT_NOT_FOUND', 'PAYMENT_NOT_PERMITTED'],
      async handle(c) {
        const saved = await collection.statementMappings.get(
          c.get('merchant'),
          c.req.param('accountId') ?? '',
        );
        return reply(c, presentMapping(saved));
      },
    }),
    defineRoute({
      ...common,
      method: 'PUT',
      path: '/collection/accounts/:accountId/statement-mapping',
      operationId: 'saveStatementMapping',
      summary: "Save a collection account's statement mapping",
      description:
        'From now on, CSV statements of the account imported without preset or columns are read with it (an import may ' +
        `still name its own). ${MAPPING_DESCRIPTION} { "preset": "generic" } goes back to our layout. An unknown preset or ` +
        'field, or a custom mapping without its date and money columns, is refused (400, naming the field). ' +
        'Token operation: PUT /collection/accounts/{accountId}/statement-mapping.',
      body: savedStatementMappingSchema,
      responses: { 200: { description: 'The saved mapping.', schema: statementMappingResponseSchema } },
      errors: [
        'VALIDATION_FAILED',
        'MALFORMED_JSON',
        'COLLECTION_ACCOUNT_NOT_FOUND',
        'PAYMENT_NOT_PERMITTED',
      ],
      async handle(c, { body, deps }) {
        const accountId = c.req.param('accountId') ?? '';
        const saved = await collection.statementMappings.save(c.get('merchant'), accountId, {
          mapping: body,
          actor: actorLabel(c),
        });
        await recordAudit(c, deps, {
          action: 'collection_statement_mapping.saved',
          target: saved.accountId,
          details: { mapping: body },
        });
        return reply(c, presentMapping(saved));
      },
    }),
  ];
}
