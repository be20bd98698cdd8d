import 'server-only';
import { LEDGER_TRANSFER_KINDS } from '@/lib/api/payout-responses';
import type { CurrencyCode } from '@/lib/money';

/**
 * The closed sets of the ledger (docs/decisions/027-ledger-balances-payouts.md).
 *
 * Merchant accounts are credit-normal (what the service owes the merchant): PENDING (paid in, not
 * yet settled), AVAILABLE (may be paid out; never negative), RESERVED (held for payouts in flight).
 * The operator's, kept apart for test and live money: CASH (debit-normal: money held at the
 * collection and payout institutions), FEES and VAT (credit-normal: earned, owed to the tax office).
 * UNAPPLIED (merchant, credit-normal, docs/decisions/028): money received at the merchant's
 * collection accounts that no payin's credit has taken yet — unmatched, late, excess or short
 * payments — until a payin's credit applies it or it is refunded.
 */
export const ACCOUNT_KINDS = [
  'PENDING',
  'AVAILABLE',
  'RESERVED',
  'UNAPPLIED',
  'CASH',
  'FEES',
  'VAT',
] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** What moved the money: the API's transfer types (lib/api/payout-responses.ts) are the ledger's. */
export const TRANSFER_KINDS = LEDGER_TRANSFER_KINDS;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

export type Direction = 'DEBIT' | 'CREDIT';

/** Whose account: a merchant's, or the operator's test or live books. */
export type AccountOwner = { merchantCode: string } | { operator: 'test' | 'live' };

export interface AccountRef {
  owner: AccountOwner;
  kind: AccountKind;
}

/** The accounts a balance may not go below zero on: a payout can only spend what is available. */
export function isNoOverdraft(kind: AccountKind): boolean {
  return kind === 'AVAILABLE' || kind === 'RESERVED' || kind === 'PENDING' || kind === 'UNAPPLIED';
}

export function ownerKey(owner: AccountOwner): string {
  return 'merchantCode' in owner ? `merchant:${owner.merchantCode}` : `operator:${owner.operator}`;
}

export const merchantAccount = (
  merchantCode: string,
  kind: 'PENDING' | 'AVAILABLE' | 'RESERVED' | 'UNAPPLIED',
) => ({
  owner: { merchantCode },
  kind,
});
export const operatorAccount = (isTest: boolean, kind: 'CASH' | 'FEES' | 'VAT'): AccountRef => ({
  owner: { operator: isTest ? 'test' : 'live' },
  kind,
});

export interface Entry {
  account: AccountRef;
  direction: Direction;
  /** Minor units of the transfer's currency; entries of zero are left out when posting. */
  amountMinor: bigint;
}

/** One balanced movement; `eventKey` names its cause so the same cause never posts twice. */
export interface TransferRequest {
  eventKey: string;
  kind: TransferKind;
  merchantCode: string;
  currency: CurrencyCode;
  payinId?: bigint;
  payoutId?: bigint;
  collectionTransactionId?: bigint;
  /** A refund's transfers name it and its payin. */
  refundId?: bigint;
  /** Who caused it when a person did (an operator's review action). */
  actor?: string;
  at: Date;
  entries: readonly Entry[];
}

/** A merchant's balances in one currency, in minor units. */
export interface Balance {
  currency: CurrencyCode;
  availableMinor: bigint;
  pendingMinor: bigint;
  reservedMinor: bigint;
  unappliedMinor: bigint;
}

/** A posted transfer as the merchant sees it, with every entry (the operator's too: fee and VAT). */
export interface PostedTransfer {
  id: bigint;
  kind: TransferKind;
  currency: CurrencyCode;
  createdAt: Date;
  idPayin: string | undefined;
  idPayout: string | undefined;
  idRefund: string | undefined;
  idCollectionTransaction: string | undefined;
  actor: string | undefined;
  entries: { account: string; direction: Direction; amountMinor: bigint }[];
}

/**
 * What one kind of transfer moved on one kind of account in a currency and period, summed (the
 * settlement report, docs/decisions/045); `period` numbers the periods of the caller's bounds.
 */
export interface LedgerMovement {
  period: number;
  currency: CurrencyCode;
  transferKind: TransferKind;
  accountKind: AccountKind;
  direction: Direction;
  amountMinor: bigint;
}

/** Debits equal credits, every amount is positive: else the transfer is a programming error. */
export function assertBalanced(entries: readonly Entry[]): void {
  let debits = 0n;
  let credits = 0n;
  for (const entry of entries) {
    if (entry.amountMinor < 0n) throw new Error(`negative ledger entry ${entry.amountMinor}`);
    if (entry.direction === 'DEBIT') debits += entry.amountMinor;
    else credits += entry.amountMinor;
  }
  if (debits !== credits) throw new Error(`unbalanced transfer: debits ${debits}, credits ${credits}`);
  if (debits === 0n) throw new Error('empty transfer');
}
