import 'server-only';
import { CURRENCY_CODES, toDecimalString, type CurrencyCode } from '@/lib/money';
import type { AccountKind, Balance, LedgerMovement, TransferKind } from '../ledger';
import type { Column } from './table';

/** The merchant's balance: what it may pay out, what waits for settlement, what payouts hold. */
const BALANCE_KINDS = ['AVAILABLE', 'PENDING', 'RESERVED'] as const;
/** The merchant's accounts the report follows day by day (unapplied money is shown beside the balance). */
const MERCHANT_KINDS = [...BALANCE_KINDS, 'UNAPPLIED'] as const;
type MerchantKind = (typeof MERCHANT_KINDS)[number];

/** One currency's day (docs/decisions/045), in minor units. */
export interface SettlementDay {
  date: string;
  currency: CurrencyCode;
  openingMinor: bigint;
  grossMinor: bigint;
  feesMinor: bigint;
  vatMinor: bigint;
  netMinor: bigint;
  payoutsMinor: bigint;
  refundsMinor: bigint;
  closingMinor: bigint;
  closing: Record<MerchantKind, bigint>;
}

/**
 * How a day's transfers add up to the columns, from the ledger's entries alone:
 * - gross: what successful payins brought in (their credits' debit of the operator's cash and the
 *   merchant's unapplied money: the payin amounts);
 * - fees, VAT: what the operator earned on the merchant that day, on payins, payouts and refunds,
 *   less what returns gave back (the fee and VAT accounts' net credit);
 * - net: gross less fees and VAT;
 * - payouts, refunds: the money sent (debited payouts and refunds at the operator's cash), less
 *   what came back (returns).
 * Settlements, reservations and releases move money between the merchant's own accounts, and
 * collection receipts and their refunds only its unapplied money: none is in a column. So each day
 * closes at opening + net − payouts − refunds, which the unit test holds for every transfer kind.
 */
function columnOf(transferKind: TransferKind, accountKind: AccountKind): keyof Totals | undefined {
  if (accountKind === 'FEES') return 'fees';
  if (accountKind === 'VAT') return 'vat';
  if (transferKind === 'PAYIN_CREDIT' && (accountKind === 'CASH' || accountKind === 'UNAPPLIED'))
    return 'gross';
  if (accountKind !== 'CASH') return undefined;
  if (transferKind === 'PAYOUT_DEBIT' || transferKind === 'PAYOUT_RETURN') return 'payouts';
  if (transferKind === 'REFUND_DEBIT' || transferKind === 'REFUND_RETURN') return 'refunds';
  return undefined;
}

interface Totals {
  gross: bigint;
  fees: bigint;
  vat: bigint;
  payouts: bigint;
  refunds: bigint;
}

const isMerchantKind = (kind: AccountKind): kind is MerchantKind =>
  (MERCHANT_KINDS as readonly string[]).includes(kind);

/** A merchant account's change (credit-normal); an operator column's amount, by which side it counts. */
function signed(movement: LedgerMovement, column: keyof Totals | undefined): bigint {
  const credit = movement.direction === 'CREDIT' ? movement.amountMinor : -movement.amountMinor;
  // Gross counts the payin credit's debits; payouts and refunds the cash their debits credit.
  if (column === 'gross') return -credit;
  return credit;
}

/**
 * The settlement report per currency and day (docs/decisions/045): `days` are the calendar days of
 * the periods the movements were sorted into (period i is days[i-1]; period days.length + 1 is
 * what came after, up to now), `balances` the merchant's balances now, read in the same snapshot.
 * Each day's closing balance is the balance now less everything after that day, so the last day of
 * a report that ends today closes at GET /balances. Currencies with nothing in the period are left out.
 */
export function settlementReport(input: {
  days: readonly string[];
  balances: readonly Balance[];
  movements: readonly LedgerMovement[];
}): SettlementDay[] {
  const { days } = input;
  const currencies = new Set<CurrencyCode>([
    ...input.balances.map((balance) => balance.currency),
    ...input.movements.map((movement) => movement.currency),
  ]);
  const rows: SettlementDay[] = [];
  for (const currency of CURRENCY_CODES.filter((code) => currencies.has(code))) {
    const balance = input.balances.find((b) => b.currency === currency);
    const now: Record<MerchantKind, bigint> = {
      AVAILABLE: balance?.availableMinor ?? 0n,
      PENDING: balance?.pendingMinor ?? 0n,
      RESERVED: balance?.reservedMinor ?? 0n,
      UNAPPLIED: balance?.unappliedMinor ?? 0n,
    };
    // Per period (0: the first day … days.length: after the report), each account's change and the columns.
    const changes = Array.from(
      { length: days.length + 1 },
      (): { account: Record<MerchantKind, bigint>; totals: Totals } => ({
        account: { AVAILABLE: 0n, PENDING: 0n, RESERVED: 0n, UNAPPLIED: 0n },
        totals: { gross: 0n, fees: 0n, vat: 0n, payouts: 0n, refunds: 0n },
      }),
    );
    for (const movement of input.movements) {
      if (movement.currency !== currency || movement.period < 1) continue;
      const change = changes[Math.min(movement.period, days.length + 1) - 1]!;
      if (isMerchantKind(movement.accountKind))
        change.account[movement.accountKind] += signed(movement, undefined);
      const column = columnOf(movement.transferKind, movement.accountKind);
      if (column) change.totals[column] += signed(movement, column);
    }
    // Walk back from now: a day closes at what the next periods had not changed yet.
    let closing = { ...now };
    for (const change of changes.slice(days.length))
      for (const kind of MERCHANT_KINDS) closing[kind] -= change.account[kind];
    const currencyRows: SettlementDay[] = [];
    for (let index = days.length - 1; index >= 0; index--) {
      const { account, totals } = changes[index]!;
      const opening = { ...closing };
      for (const kind of MERCHANT_KINDS) opening[kind] -= account[kind];
      currencyRows.unshift({
        date: days[index]!,
        currency,
        openingMinor: sumBalance(opening),
        grossMinor: totals.gross,
        feesMinor: totals.fees,
        vatMinor: totals.vat,
        netMinor: totals.gross - totals.fees - totals.vat,
        payoutsMinor: totals.payouts,
        refundsMinor: totals.refunds,
        closingMinor: sumBalance(closing),
        closing,
      });
      closing = opening;
    }
    const quiet = currencyRows.every(
      (row) =>
        row.openingMinor === 0n &&
        row.closingMinor === 0n &&
        row.closing.UNAPPLIED === 0n &&
        row.grossMinor === 0n &&
        row.feesMinor === 0n &&
        row.vatMinor === 0n &&
        row.payoutsMinor === 0n &&
        row.refundsMinor === 0n,
    );
    if (!quiet) rows.push(...currencyRows);
  }
  // Day by day, the currencies of a day together.
  return rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

function sumBalance(balance: Record<MerchantKind, bigint>): bigint {
  return BALANCE_KINDS.reduce((sum, kind) => sum + balance[kind], 0n);
}

const money = (row: SettlementDay, minor: bigint) => toDecimalString({ currency: row.currency, minor });

export const SETTLEMENT_COLUMNS: readonly Column<SettlementDay>[] = [
  { name: 'date', zoned: true, cell: (row) => row.date },
  { name: 'currencyCode', cell: (row) => row.currency },
  { name: 'openingBalance', cell: (row) => money(row, row.openingMinor) },
  { name: 'gross', cell: (row) => money(row, row.grossMinor) },
  { name: 'fees', cell: (row) => money(row, row.feesMinor) },
  { name: 'vat', cell: (row) => money(row, row.vatMinor) },
  { name: 'net', cell: (row) => money(row, row.netMinor) },
  { name: 'payouts', cell: (row) => money(row, row.payoutsMinor) },
  { name: 'refunds', cell: (row) => money(row, row.refundsMinor) },
  { name: 'closingBalance', cell: (row) => money(row, row.closingMinor) },
  { name: 'closingAvailable', cell: (row) => money(row, row.closing.AVAILABLE) },
  { name: 'closingPending', cell: (row) => money(row, row.closing.PENDING) },
  { name: 'closingReserved', cell: (row) => money(row, row.closing.RESERVED) },
  { name: 'closingUnapplied', cell: (row) => money(row, row.closing.UNAPPLIED) },
];
