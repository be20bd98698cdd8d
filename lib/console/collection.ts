import { COLLECTION_OUTCOMES, type CollectionOutcomeCode } from '../api/collection-responses';

/**
 * The collection page's list as its URL carries it: the review queue unless `show=all`, an
 * outcome, and the API's cursor for older pages.
 */
export interface CollectionFilters {
  show: 'review' | 'all';
  outcome?: CollectionOutcomeCode;
  cursor?: string;
}

/** Reads the filters from the page's query; what is not a valid value is left out. */
export function parseCollectionFilters(
  query: Record<string, string | string[] | undefined>,
): CollectionFilters {
  const filters: CollectionFilters = { show: query.show === 'all' ? 'all' : 'review' };
  const outcome = query.outcome;
  if (typeof outcome === 'string' && (COLLECTION_OUTCOMES as readonly string[]).includes(outcome))
    filters.outcome = outcome as CollectionOutcomeCode;
  const cursor = query.cursor;
  if (typeof cursor === 'string' && /^[A-Za-z0-9_-]{1,512}$/.test(cursor)) filters.cursor = cursor;
  return filters;
}

/** The query of GET /collection/transactions for the filters (newest first, as the API lists). */
export function collectionListQuery(filters: CollectionFilters, limit = 25): string {
  const query = new URLSearchParams({ limit: String(limit) });
  if (filters.show === 'review') query.set('review', 'true');
  if (filters.outcome) query.set('outcome', filters.outcome);
  if (filters.cursor) query.set('cursor', filters.cursor);
  return query.toString();
}

/** The console page's own query for the filters without the cursor (links to the list's pages). */
export function collectionPageQuery(filters: CollectionFilters): string {
  const query = new URLSearchParams();
  if (filters.show === 'all') query.set('show', 'all');
  if (filters.outcome) query.set('outcome', filters.outcome);
  return query.toString();
}

export const STATEMENT_FORMATS = ['csv', 'camt053'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

const CONTENT_TYPES: Record<StatementFormat, string> = { csv: 'text/csv', camt053: 'application/xml' };

/** A statement's format from its file name: .csv is CSV, .xml camt.053; otherwise the merchant says. */
export function statementFormatOf(fileName: string): StatementFormat | undefined {
  if (/\.csv$/i.test(fileName)) return 'csv';
  if (/\.xml$/i.test(fileName)) return 'camt053';
  return undefined;
}

export function statementContentType(format: StatementFormat): string {
  return CONTENT_TYPES[format];
}

/** A UTC offset as the API takes it for statement dates without one. */
export const TIME_ZONE_OFFSET = /^[+-](?:0\d|1[0-4]):[0-5]\d$/;

/** The statement form's layout choice that names no preset: the account's saved mapping applies. */
export const SAVED_LAYOUT = 'saved';

/**
 * The query of POST /collection/statements. A time zone (of dates the file gives without one) only
 * when the merchant gave one: the API's default is the account currency's home time. A CSV's
 * layout (`preset`: ours or a bank's) unless it is the account's saved one, which the API applies.
 */
export function statementQuery(input: {
  account: string;
  format: StatementFormat;
  timeZone: string;
  layout?: string;
}): string {
  const query = new URLSearchParams({ account: input.account, format: input.format });
  if (input.timeZone.trim() !== '') query.set('timeZone', input.timeZone.trim());
  if (input.format === 'csv' && input.layout !== undefined && input.layout !== SAVED_LAYOUT)
    query.set('preset', input.layout);
  return query.toString();
}

/** The console's way to an account's saved statement mapping (GET and PUT). */
export function statementMappingPath(accountId: string): `/console/bff/api/${string}` {
  return `/console/bff/api/collection/accounts/${encodeURIComponent(accountId)}/statement-mapping`;
}

/** The console's page of a collection transaction. */
export function collectionTransactionHref(id: string): `/console/collection/${string}` {
  return `/console/collection/${encodeURIComponent(id)}`;
}
