import { sql, type Kysely } from 'kysely';

/**
 * How each collection account's CSV statements are read (docs/decisions/040-bank-csv-presets.md):
 * a bank preset or the merchant's own column mapping, saved once and used for every CSV import of
 * the account that names none. Owned by server/reconciliation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table statement_mappings (
      merchant_code text not null references merchants (merchant_code),
      -- The collection account (merchants file or operator API) whose statements it reads.
      account_id text not null,
      -- { preset?, columns?, dateFormat?, era?, decimalSeparator? } as the API took it (lib/statements).
      mapping jsonb not null,
      updated_at timestamptz not null,
      -- Who saved it: the person in the console, an API key, or the merchant secret.
      updated_by text not null,
      primary key (merchant_code, account_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table statement_mappings`.execute(db);
}
