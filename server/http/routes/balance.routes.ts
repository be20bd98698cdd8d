import 'server-only';
import { z } from 'zod';
import { balancesResponseSchema, balanceTransactionsResponseSchema } from '@/lib/api/payout-responses';
import { CURRENCY_CODES, isCurrencyCode, moneyOf, toApiMoney } from '@/lib/money';
import { idPayinSchema } from '@/lib/schemas';
import { parseOrThrow } from '../../errors';
import type { LedgerService } from '../../ledger';
import type { PayinService } from '../../payins';
import type { PayoutService } from '../../payouts';
import type { ReconciliationService } from '../../reconciliation';
import { requireMerchantWideOperation } from '../middleware/authenticate';
import { reply } from '../reply';
import { defineRoute, type ApiRoute } from '../route';
import { pageQueryDocument, parsePageQuery, queryList } from './list-params';

const transferFilterSchema = z.object({
  idPayin: idPayinSchema.optional(),
  idPayout: idPayinSchema.optional(),
});

/** Balances and the ledger's transfers (docs/decisions/027), merchant-wide like payouts. */
export function balanceRoutes(
  ledger: LedgerService,
  payins: PayinService,
  payouts: PayoutService,
  collection: ReconciliationService,
): readonly ApiRoute[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/balances',
      operationId: 'getBalances',
      summary: "Read the merchant's balances",
      description:
        'Per currency: available (may be paid out), pending (paid in, waiting for the settlement delay), reserved ' +
        "(held by payouts in flight) and unapplied (received at the merchant's collection accounts and owed to no payin yet: " +
        'unmatched, late, excess or short payments; docs/decisions/028), and of that, forReview: the money in the ' +
        'review queue, waiting for the merchant to link or refund it (the rest is short payments of payins still ' +
        'open, which count on them). Without `currencies`, every currency the merchant has money in or had; with it, ' +
        'each listed supported currency once, in that order (zero when none); unsupported or invalid values are ' +
        'ignored. Token operation: GET /balances.',
      tag: 'Balances',
      versioned: true,
      auth: 'token',
      authorize: requireMerchantWideOperation,
      query: [
        {
          name: 'currencies',
          description: `Comma-separated currency codes of ${CURRENCY_CODES.join(', ')}; others are ignored, and a list of none is as if absent.`,
          schema: { type: 'string', examples: ['THB,VND'] },
        },
      ],
      responses: { 200: { description: 'The balances.', schema: balancesResponseSchema } },
      errors: ['PAYMENT_NOT_PERMITTED'],
      async handle(c) {
        const merchant = c.get('merchant');
        const [balances, queue] = await Promise.all([
          ledger.balances(merchant, queryList(c.req.queries('currencies'), isCurrencyCode)),
          collection.reviewQueue(merchant),
        ]);
        const forReview = new Map(queue.map((entry) => [entry.currency, entry.unappliedMinor]));
        return reply(c, {
          data: balances.map((balance) => ({
            currencyCode: balance.currency,
            available: toApiMoney(moneyOf(balance.currency, balance.availableMinor)),
            pending: toApiMoney(moneyOf(balance.currency, balance.pendingMinor)),
            reserved: toApiMoney(moneyOf(balance.currency, balance.reservedMinor)),
            unapplied: toApiMoney(moneyOf(balance.currency, balance.unappliedMinor)),
            forReview: toApiMoney(moneyOf(balance.currency, forReview.get(balance.currency) ?? 0n)),
          })),
        });
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/balance-transactions',
      operationId: 'listBalanceTransactions',
      summary: "List the ledger's transfers of the merchant",
      description:
        "Every movement of the merchant's money, newest first, with all its double-entry lines: PAYIN_CREDIT (a " +
        'successful payin: the amount less fee and VAT to merchant.pending, fee and VAT to the operator), ' +
        'PAYIN_SETTLEMENT (pending to available), PAYOUT_RESERVE, PAYOUT_DEBIT (the money left) and PAYOUT_RELEASE (a ' +
        'refused payout returned). Filter by idPayin or idPayout. Token operation: GET /balance-transactions.',
      tag: 'Balances',
      versioned: true,
      auth: 'token',
      authorize: requireMerchantWideOperation,
      query: [
        ...pageQueryDocument,
        { name: 'idPayin', description: 'Only the transfers of this payin.', schema: { type: 'string' } },
        { name: 'idPayout', description: 'Only the transfers of this payout.', schema: { type: 'string' } },
      ],
      responses: { 200: { description: 'A page of transfers.', schema: balanceTransactionsResponseSchema } },
      errors: ['VALIDATION_FAILED', 'PAYMENT_NOT_PERMITTED', 'PAYIN_NOT_FOUND', 'PAYOUT_NOT_FOUND'],
      async handle(c) {
        const merchant = c.get('merchant');
        const filter = parseOrThrow(transferFilterSchema, {
          idPayin: c.req.query('idPayin'),
          idPayout: c.req.query('idPayout'),
        });
        const page = parsePageQuery(c);
        const payinId =
          filter.idPayin === undefined ? undefined : (await payins.get(merchant, filter.idPayin)).id;
        const payoutId =
          filter.idPayout === undefined ? undefined : (await payouts.get(merchant, filter.idPayout)).id;
        const result = await ledger.transfers(merchant, {
          ...page,
          ...(payinId !== undefined && { payinId }),
          ...(payoutId !== undefined && { payoutId }),
        });
        return reply(c, {
          data: result.transfers.map((transfer) => ({
            id: String(transfer.id),
            type: transfer.kind,
            createdAt: transfer.createdAt.toISOString(),
            currencyCode: transfer.currency,
            ...(transfer.idPayin !== undefined && { idPayin: transfer.idPayin }),
            ...(transfer.idPayout !== undefined && { idPayout: transfer.idPayout }),
            ...(transfer.idRefund !== undefined && { idRefund: transfer.idRefund }),
            ...(transfer.idCollectionTransaction !== undefined && {
              idCollectionTransaction: transfer.idCollectionTransaction,
            }),
            ...(transfer.actor !== undefined && { actor: transfer.actor }),
            entries: transfer.entries.map((entry) => ({
              account: entry.account,
              direction: entry.direction,
              money: toApiMoney(moneyOf(transfer.currency, entry.amountMinor)),
            })),
          })),
          ...(result.nextCursor !== undefined && { nextCursor: result.nextCursor }),
        });
      },
    }),
  ];
}
