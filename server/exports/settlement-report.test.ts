import { describe, expect, it } from 'vitest';
import { moneyOf } from '@/lib/money';
import {
  POSTING_RULES,
  TRANSFER_KINDS,
  type Balance,
  type LedgerMovement,
  type PostingInputs,
  type TransferKind,
} from '../ledger';
import { settlementReport } from './settlement-report';

const THB = (minor: number) => moneyOf('THB', BigInt(minor));
const merchantCode = 'shop';
const payout = {
  id: 7n,
  idPayout: 'po-1',
  merchantCode,
  isTest: true,
  money: THB(50_000),
  fee: THB(500),
  vat: THB(35),
};
const refund = {
  id: 9n,
  payinId: 1n,
  merchantCode,
  isTest: true,
  money: THB(20_000),
  fee: THB(100),
  vat: THB(7),
};
const collection = {
  transactionId: 3n,
  merchantCode,
  currency: 'THB' as const,
  amountMinor: 30_000n,
  isTest: true,
};

/** One cause of every kind of transfer: a kind added without one here does not compile. */
const SAMPLES: { [Kind in TransferKind]: PostingInputs[Kind] } = {
  PAYIN_CREDIT: {
    payin: { id: 1n, merchantCode, isTest: true, money: THB(100_000), fee: THB(2_000), vat: THB(140) },
    fromUnappliedMinor: 30_000n,
  },
  PAYIN_SETTLEMENT: { payinId: 1n, merchantCode, currency: 'THB', amountMinor: 97_860n },
  PAYOUT_RESERVE: payout,
  PAYOUT_DEBIT: payout,
  PAYOUT_RELEASE: payout,
  PAYOUT_RETURN: payout,
  COLLECTION_RECEIPT: collection,
  COLLECTION_REFUND: collection,
  REFUND_RESERVE: refund,
  REFUND_DEBIT: refund,
  REFUND_RELEASE: refund,
  REFUND_RETURN: refund,
};

/** The movements a transfer of `kind` posts, in `period`, as the ledger would sum them. */
function movementsOf<Kind extends TransferKind>(kind: Kind, period: number): LedgerMovement[] {
  const rule = POSTING_RULES[kind] as {
    entries(input: PostingInputs[Kind]): ReturnType<(typeof POSTING_RULES)['PAYOUT_DEBIT']['entries']>;
  };
  return rule
    .entries(SAMPLES[kind])
    .filter((entry) => entry.amountMinor !== 0n)
    .map((entry) => ({
      period,
      currency: 'THB',
      transferKind: kind,
      accountKind: entry.account.kind,
      direction: entry.direction,
      amountMinor: entry.amountMinor,
    }));
}

/** The merchant's balances after the movements, starting from `start` in each account. */
function balanceAfter(movements: readonly LedgerMovement[], start = 0n): Balance {
  const balance: Balance = {
    currency: 'THB',
    availableMinor: start,
    pendingMinor: start,
    reservedMinor: start,
    unappliedMinor: start,
  };
  const keys = {
    AVAILABLE: 'availableMinor',
    PENDING: 'pendingMinor',
    RESERVED: 'reservedMinor',
    UNAPPLIED: 'unappliedMinor',
  } as const;
  for (const movement of movements) {
    if (!(movement.accountKind in keys)) continue;
    const key = keys[movement.accountKind as keyof typeof keys];
    balance[key] += movement.direction === 'CREDIT' ? movement.amountMinor : -movement.amountMinor;
  }
  return balance;
}

describe('settlementReport', () => {
  it.each(TRANSFER_KINDS)('reconciles a day of %s: closing = opening + net − payouts − refunds', (kind) => {
    const movements = movementsOf(kind, 1);
    const [day] = settlementReport({
      days: ['2026-03-01'],
      balances: [balanceAfter(movements, 1_000_000n)],
      movements,
    });
    expect(day!.closingMinor - day!.openingMinor).toBe(day!.netMinor - day!.payoutsMinor - day!.refundsMinor);
    expect(day!.netMinor).toBe(day!.grossMinor - day!.feesMinor - day!.vatMinor);
  });

  it('counts payins gross, every fee and VAT the merchant paid, and money sent net of returns', () => {
    const movements = [
      ...movementsOf('COLLECTION_RECEIPT', 1),
      ...movementsOf('PAYIN_CREDIT', 1),
      ...movementsOf('PAYIN_SETTLEMENT', 1),
      ...movementsOf('PAYOUT_RESERVE', 2),
      ...movementsOf('PAYOUT_DEBIT', 2),
      ...movementsOf('REFUND_RESERVE', 3),
      ...movementsOf('REFUND_DEBIT', 3),
      ...movementsOf('REFUND_RETURN', 3),
    ];
    const days = ['2026-03-01', '2026-03-02', '2026-03-03'];
    const report = settlementReport({ days, balances: [balanceAfter(movements)], movements });
    expect(
      report.map((day) => [
        day.date,
        day.grossMinor,
        day.feesMinor,
        day.vatMinor,
        day.payoutsMinor,
        day.refundsMinor,
      ]),
    ).toEqual([
      ['2026-03-01', 100_000n, 2_000n, 140n, 0n, 0n],
      ['2026-03-02', 0n, 500n, 35n, 50_000n, 0n],
      // Refunded and returned the same day: nothing sent, the fee given back.
      ['2026-03-03', 0n, 0n, 0n, 0n, 0n],
    ]);
    expect(report.map((day) => [day.openingMinor, day.closingMinor, day.closing.UNAPPLIED])).toEqual([
      [0n, 97_860n, 0n],
      [97_860n, 97_860n - 50_535n, 0n],
      [47_325n, 47_325n, 0n],
    ]);
    expect(report.at(-1)!.closing).toEqual({ AVAILABLE: 47_325n, PENDING: 0n, RESERVED: 0n, UNAPPLIED: 0n });
  });

  it('closes the last day at the balance now less what moved after it', () => {
    const before = [...movementsOf('COLLECTION_RECEIPT', 0), ...movementsOf('PAYIN_CREDIT', 0)];
    const after = movementsOf('PAYIN_SETTLEMENT', 2).concat(movementsOf('PAYOUT_RESERVE', 2));
    const all = [...before, ...after];
    // Period 0 (before the report) is not asked of the ledger; the balance now holds it.
    const [day] = settlementReport({ days: ['2026-03-01'], balances: [balanceAfter(all)], movements: after });
    expect(day).toMatchObject({
      openingMinor: 97_860n,
      grossMinor: 0n,
      closingMinor: 97_860n,
      closing: { PENDING: 97_860n, AVAILABLE: 0n, RESERVED: 0n, UNAPPLIED: 0n },
    });
  });

  it('leaves out currencies with nothing in the period', () => {
    const zero: Balance = {
      currency: 'VND',
      availableMinor: 0n,
      pendingMinor: 0n,
      reservedMinor: 0n,
      unappliedMinor: 0n,
    };
    expect(settlementReport({ days: ['2026-03-01'], balances: [zero], movements: [] })).toEqual([]);
  });
});
