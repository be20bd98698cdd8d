import { z } from 'zod';
import { CURRENCY_CODES } from '../money/currencies';
import { PAYOUT_METHOD_CODES } from '../payouts/methods';
import { apiMoneySchema } from './responses';

/** Statuses of a payout (process.status): PENDING until the money left or was refused. */
export const PAYOUT_STATUSES = ['PENDING', 'SUCCESS', 'REFUSED'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** Where money out goes, as payouts and refunds show it: the account, and the contact details given. */
export const payoutDestinationShape = {
  account: z.looseObject({
    accountName: z.string().optional(),
    accountNumber: z.string(),
    bankCode: z.string().optional(),
  }),
  phoneNumber: z.string().optional(),
  emailAddress: z.string().optional(),
};

/** A payout as GET /payouts/{idPayout} and the create answer show it (docs/decisions/027). */
export const payoutResponseSchema = z.looseObject({
  paymentRequested: z.looseObject({ money: apiMoneySchema }),
  process: z.looseObject({
    status: z.enum(PAYOUT_STATUSES),
    createdAt: z.string(),
    processedAt: z.string().optional(),
    /** A paid payout the bank returned later (docs/decisions/044): REFUSED since, its money back. */
    returnedAt: z.string().optional(),
    isTest: z.boolean(),
    processorStatus: z.string().optional(),
  }),
  /** The payout's fee, taken from the merchant's balance with the money (and the fee's VAT). */
  fee: apiMoneySchema,
  paymentMethodResponse: z.looseObject({
    idPayout: z.string(),
    paymentMethodCode: z.enum(PAYOUT_METHOD_CODES),
    ...payoutDestinationShape,
    money: apiMoneySchema,
    vat: apiMoneySchema.optional(),
    reference: z.string(),
    paymentOperator: z.looseObject({ code: z.string(), name: z.string() }).optional(),
  }),
});
export type PayoutResource = z.infer<typeof payoutResponseSchema>;

/** A page of GET /payouts, newest first; nextCursor is absent on the last page. */
export const payoutPageSchema = z.looseObject({
  data: z.array(payoutResponseSchema),
  nextCursor: z.string().optional(),
});
export type PayoutPage = z.infer<typeof payoutPageSchema>;

/** GET /balances: one entry per currency. */
export const balancesResponseSchema = z.looseObject({
  data: z.array(
    z.looseObject({
      currencyCode: z.enum(CURRENCY_CODES),
      /** May be paid out now. */
      available: apiMoneySchema,
      /** Paid in, waiting for the merchant's settlement delay. */
      pending: apiMoneySchema,
      /** Held for payouts in flight. */
      reserved: apiMoneySchema,
      /** Received at the merchant's collection accounts and not owed to it: unmatched, late, excess or short payments. */
      unapplied: apiMoneySchema.optional(),
      /** Of the unapplied money, what waits in the review queue for the merchant to link or refund (docs/decisions/028). */
      forReview: apiMoneySchema.optional(),
    }),
  ),
});
export type BalancesResource = z.infer<typeof balancesResponseSchema>;

export const LEDGER_TRANSFER_KINDS = [
  'PAYIN_CREDIT',
  'PAYIN_SETTLEMENT',
  'PAYOUT_RESERVE',
  'PAYOUT_DEBIT',
  'PAYOUT_RELEASE',
  'COLLECTION_RECEIPT',
  'COLLECTION_REFUND',
  'REFUND_RESERVE',
  'REFUND_DEBIT',
  'REFUND_RELEASE',
  'PAYOUT_RETURN',
  'REFUND_RETURN',
] as const;

/** GET /balance-transactions: the ledger's transfers touching the merchant, newest first. */
export const balanceTransactionsResponseSchema = z.looseObject({
  data: z.array(
    z.looseObject({
      id: z.string(),
      type: z.enum(LEDGER_TRANSFER_KINDS),
      createdAt: z.string(),
      currencyCode: z.enum(CURRENCY_CODES),
      idPayin: z.string().optional(),
      idPayout: z.string().optional(),
      /** The refund the transfer is about (REFUND_RESERVE, REFUND_DEBIT, REFUND_RELEASE), with its idPayin. */
      idRefund: z.string().optional(),
      /** The incoming collection transaction the transfer is about (COLLECTION_RECEIPT, COLLECTION_REFUND). */
      idCollectionTransaction: z.string().optional(),
      /** Who caused it when a person did (an operator's review action). */
      actor: z.string().optional(),
      entries: z.array(
        z.looseObject({
          /** merchant.pending, merchant.available, merchant.reserved, merchant.unapplied, operator.cash, operator.fees, operator.vat */
          account: z.string(),
          direction: z.enum(['DEBIT', 'CREDIT']),
          money: apiMoneySchema,
        }),
      ),
    }),
  ),
  nextCursor: z.string().optional(),
});
export type BalanceTransactionsResource = z.infer<typeof balanceTransactionsResponseSchema>;

/** POST /payouts/!availablePayoutOptions: the payout methods of a currency with their operators. */
export const payoutOptionsResponseSchema = z.looseObject({
  data: z.array(
    z.looseObject({
      paymentMethodCode: z.enum(PAYOUT_METHOD_CODES),
      paymentOperators: z.array(z.looseObject({ code: z.string(), name: z.string() })),
    }),
  ),
});
