import 'server-only';
import type { CurrencyCode, Money } from '@/lib/money';
import type { Payin } from '../payins';
import {
  merchantAccount,
  operatorAccount,
  type Entry,
  type TransferKind,
  type TransferRequest,
} from './ledger';

/** What the ledger needs of a payout (server/payouts): its money and what it costs the merchant. */
export interface PayoutMoney {
  id: bigint;
  idPayout: string;
  merchantCode: string;
  isTest: boolean;
  money: Money;
  fee: Money;
  vat: Money | undefined;
}

/**
 * What the ledger needs of a refund (server/refunds): its money, what it costs the merchant, and
 * the payin it gives back (the transfer names both, so a payin's ledger lines show its refunds).
 */
export interface RefundMoney {
  id: bigint;
  payinId: bigint;
  merchantCode: string;
  isTest: boolean;
  money: Money;
  fee: Money;
  vat: Money | undefined;
}

/** Money received at a collection account, or sent back from it (docs/decisions/028). */
export interface CollectionMoney {
  transactionId: bigint;
  merchantCode: string;
  currency: CurrencyCode;
  amountMinor: bigint;
  isTest: boolean;
}

/** What causes each kind of transfer: the facts its rule turns into postings. */
export interface PostingInputs {
  PAYIN_CREDIT: {
    payin: Pick<Payin, 'id' | 'merchantCode' | 'isTest' | 'money' | 'fee' | 'vat'>;
    /** The part of the amount incoming collection transactions paid (received into UNAPPLIED before). */
    fromUnappliedMinor: bigint;
  };
  PAYIN_SETTLEMENT: { payinId: bigint; merchantCode: string; currency: CurrencyCode; amountMinor: bigint };
  PAYOUT_RESERVE: PayoutMoney;
  PAYOUT_DEBIT: PayoutMoney;
  PAYOUT_RELEASE: PayoutMoney;
  COLLECTION_RECEIPT: CollectionMoney;
  COLLECTION_REFUND: CollectionMoney;
  REFUND_RESERVE: RefundMoney;
  REFUND_DEBIT: RefundMoney;
  REFUND_RELEASE: RefundMoney;
  PAYOUT_RETURN: PayoutMoney;
  REFUND_RETURN: RefundMoney;
}

/** How one kind of transfer is posted: the key of its cause (posted once), whose it is, and its entries. */
interface PostingRule<Input> {
  eventKey(input: Input): string;
  subject(
    input: Input,
  ): Pick<
    TransferRequest,
    'merchantCode' | 'currency' | 'payinId' | 'payoutId' | 'collectionTransactionId' | 'refundId'
  >;
  entries(input: Input): Entry[];
}

/** The amount a payout (or refund) takes from the merchant: the money sent, its fee and the fee's VAT. */
export function payoutTotal(payout: Pick<PayoutMoney, 'money' | 'fee' | 'vat'>): bigint {
  return payout.money.minor + payout.fee.minor + (payout.vat?.minor ?? 0n);
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);

/**
 * A successful payin's credit: the order amount comes from the merchant's unapplied money as far
 * as incoming collection transactions paid it (they were received into UNAPPLIED), the rest from
 * the operator's cash (a sandbox or connector payment); the merchant is owed it less fee and VAT. A
 * fee larger than the amount (a fixed fee on a tiny payin) takes the whole amount and no more: the
 * merchant is never debited for a payin.
 */
export function payinCreditEntries(
  payin: Pick<Payin, 'merchantCode' | 'isTest' | 'money' | 'fee' | 'vat'>,
  fromUnappliedMinor = 0n,
): Entry[] {
  const amount = payin.money.minor;
  const fee = min(payin.fee.minor, amount);
  const vat = min(payin.vat?.minor ?? 0n, amount - fee);
  const fromUnapplied = min(fromUnappliedMinor, amount);
  return [
    {
      account: merchantAccount(payin.merchantCode, 'UNAPPLIED'),
      direction: 'DEBIT',
      amountMinor: fromUnapplied,
    },
    {
      account: operatorAccount(payin.isTest, 'CASH'),
      direction: 'DEBIT',
      amountMinor: amount - fromUnapplied,
    },
    {
      account: merchantAccount(payin.merchantCode, 'PENDING'),
      direction: 'CREDIT',
      amountMinor: amount - fee - vat,
    },
    { account: operatorAccount(payin.isTest, 'FEES'), direction: 'CREDIT', amountMinor: fee },
    { account: operatorAccount(payin.isTest, 'VAT'), direction: 'CREDIT', amountMinor: vat },
  ];
}

const ofPayout = (step: string): Pick<PostingRule<PayoutMoney>, 'eventKey' | 'subject'> => ({
  eventKey: (payout) => `payout:${payout.id}:${step}`,
  subject: (payout) => ({
    merchantCode: payout.merchantCode,
    currency: payout.money.currency,
    payoutId: payout.id,
  }),
});

const ofRefund = (step: string): Pick<PostingRule<RefundMoney>, 'eventKey' | 'subject'> => ({
  eventKey: (refund) => `refund:${refund.id}:${step}`,
  subject: (refund) => ({
    merchantCode: refund.merchantCode,
    currency: refund.money.currency,
    payinId: refund.payinId,
    refundId: refund.id,
  }),
});

/**
 * A refund moves money as a payout does (docs/decisions/036): reserved from the available balance,
 * then sent from the operator's cash or released. The payin's own fee is not given back (the
 * payment was processed); the refund's fee, if the merchant's terms set one, is earned on success.
 */
const refundReserve: PostingRule<RefundMoney>['entries'] = (refund) => [
  {
    account: merchantAccount(refund.merchantCode, 'AVAILABLE'),
    direction: 'DEBIT',
    amountMinor: payoutTotal(refund),
  },
  {
    account: merchantAccount(refund.merchantCode, 'RESERVED'),
    direction: 'CREDIT',
    amountMinor: payoutTotal(refund),
  },
];
const refundRelease: PostingRule<RefundMoney>['entries'] = (refund) => [
  {
    account: merchantAccount(refund.merchantCode, 'RESERVED'),
    direction: 'DEBIT',
    amountMinor: payoutTotal(refund),
  },
  {
    account: merchantAccount(refund.merchantCode, 'AVAILABLE'),
    direction: 'CREDIT',
    amountMinor: payoutTotal(refund),
  },
];

/**
 * A paid payout or refund whose bank sent the money back later (docs/decisions/044): the debit
 * undone whole, the money back at the operator's cash account, the fee and its VAT given back, and
 * all of it on the merchant's available balance, as if it had been refused.
 */
const returnEntries = (out: PayoutMoney | RefundMoney): Entry[] => [
  { account: operatorAccount(out.isTest, 'CASH'), direction: 'DEBIT', amountMinor: out.money.minor },
  { account: operatorAccount(out.isTest, 'FEES'), direction: 'DEBIT', amountMinor: out.fee.minor },
  { account: operatorAccount(out.isTest, 'VAT'), direction: 'DEBIT', amountMinor: out.vat?.minor ?? 0n },
  {
    account: merchantAccount(out.merchantCode, 'AVAILABLE'),
    direction: 'CREDIT',
    amountMinor: payoutTotal(out),
  },
];

const ofCollection = (step: string): Pick<PostingRule<CollectionMoney>, 'eventKey' | 'subject'> => ({
  eventKey: (money) => `collection:${money.transactionId}:${step}`,
  subject: (money) => ({
    merchantCode: money.merchantCode,
    currency: money.currency,
    collectionTransactionId: money.transactionId,
  }),
});

/**
 * Every kind of transfer and how it posts, in one table (docs/decisions/027, 028, 029): payins,
 * payouts and reconciliation post through it alone. Merchant accounts are credit-normal; the
 * operator's CASH is debit-normal (money held at the institutions).
 */
export const POSTING_RULES: { [Kind in TransferKind]: PostingRule<PostingInputs[Kind]> } = {
  PAYIN_CREDIT: {
    eventKey: ({ payin }) => `payin:${payin.id}:credit`,
    subject: ({ payin }) => ({
      merchantCode: payin.merchantCode,
      currency: payin.money.currency,
      payinId: payin.id,
    }),
    entries: ({ payin, fromUnappliedMinor }) => payinCreditEntries(payin, fromUnappliedMinor),
  },
  // Pending to available for a payin's credit (its amount as credited to pending).
  PAYIN_SETTLEMENT: {
    eventKey: ({ payinId }) => `payin:${payinId}:settle`,
    subject: ({ payinId, merchantCode, currency }) => ({ merchantCode, currency, payinId }),
    entries: ({ merchantCode, amountMinor }) => [
      { account: merchantAccount(merchantCode, 'PENDING'), direction: 'DEBIT', amountMinor },
      { account: merchantAccount(merchantCode, 'AVAILABLE'), direction: 'CREDIT', amountMinor },
    ],
  },
  // What a payout takes leaves the available balance into the reserved one (refused when short).
  PAYOUT_RESERVE: {
    ...ofPayout('reserve'),
    entries: (payout) => [
      {
        account: merchantAccount(payout.merchantCode, 'AVAILABLE'),
        direction: 'DEBIT',
        amountMinor: payoutTotal(payout),
      },
      {
        account: merchantAccount(payout.merchantCode, 'RESERVED'),
        direction: 'CREDIT',
        amountMinor: payoutTotal(payout),
      },
    ],
  },
  // A paid payout: the reservation leaves (the money from the operator's cash), fee and VAT earned.
  PAYOUT_DEBIT: {
    ...ofPayout('debit'),
    entries: (payout) => [
      {
        account: merchantAccount(payout.merchantCode, 'RESERVED'),
        direction: 'DEBIT',
        amountMinor: payoutTotal(payout),
      },
      {
        account: operatorAccount(payout.isTest, 'CASH'),
        direction: 'CREDIT',
        amountMinor: payout.money.minor,
      },
      { account: operatorAccount(payout.isTest, 'FEES'), direction: 'CREDIT', amountMinor: payout.fee.minor },
      {
        account: operatorAccount(payout.isTest, 'VAT'),
        direction: 'CREDIT',
        amountMinor: payout.vat?.minor ?? 0n,
      },
    ],
  },
  // A refused payout: the reservation returns to the available balance, whole.
  PAYOUT_RELEASE: {
    ...ofPayout('release'),
    entries: (payout) => [
      {
        account: merchantAccount(payout.merchantCode, 'RESERVED'),
        direction: 'DEBIT',
        amountMinor: payoutTotal(payout),
      },
      {
        account: merchantAccount(payout.merchantCode, 'AVAILABLE'),
        direction: 'CREDIT',
        amountMinor: payoutTotal(payout),
      },
    ],
  },
  // Money arrived at the operator's collection account and is the merchant's to be applied.
  COLLECTION_RECEIPT: {
    ...ofCollection('receipt'),
    entries: ({ merchantCode, isTest, amountMinor }) => [
      { account: operatorAccount(isTest, 'CASH'), direction: 'DEBIT', amountMinor },
      { account: merchantAccount(merchantCode, 'UNAPPLIED'), direction: 'CREDIT', amountMinor },
    ],
  },
  REFUND_RESERVE: { ...ofRefund('reserve'), entries: refundReserve },
  // The payer was paid: the reservation leaves (the money from the operator's cash), fee and VAT earned.
  REFUND_DEBIT: {
    ...ofRefund('debit'),
    entries: (refund) => [
      {
        account: merchantAccount(refund.merchantCode, 'RESERVED'),
        direction: 'DEBIT',
        amountMinor: payoutTotal(refund),
      },
      {
        account: operatorAccount(refund.isTest, 'CASH'),
        direction: 'CREDIT',
        amountMinor: refund.money.minor,
      },
      { account: operatorAccount(refund.isTest, 'FEES'), direction: 'CREDIT', amountMinor: refund.fee.minor },
      {
        account: operatorAccount(refund.isTest, 'VAT'),
        direction: 'CREDIT',
        amountMinor: refund.vat?.minor ?? 0n,
      },
    ],
  },
  REFUND_RELEASE: { ...ofRefund('release'), entries: refundRelease },
  PAYOUT_RETURN: { ...ofPayout('return'), entries: returnEntries },
  REFUND_RETURN: { ...ofRefund('return'), entries: returnEntries },
  // Unapplied money sent back to the payer from the collection account.
  COLLECTION_REFUND: {
    ...ofCollection('refund'),
    entries: ({ merchantCode, isTest, amountMinor }) => [
      { account: merchantAccount(merchantCode, 'UNAPPLIED'), direction: 'DEBIT', amountMinor },
      { account: operatorAccount(isTest, 'CASH'), direction: 'CREDIT', amountMinor },
    ],
  },
};

/** The transfer a cause posts, by its kind's rule. */
export function transferFor<Kind extends TransferKind>(
  kind: Kind,
  input: PostingInputs[Kind],
  meta: { at: Date; actor?: string | undefined },
): TransferRequest {
  const rule = POSTING_RULES[kind] as PostingRule<PostingInputs[Kind]>;
  return {
    eventKey: rule.eventKey(input),
    kind,
    ...rule.subject(input),
    ...(meta.actor !== undefined && { actor: meta.actor }),
    at: meta.at,
    entries: rule.entries(input),
  };
}
