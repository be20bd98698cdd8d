import type { z } from 'zod';
import type { CollectionAccountResource } from '../api/collection-responses';
import type { PayoutBatchStatus } from '../api/payout-batch-responses';
import type { CurrencyCode } from '../money/currencies';

/** The batches list as the console page's URL carries it: the API's cursor for older pages. */
export interface BatchFilters {
  cursor?: string;
}

/** Reads the list's cursor from the page's query; anything else is left out. */
export function parseBatchFilters(query: Record<string, string | string[] | undefined>): BatchFilters {
  const cursor = query.cursor;
  return typeof cursor === 'string' && /^[A-Za-z0-9_-]{1,512}$/.test(cursor) ? { cursor } : {};
}

/** The query of GET /payout-batches (newest first, as the API lists them). */
export function batchListQuery(filters: BatchFilters, limit = 25): string {
  const query = new URLSearchParams({ limit: String(limit) });
  if (filters.cursor) query.set('cursor', filters.cursor);
  return query.toString();
}

/** A collection account that also pays out the merchant's live bank payouts by file (decision 038). */
export interface PayingAccount {
  id: string;
  accountName: string;
  currency: CurrencyCode;
  accountNumber: string | undefined;
}

/**
 * The merchant's accounts that pay out: GET /collection/accounts shows the operator's `payouts`
 * setting (`{ format: "pain.001", … }`) among a bank account's coordinates.
 */
export function payingAccounts(accounts: readonly CollectionAccountResource[]): PayingAccount[] {
  return accounts.flatMap((account) => {
    const payouts = account.coordinates.payouts;
    if (account.type !== 'BANK_ACCOUNT' || typeof payouts !== 'object' || payouts === null) return [];
    const number = account.coordinates.accountNumber;
    return [
      {
        id: account.id,
        accountName: account.accountName,
        currency: account.currencyCode,
        accountNumber: typeof number === 'string' ? number : undefined,
      },
    ];
  });
}

/**
 * What the roles that send payouts may do with a batch: download its file unless it was cancelled
 * (again and again: the same bytes), cancel it only while READY (once downloaded the bank may have it).
 */
export function batchActions(status: PayoutBatchStatus): { download: boolean; cancel: boolean } {
  return { download: status !== 'CANCELLED', cancel: status === 'READY' };
}

/** Whether a batch may still change by itself or elsewhere: its page keeps asking while it may. */
export function batchIsOpen(status: PayoutBatchStatus): boolean {
  return status === 'READY' || status === 'DOWNLOADED';
}

/** A batch's console page. */
export function batchHref(idBatch: string): `/console/payouts/batches/${string}` {
  return `/console/payouts/batches/${encodeURIComponent(idBatch)}`;
}

/**
 * Where the browser downloads a batch's pain.001: a console route that hands the API's file over as
 * it is (app/console/(workspace)/payouts/batches/[idBatch]/pain.001/route.ts), not the JSON proxy.
 */
export function batchFileHref(idBatch: string): string {
  return `${batchHref(idBatch)}/pain.001`;
}

/**
 * The day a file asks the bank to pay (ReqdExctnDt, "2026-11-27") in the person's language: a
 * calendar day, the same in every time zone.
 */
export function formatBankDate(locale: string, day: string): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!parts) return day;
  const date = new Date(Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])));
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** One read of the API as the console's BFF got it. */
export interface Reply {
  status: number;
  body: unknown;
  unreachable?: boolean;
}

/**
 * A read of the API parsed at the edge, as bff/console/money.ts does for the other pages: the
 * API's refusal as it came, or an answer of another shape as the API's fault (502).
 */
export function readReply<S extends z.ZodType, R extends Reply>(
  reply: R,
  schema: S,
): { data: z.infer<S> } | { failure: R | Reply } {
  if (reply.status !== 200) return { failure: reply };
  const parsed = schema.safeParse(reply.body);
  return parsed.success
    ? { data: parsed.data }
    : { failure: { status: 502, body: { detail: 'The payin API answered in an unexpected shape.' } } };
}
