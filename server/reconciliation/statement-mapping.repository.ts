import 'server-only';
import type { Db } from '../db';

/** An account's saved statement mapping as stored: the mapping object as the API took it. */
export interface StoredStatementMapping {
  mapping: unknown;
  updatedAt: Date;
  updatedBy: string;
}

export async function findStatementMapping(
  db: Db,
  key: { merchantCode: string; accountId: string },
): Promise<StoredStatementMapping | undefined> {
  const row = await db
    .selectFrom('statement_mappings')
    .select(['mapping', 'updated_at', 'updated_by'])
    .where('merchant_code', '=', key.merchantCode)
    .where('account_id', '=', key.accountId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    // jsonb comes back parsed from PostgreSQL, as text from some drivers.
    mapping: typeof row.mapping === 'string' ? (JSON.parse(row.mapping) as unknown) : row.mapping,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}

/** Saves the account's mapping, replacing the one saved before. */
export async function saveStatementMapping(
  db: Db,
  row: { merchantCode: string; accountId: string; mapping: object; updatedAt: Date; updatedBy: string },
): Promise<void> {
  const values = {
    mapping: JSON.stringify(row.mapping),
    updated_at: row.updatedAt,
    updated_by: row.updatedBy,
  };
  await db
    .insertInto('statement_mappings')
    .values({ merchant_code: row.merchantCode, account_id: row.accountId, ...values })
    .onConflict((conflict) => conflict.columns(['merchant_code', 'account_id']).doUpdateSet(values))
    .execute();
}
