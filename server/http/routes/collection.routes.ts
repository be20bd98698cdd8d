import 'server-only';
import { recordAudit } from '../audit';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  COLLECTION_OUTCOMES,
  collectionAccountsResponseSchema,
  collectionIngestResponseSchema,
  collectionTransactionPageSchema,
  collectionTransactionSchema,
  FEED_DELIVERY_MAX_BYTES,
  STATEMENT_MAX_BYTES,
} from '@/lib/api/collection-responses';
import { isCurrencyCode } from '@/lib/money';
import { idPayinSchema } from '@/lib/schemas';
import { payingAccountsOf, presentCollectionAccount } from '../../accounts';
import type { BankReportResult, PayoutBatchService } from '../../payouts';
import { AppError, parseOrThrow } from '../../errors';
import {
  feedDeliverySchema,
  presentCollectionTransaction,
  sepaySchema,
  type ReceiptResult,
  type ReconciliationService,
} from '../../reconciliation';
import type { ApiEnv } from '../context';
import { readBody, readUtf8Body } from '../body';
import { clientAddress } from '../request-info';
import { requireMerchantWideOperation } from '../middleware/authenticate';
import { reply } from '../reply';
import { defineRoute, type ApiRoute } from '../route';
import { pageQueryDocument, parsePageQuery } from './list-params';
import {
  GENERIC_COLUMNS_TEXT,
  statementMappingOfQuery,
  statementMappingQueryDocument,
  statementMappingRoutes,
} from './statement-mapping.routes';

const listQuerySchema = z.object({
  review: z.enum(['true', 'false'], { error: 'true or false.' }).optional(),
  outcome: z.enum(COLLECTION_OUTCOMES, { error: `One of ${COLLECTION_OUTCOMES.join(', ')}.` }).optional(),
  account: z.string().max(40).optional(),
  idPayin: idPayinSchema.optional(),
});

const reviewActorSchema = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .regex(/^[^\u0000-\u001f\u007f]+$/, 'Printable text only.');

const linkBodySchema = z.object({
  idPayin: idPayinSchema,
  /** The person acting, as they name themselves (recorded with the merchant's code). */
  by: reviewActorSchema.optional(),
  note: z.string().trim().max(500).optional(),
});
const refundBodySchema = z.object({
  by: reviewActorSchema.optional(),
  /** The refund's bank reference or the reason. */
  note: z.string().trim().max(500).optional(),
});

const statementQuerySchema = z.object({
  account: z.string().min(1, 'Name the collection account: ?account=<id>.').max(40),
  format: z.enum(['csv', 'camt053'], { error: 'csv or camt053.' }).optional(),
  timeZone: z
    .string()
    .regex(/^[+-](?:0\d|1[0-4]):[0-5]\d$/, 'An offset such as +07:00.')
    .optional(),
  currency: z.string().refine(isCurrencyCode, 'A supported currency code.').optional(),
});

/**
 * Who acted: the signed-in person of a console token (their name, not one typed in), else the
 * person as the caller named them, and always the merchant whose token it was.
 */
function actorOf(c: Context<ApiEnv>, by: string | undefined): string {
  const merchant = c.get('merchant');
  const person = c.get('grant').console?.name ?? by;
  return person === undefined ? merchant.code : `${person} (${merchant.code})`;
}

function answer(c: Context<ApiEnv>, result: ReceiptResult & { payouts?: BankReportResult }): Response {
  return reply(c, {
    success: true,
    stored: result.stored,
    duplicates: result.duplicates,
    skipped: result.skipped,
    transactions: result.transactions.map(({ transaction, duplicate }) => ({
      duplicate,
      transaction: presentCollectionTransaction(transaction),
    })),
    ...(result.payouts && { payouts: result.payouts }),
  });
}

/**
 * Reconciliation (docs/decisions/028): incoming transactions from bank feeds and statements, and
 * the review queue where the merchant's operator resolves money no payin took.
 */
export function collectionRoutes(
  collection: ReconciliationService,
  payoutBatches: PayoutBatchService,
): readonly ApiRoute[] {
  return [
    ...statementMappingRoutes(collection),
    defineRoute({
      method: 'POST',
      path: '/collection/transactions',
      operationId: 'receiveCollectionTransactions',
      summary: 'Bank feed: report incoming transactions of a collection account',
      description:
        "For the bank-feed service or chain watcher of one of the merchant's collection accounts. Authenticated per account: " +
        '`Authorization: Apikey <feed API key>` (or Bearer), or a Standard Webhooks signature with the account named in the ' +
        'query (?merchant=&account=). The body is `{ "transactions": [ { "id", "amount": "1234.50", "currency", "bookedAt", ' +
        '"note", "payer": { "name", "accountNumber", "bank" }, "to" } ] }` (1–500; amounts as decimal strings) or a SePay ' +
        'webhook payload (one transaction; outgoing ones are skipped). Each transaction is stored once per account and bank ' +
        'transaction id (a redelivery answers how it stands) and matched at once: by the payin reference in the note, else ' +
        "by the exact amount to pay among the account's open payins. A record that cannot be read refuses the whole " +
        'delivery (400, every problem named, nothing stored).',
      tag: 'Collection',
      versioned: false,
      auth: 'none',
      security: [['feedApiKey'], ['feedSignature']],
      maxBodyBytes: FEED_DELIVERY_MAX_BYTES,
      requestBodyDocument: {
        description:
          'A delivery of ours, or a SePay webhook payload (told apart by transferType and transferAmount).',
        required: true,
        content: {
          'application/json': {
            description:
              'FeedDelivery: 1–500 transactions, amounts as decimal strings, currency optional (the account’s). ' +
              'SePayWebhook: one VND transaction as SePay posts it; transferType "out" is skipped.',
            schemas: { FeedDelivery: feedDeliverySchema, SePayWebhook: sepaySchema },
          },
        },
      },
      query: [
        {
          name: 'merchant',
          description: 'With a signed delivery: the merchant code.',
          schema: { type: 'string' },
        },
        {
          name: 'account',
          description: 'With a signed delivery: the collection account id.',
          schema: { type: 'string' },
        },
      ],
      responses: {
        200: { description: 'What became of each transaction.', schema: collectionIngestResponseSchema },
      },
      errors: [
        'VALIDATION_FAILED',
        'MALFORMED_JSON',
        'UNSUPPORTED_MEDIA_TYPE',
        'AUTHENTICATION_REQUIRED',
        'INVALID_CREDENTIALS',
        'TOO_MANY_FAILED_ATTEMPTS',
      ],
      async handle(c, { deps }) {
        // Wrong keys and signatures count against the sender's address, as wrong secrets do at the
        // token endpoints: a locked address is refused before its key is looked at.
        const address = clientAddress(c, deps.trustProxy);
        await deps.authFailures.assertAddressMayTry(address);
        try {
          const result = await collection.receiveDelivery({
            headers: c.req.raw.headers,
            body: await readUtf8Body(c, 'The delivery is not valid UTF-8.', c.get('bodyLimit')),
            contentType: c.req.header('content-type'),
            merchantCode: c.req.query('merchant'),
            accountId: c.req.query('account'),
          });
          return answer(c, result);
        } catch (error) {
          if (error instanceof AppError && error.code === 'INVALID_CREDENTIALS')
            throw (await deps.authFailures.recordFailure(address)) ?? error;
          throw error;
        }
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/collection/statements',
      operationId: 'importCollectionStatement',
      summary: 'Import a bank statement of a collection account',
      description:
        'The body is the statement file as the bank gives it: CSV (text/csv: a header row; id, date, amount or credit/debit, ' +
        'currency, note columns by their usual names) or ISO 20022 camt.053 / camt.054 (application/xml), up to 5 MB. ' +
        'Credits are stored once per account and bank transaction id and matched as bank-feed transactions are; pending ' +
        'entries are skipped and counted. On an account that pays out by file (decision 038), debits, rejections (RJCT) ' +
        'and returns naming a payout by EndToEndId end the payouts of its downloaded batches (`payouts` in the answer); ' +
        "elsewhere debits are skipped and counted. `timeZone` is the offset of dates without one (default: the account currency's country, e.g. " +
        '+07:00 for THB); `currency` that of CSV rows without one ' +
        "(default: the account's). Any record that cannot be read refuses the whole file (400, every problem with its line " +
        "or entry). A bank's own CSV export is read with ?preset= (KBank, SCB, Vietcombank, BCA, BDO, Maybank, HDFC: " +
        "local-language headers, a preamble before the header row, Buddhist Era dates, the market's thousands separators; " +
        'ids derived from the rows where the export has none), or with a column mapping (?columns= as JSON, with ' +
        'dateFormat, era, decimalSeparator); without either, the mapping saved for the account ' +
        '(PUT /collection/accounts/{accountId}/statement-mapping), else our layout. A mapped column the file lacks is ' +
        'refused naming it and the headers found. GET /collection/statements/template.csv is a template. ' +
        'Token operation: POST /collection/statements.',
      tag: 'Collection',
      versioned: true,
      auth: 'token',
      authorize: requireMerchantWideOperation,
      maxBodyBytes: STATEMENT_MAX_BYTES,
      requestBodyDocument: {
        description:
          'The statement file, UTF-8, up to 5 MB and 10,000 entries. Another Content-Type is taken when ?format= names ' +
          'the format.',
        required: true,
        content: {
          'text/csv': {
            description:
              `${GENERIC_COLUMNS_TEXT} Without a preset or mapping: ` +
              'RFC 4180 CSV with a header row naming the columns (without regard to case, spaces or punctuation): id ' +
              '(or transaction id, bank reference, reference, ref), date (booked at, booking date, transaction date, ' +
              'value date), amount (signed) or credit with an optional debit (deposit / withdrawal, paid in / paid ' +
              'out), and optionally currency, note (description, details, remarks, narrative, memo), payer, payer ' +
              'account, payer bank. Dates ISO 8601 (2026-11-24, 2026-11-24 10:00, 2026-11-24T10:00:00+07:00), ' +
              'amounts with at most the currency’s decimals.',
            jsonSchema: { type: 'string' },
          },
          'application/xml': {
            description:
              'ISO 20022 camt.053 statement or camt.054 notification, versions .001.02 to .001.13 (text/xml too): each ' +
              'Ntry with its Amt and Ccy, CdtDbtInd CRDT (DBIT only for payouts by file), Sts BOOK (RJCT for payouts; ' +
              'pending and informational entries are skipped), BookgDt ' +
              'or ValDt, AcctSvcrRef (else EndToEndId) as the bank transaction id, and the remittance information ' +
              'as the note; an entry whose TxDtls each carry an amount is one transaction per TxDtls.',
            jsonSchema: { type: 'string' },
          },
        },
      },
      query: [
        { name: 'account', description: 'The collection account id.', schema: { type: 'string' } },
        {
          name: 'format',
          description: 'csv or camt053 (default: by Content-Type).',
          schema: { type: 'string', enum: ['csv', 'camt053'] },
        },
        {
          name: 'timeZone',
          description: 'Offset of CSV dates without one, e.g. +07:00.',
          schema: { type: 'string', pattern: '^[+-](?:0\\d|1[0-4]):[0-5]\\d$' },
        },
        { name: 'currency', description: 'Currency of CSV rows without one.', schema: { type: 'string' } },
        ...statementMappingQueryDocument,
      ],
      responses: {
        200: { description: 'What became of each credit.', schema: collectionIngestResponseSchema },
      },
      errors: ['VALIDATION_FAILED', 'UNSUPPORTED_MEDIA_TYPE', 'PAYMENT_NOT_PERMITTED'],
      async handle(c, { deps }) {
        const query = parseOrThrow(statementQuerySchema, {
          account: c.req.query('account') ?? '',
          format: c.req.query('format'),
          timeZone: c.req.query('timeZone'),
          currency: c.req.query('currency'),
        });
        const merchant = c.get('merchant');
        const { outgoing, ...result } = await collection.importStatement(merchant, query.account, {
          format: query.format,
          contentType: c.req.header('content-type') ?? '',
          timeZone: query.timeZone,
          currency:
            query.currency !== undefined && isCurrencyCode(query.currency) ? query.currency : undefined,
          mapping: statementMappingOfQuery(c),
          content: await readBody(c, c.get('bodyLimit')),
        });
        // An account paying out by file: its debits, rejections and returns end its payouts (decision 038).
        const payouts = payingAccountsOf(merchant).some((account) => account.id === query.account)
          ? await payoutBatches.applyBankReport(merchant, query.account, outgoing)
          : undefined;
        const answered = payouts
          ? { ...result, payouts }
          : { ...result, skipped: result.skipped + outgoing.length };
        await recordAudit(c, deps, {
          action: 'collection_statement.imported',
          target: query.account,
          details: {
            stored: result.stored,
            duplicates: result.duplicates,
            skipped: answered.skipped,
            ...(payouts && {
              payoutsSucceeded: payouts.succeeded.length,
              payoutsRefused: payouts.refused.length,
            }),
          },
        });
        return answer(c, answered);
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/collection/accounts',
      operationId: 'listCollectionAccounts',
      summary: "List the merchant's collection accounts",
      description:
        'The receiving coordinates the operator configured (merchants file), without feed secrets: whether the feed ' +
        'authenticates with an API key or a signature. Token operation: GET /collection/accounts.',
      tag: 'Collection',
      versioned: true,
      auth: 'token',
      authorize: requireMerchantWideOperation,
      responses: { 200: { description: 'The accounts.', schema: collectionAccountsResponseSchema } },
      errors: ['PAYMENT_NOT_PERMITTED'],
      handle(c) {
        return reply(c, { data: c.get('merchant').collectionAccounts.map(presentCollectionAccount) });
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/collection/transactions',
      operationId: 'listCollectionTransactions',
      summary: 'List incoming transactions and the review queue',
      description:
        "The merchant's incoming transactions, newest first, by cursor. `review=true`: the review queue, money received and " +
        'owed to no payin (unmatched, late, the excess of an overpayment, short payments of a payin that ended), until it is ' +
        'linked to a payin or refunded. Filters: outcome, account, idPayin. Token operation: GET /collection/transactions.',
      tag: 'Collection',
      versioned: true,
      auth: 'token',
      authorize: requireMerchantWideOperation,
      query: [
        { name: 'review', description: 'true: only what needs review.', schema: { type: 'boolean' } },
        {
          name: 'outcome',
          description: `One of ${COLLECTION_OUTCOMES.join(', ')}.`,
          schema: { type: 'string' },
        },
        { name: 'account', description: 'Only this collection account.', schema: { type: 'string' } },
        { name: 'idPayin', description: 'Only the transactions of this payin.', schema: { type: 'string' } },
        ...pageQueryDocument,
      ],
      responses: { 200: { description: 'A page of transactions.', schema: collectionTransactionPageSchema } },
      errors: ['VALIDATION_FAILED', 'PAYMENT_NOT_PERMITTED'],
      async handle(c) {
        const page = parsePageQuery(c);
        const filter = parseOrThrow(listQuerySchema, {
          review: c.req.query('review'),
          outcome: c.req.query('outcome'),
          account: c.req.query('account'),
          idPayin: c.req.query('idPayin'),
        });
        const result = await collection.list(c.get('merchant'), {
          ...page,
          filter: {
            review: filter.review === 'true',
            outcome: filter.outcome,
            accountId: filter.account,
            idPayin: filter.idPayin,
          },
        });
        return reply(c, {
          data: result.transactions.map(presentCollectionTransaction),
          ...(result.nextCursor && { nextCursor: result.nextCursor }),
        });
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/collection/transactions/:idCollectionTransaction',
      operationId: 'getCollectionTransaction',
      summary: 'Read an incoming transaction',
      description:
        'With its raw record, outcome, payin and resolution. Token operation: GET /collection/transactions/{id}.',
      tag: 'Collection',
      versioned: true,
      auth: 'token',
      authorize: requireMerchantWideOperation,
      responses: { 200: { description: 'The transaction.', schema: collectionTransactionSchema } },
      errors: ['COLLECTION_TRANSACTION_NOT_FOUND', 'PAYMENT_NOT_PERMITTED'],
      async handle(c) {
        const transaction = await collection.get(
          c.get('merchant'),
          c.req.param('idCollectionTransaction') ?? '',
        );
        return reply(c, presentCollectionTransaction(transaction));
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/collection/transactions/:idCollectionTransaction/!link',
      operationId: 'linkCollectionTransaction',
      summary: 'Review: give unapplied money to an open payin',
      description:
        'For an unmatched or late transaction, or the short payment of a payin that ended: the whole amount counts as a ' +
        'payment of the open payin named (success, overpayment or still short), and the success credit names who linked ' +
        "it. 409 when nothing is left to link (an overpayment's excess can only be refunded) or the payin is no longer open. " +
        'Token operation: POST /collection/transactions/{id}/!link.',
      tag: 'Collection',
      versioned: true,
      auth: 'token',
      authorize: requireMerchantWideOperation,
      body: linkBodySchema,
      responses: {
        200: { description: 'The transaction as it now stands.', schema: collectionTransactionSchema },
      },
      errors: [
        'VALIDATION_FAILED',
        'COLLECTION_TRANSACTION_NOT_FOUND',
        'COLLECTION_TRANSACTION_RESOLVED',
        'PAYIN_NOT_FOUND',
        'PAYIN_FINAL',
        'PAYMENT_NOT_PERMITTED',
      ],
      async handle(c, { body, deps }) {
        const merchant = c.get('merchant');
        const id = c.req.param('idCollectionTransaction') ?? '';
        const transaction = await collection.link(merchant, id, {
          idPayin: body.idPayin,
          actor: actorOf(c, body.by),
          note: body.note,
        });
        await recordAudit(c, deps, {
          action: 'collection_transaction.linked',
          target: id,
          details: {
            idPayin: body.idPayin,
            ...(body.by && { by: body.by }),
            ...(body.note && { note: body.note }),
          },
        });
        return reply(c, presentCollectionTransaction(transaction));
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/collection/transactions/:idCollectionTransaction/!refund',
      operationId: 'refundCollectionTransaction',
      summary: 'Review: mark unapplied money refunded to the payer',
      description:
        "The unapplied part leaves the merchant's unapplied balance (a COLLECTION_REFUND transfer naming who did it); the " +
        'money is sent back from the collection account by its owner. 409 when nothing is left, or when the money is a short ' +
        'payment of a payin still open (cancel it first). Token operation: POST /collection/transactions/{id}/!refund.',
      tag: 'Collection',
      versioned: true,
      auth: 'token',
      authorize: requireMerchantWideOperation,
      body: refundBodySchema,
      bodyOptional: true,
      responses: {
        200: { description: 'The transaction as it now stands.', schema: collectionTransactionSchema },
      },
      errors: [
        'VALIDATION_FAILED',
        'COLLECTION_TRANSACTION_NOT_FOUND',
        'COLLECTION_TRANSACTION_RESOLVED',
        'PAYMENT_NOT_PERMITTED',
      ],
      async handle(c, { body, deps }) {
        const merchant = c.get('merchant');
        const id = c.req.param('idCollectionTransaction') ?? '';
        const transaction = await collection.refund(merchant, id, {
          actor: actorOf(c, body.by),
          note: body.note,
        });
        await recordAudit(c, deps, {
          action: 'collection_transaction.refunded',
          target: id,
          details: { ...(body.by && { by: body.by }), ...(body.note && { note: body.note }) },
        });
        return reply(c, presentCollectionTransaction(transaction));
      },
    }),
  ];
}
