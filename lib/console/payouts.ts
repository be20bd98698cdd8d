import { PAYOUT_STATUSES, type PayoutResource, type PayoutStatus } from '../api/payout-responses';
import { parseAmount, toDecimalString, type CurrencyCode } from '../money';
import type { LedgerTransfer } from './ledger';
import type { FinalStatus } from '../payins/statuses';

/** The payouts list's filters as the console page's URL carries them. */
export interface PayoutFilters {
  status?: PayoutStatus;
  cursor?: string;
}

/** Reads the filters from the page's query; what is not a valid value is left out. */
export function parsePayoutFilters(query: Record<string, string | string[] | undefined>): PayoutFilters {
  const filters: PayoutFilters = {};
  const status = query.status;
  if (typeof status === 'string' && (PAYOUT_STATUSES as readonly string[]).includes(status))
    filters.status = status as PayoutStatus;
  const cursor = query.cursor;
  if (typeof cursor === 'string' && /^[A-Za-z0-9_-]{1,512}$/.test(cursor)) filters.cursor = cursor;
  return filters;
}

/** The query of GET /payouts for the filters. */
export function payoutListQuery(filters: PayoutFilters, limit = 25): string {
  const query = new URLSearchParams({ limit: String(limit) });
  if (filters.status) query.set('status', filters.status);
  if (filters.cursor) query.set('cursor', filters.cursor);
  return query.toString();
}

/** The console page's own query for the filters without the cursor (links to the list's pages). */
export function payoutsPageQuery(filters: PayoutFilters): string {
  return filters.status ? new URLSearchParams({ status: filters.status }).toString() : '';
}

/** Exact minor units of an API amount (zero allowed: a fee may be nothing). */
function minorOf(amount: number, currency: CurrencyCode): bigint {
  if (amount === 0) return 0n;
  const parsed = parseAmount(amount, currency);
  if (!parsed.ok) throw new RangeError(`Not an amount of ${currency}: ${amount}`);
  return parsed.money.minor;
}

/**
 * What a payout takes from the balance: its amount, fee and the fee's VAT (what PAYOUT_RESERVE
 * moves to reserved), as exact decimal text in the payout's currency.
 */
export function payoutTotal(payout: PayoutResource): string {
  const money = payout.paymentRequested.money;
  const currency = money.currencyCode;
  const vat = payout.paymentMethodResponse.vat?.amount ?? 0;
  const minor =
    minorOf(money.amount, currency) + minorOf(payout.fee.amount, currency) + minorOf(vat, currency);
  return toDecimalString({ currency, minor });
}

/** What happened to a payout, in order, for its console page. */
export type PayoutEvent =
  | { kind: 'created'; at: string }
  | { kind: 'transfer'; at: string; type: LedgerTransfer['type'] }
  | { kind: 'final'; at: string; status: FinalStatus; processorStatus: string | undefined };

/**
 * The payout's story from what the API says: created, each ledger transfer (the reservation, then
 * the debit or the release), and each status it ended in just before the transfer it caused: a paid
 * payout the bank returned later (returnedAt) was SUCCESS before its debit, then REFUSED before its
 * return (docs/decisions/044).
 */
export function payoutTimeline(payout: PayoutResource, transfers: readonly LedgerTransfer[]): PayoutEvent[] {
  const events: PayoutEvent[] = [{ kind: 'created', at: payout.process.createdAt }];
  const moves = [...transfers]
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || Number(a.id) - Number(b.id))
    .map((transfer): PayoutEvent => ({ kind: 'transfer', at: transfer.createdAt, type: transfer.type }));
  const { status, processedAt, returnedAt, processorStatus } = payout.process;
  if (status === 'PENDING' || !processedAt) return [...events, ...moves];
  const endings: { event: PayoutEvent; before: readonly LedgerTransfer['type'][] }[] = returnedAt
    ? [
        {
          event: { kind: 'final', at: processedAt, status: 'SUCCESS', processorStatus: undefined },
          before: ['PAYOUT_DEBIT'],
        },
        { event: { kind: 'final', at: returnedAt, status, processorStatus }, before: ['PAYOUT_RETURN'] },
      ]
    : [
        {
          event: { kind: 'final', at: processedAt, status, processorStatus },
          before: ['PAYOUT_DEBIT', 'PAYOUT_RELEASE'],
        },
      ];
  for (const { event, before } of endings) {
    const at = moves.findIndex((move) => move.kind === 'transfer' && before.includes(move.type));
    if (at < 0) moves.push(event);
    else moves.splice(at, 0, event);
  }
  return [...events, ...moves];
}
