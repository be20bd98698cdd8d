import { sql, type Kysely } from 'kysely';

/**
 * Search of the payin listing (GET /payins?q=, docs/decisions/046-payin-search.md): one b-tree per
 * reading of the text, each led by the merchant and ended by the id, so an exact match is walked
 * newest first and cut at the page size. Payer fields are expressions over the customer data and
 * the account the payment came from (no new column: nothing rewrites the table), partial so payins
 * without the field cost nothing. Names and phones match by their beginning (text_pattern_ops: the
 * byte order LIKE 'abc%' needs under any collation); phones are indexed backwards, so the end of an
 * E.164 number is the beginning of the key. The repository (payin-list.repository.ts) spells these
 * expressions exactly so. idPayin and reference already have their unique indexes. "if not exists":
 * on a large table an operator may build them beforehand with CREATE INDEX CONCURRENTLY.
 */
const INDEXES: [name: string, definition: string][] = [
  [
    'payins_search_external_reference',
    `(merchant_code, external_reference, id) where external_reference is not null`,
  ],
  ['payins_search_amount', `(merchant_code, amount_minor, id)`],
  [
    'payins_search_required_amount',
    `(merchant_code, required_amount_minor, id) where required_amount_minor is not null`,
  ],
  [
    'payins_search_payer_name',
    `(merchant_code, lower(customer ->> 'accountName') text_pattern_ops, id)
      where customer ->> 'accountName' is not null`,
  ],
  [
    'payins_search_paid_by_name',
    `(merchant_code, lower(customer_account_process ->> 'accountName') text_pattern_ops, id)
      where customer_account_process ->> 'accountName' is not null`,
  ],
  [
    'payins_search_payer_account',
    `(merchant_code, upper(regexp_replace(customer ->> 'accountNumber', '[^0-9A-Za-z]', '', 'g')), id)
      where customer ->> 'accountNumber' is not null`,
  ],
  [
    'payins_search_paid_from_account',
    `(merchant_code, upper(regexp_replace(customer_account_process ->> 'accountNumber', '[^0-9A-Za-z]', '', 'g')), id)
      where customer_account_process ->> 'accountNumber' is not null`,
  ],
  [
    'payins_search_payer_phone',
    `(merchant_code, reverse(regexp_replace(customer ->> 'phoneNumber', '[^0-9]', '', 'g')) text_pattern_ops, id)
      where customer ->> 'phoneNumber' is not null`,
  ],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, definition] of INDEXES)
    await sql`create index if not exists ${sql.id(name)} on payins ${sql.raw(definition)}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of [...INDEXES].reverse()) await sql`drop index if exists ${sql.id(name)}`.execute(db);
}
