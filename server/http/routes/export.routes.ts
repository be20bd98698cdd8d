import 'server-only';
import { z } from 'zod';
import { parseOrThrow } from '../../errors';
import {
  EXPORT_KINDS,
  MAX_EXPORT_DAYS,
  exportQuerySchema,
  negotiateFormat,
  type ExportKind,
  type ExportService,
} from '../../exports';
import { recordAudit } from '../audit';
import { requireMerchantWideOperation } from '../middleware/authenticate';
import { responseHeaders } from '../reply';
import { header } from '../request-info';
import { defineRoute, type ApiRoute } from '../route';

/** What each export holds, one line per what (docs/decisions/045). */
const CONTENTS: Record<ExportKind, { operationId: string; summary: string; description: string }> = {
  payins: {
    operationId: 'exportPayins',
    summary: 'Export the payins created in a period',
    description:
      'One line per payin created in the period, oldest first: ids, reference, status, method and operator, amount, ' +
      'amount required and received, fee, VAT, the customer and payer data, and its times.',
  },
  payouts: {
    operationId: 'exportPayouts',
    summary: 'Export the payouts created in a period',
    description:
      'One line per payout created in the period, oldest first: ids, status, amount, fee, VAT, the destination, the ' +
      'paying account and EndToEndId of payouts by file, and when it was created, paid or returned.',
  },
  refunds: {
    operationId: 'exportRefunds',
    summary: 'Export the refunds created in a period',
    description:
      'One line per refund created in the period, oldest first: idRefund and its idPayin, status, amount, fee, VAT, ' +
      'reason, where the money goes (and whether the merchant, the payer account or a claim said so), and its times.',
  },
  ledger: {
    operationId: 'exportLedger',
    summary: "Export the ledger's lines of a period",
    description:
      "One line per entry of each transfer made in the period, the transfer's id, type, time, currency and subject " +
      '(idPayin, idPayout, idRefund, idCollectionTransaction) repeated on each of its lines: a journal as accounting ' +
      "software imports it; a transfer's lines add up to zero (debits = credits).",
  },
  'collection-transactions': {
    operationId: 'exportCollectionTransactions',
    summary: 'Export the collection transactions booked in a period',
    description:
      "One line per incoming transaction of the merchant's collection accounts booked in the period (bookedAt), " +
      'oldest first: the bank transaction id, amount and what was applied, the note and payer as the bank gave them, ' +
      'what matching made of it and how it was resolved.',
  },
  'settlement-report': {
    operationId: 'exportSettlementReport',
    summary: 'The settlement report: per currency and day, from the ledger',
    description:
      'One line per currency and day of the period: openingBalance, gross (payin amounts credited), fees and vat (what ' +
      'the merchant paid that day on payins, payouts and refunds, less what returns gave back), net (gross − fees − vat), ' +
      'payouts and refunds (money sent, less what came back), closingBalance (available + pending + reserved, = ' +
      'openingBalance + net − payouts − refunds) with its parts, and closingUnapplied (collection money owed to no payin ' +
      'yet). A report ending today closes at GET /balances.',
  },
};

const COMMON_DESCRIPTION =
  " `from` and `to` are calendar days in the time zone (`timeZone`, else the merchant's, else UTC), both included, " +
  `at most ${MAX_EXPORT_DAYS} days. CSV (RFC 4180, UTF-8, CRLF, a header record whose time columns name the zone; ` +
  'a cell a spreadsheet would run as a formula starts with a single quote) or JSON Lines (`format=jsonl` or Accept: ' +
  'application/jsonl; one object per line, null where there is nothing). Money is an exact decimal string in ' +
  'currency units ("1500.50"); times are ISO 8601 on the zone\'s clock with its offset; the zone is also in the ' +
  'Export-Time-Zone header. Streamed as it is read: a transfer that ends without its last chunk was cut short. ';

/** The file itself: CSV or JSON Lines text. */
const fileSchema = z.string();

/** GET /exports/{kind} (docs/decisions/045): files of a period, merchant-wide. */
export function exportRoutes(exports: ExportService): readonly ApiRoute[] {
  return EXPORT_KINDS.map((kind) =>
    defineRoute({
      method: 'GET',
      path: `/exports/${kind}`,
      ...CONTENTS[kind],
      description: `${CONTENTS[kind].description}${COMMON_DESCRIPTION}Token operation: GET /exports/${kind} (GET /exports/.* for all).`,
      tag: 'Exports',
      versioned: true,
      auth: 'token',
      authorize: requireMerchantWideOperation,
      query: [
        {
          name: 'from',
          description: 'First day, YYYY-MM-DD (required).',
          schema: { type: 'string', format: 'date' },
        },
        {
          name: 'to',
          description: 'Last day, YYYY-MM-DD, included (required).',
          schema: { type: 'string', format: 'date' },
        },
        {
          name: 'timeZone',
          description: "IANA time zone of the days and times (default: the merchant's setting, else UTC).",
          schema: { type: 'string', examples: ['Asia/Bangkok'] },
        },
        {
          name: 'format',
          description:
            'csv (default) or jsonl; without it, Accept: application/jsonl (or application/x-ndjson) asks for JSON Lines.',
          schema: { type: 'string', enum: ['csv', 'jsonl'] },
        },
      ],
      responses: {
        200: {
          description: 'The file, as an attachment.',
          contentTypes: ['text/csv', 'application/jsonl'],
          schema: fileSchema,
        },
      },
      errors: ['VALIDATION_FAILED', 'PAYMENT_NOT_PERMITTED'],
      async handle(c, { deps }) {
        const query = parseOrThrow(exportQuerySchema, {
          from: c.req.query('from'),
          to: c.req.query('to'),
          timeZone: c.req.query('timeZone'),
          format: c.req.query('format'),
        });
        const merchant = c.get('merchant');
        const request = {
          kind,
          from: query.from,
          to: query.to,
          timeZone: query.timeZone ?? merchant.settings.timeZone ?? 'UTC',
          format: negotiateFormat(query.format, header(c, 'accept')),
        };
        const file = await exports.open(merchant, request);
        // Payer data leaving in bulk: who took which file, and when.
        await recordAudit(c, deps, {
          action: 'export.downloaded',
          target: kind,
          details: { from: request.from, to: request.to, timeZone: request.timeZone, format: request.format },
        });
        return new Response(file.body, {
          status: 200,
          headers: {
            ...responseHeaders(c),
            'content-type': file.contentType,
            'content-disposition': `attachment; filename="${file.filename}"`,
            'export-time-zone': file.timeZone,
            'cache-control': 'no-store',
            'x-content-type-options': 'nosniff',
          },
        });
      },
    }),
  );
}
