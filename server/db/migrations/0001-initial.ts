import { sql, type Kysely } from 'kysely';

/** Merchants, payins and the shared rate-limit windows. Plain SQL so both engines read the same. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table server_secrets (
      name text primary key,
      value text not null,
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table merchants (
      merchant_code text primary key,
      secret_hash text not null,
      channel_name text not null,
      payment_methods text[] not null,
      is_test boolean not null,
      callback_secret text not null,
      settings jsonb not null default '{}'::jsonb,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table payins (
      id bigint generated always as identity primary key,
      merchant_code text not null references merchants (merchant_code),
      id_payin text not null,
      status text not null check (status in ('PENDING', 'SUCCESS', 'REFUSED')),
      processor_status text,
      payment_method_code text not null,
      payment_operator_code text,
      currency_code text not null,
      amount_minor bigint not null check (amount_minor > 0),
      required_amount_minor bigint check (required_amount_minor > 0),
      fee_minor bigint not null default 0,
      vat_minor bigint,
      is_test boolean not null,
      callback_url text not null,
      return_url text not null,
      reference text not null,
      customer json not null,
      method_response json not null,
      external_reference text,
      customer_account_process jsonb,
      expire_at timestamptz not null,
      created_at timestamptz not null default now(),
      processed_at timestamptz,
      updated_at timestamptz not null default now(),
      constraint payins_merchant_order_unique unique (merchant_code, id_payin),
      constraint payins_reference_unique unique (reference)
    )`.execute(db);

  // moneyRequired: one open payin per (merchant, currency, amount to pay), so a transfer is matched.
  await sql`
    create unique index payins_open_required_amount on payins (merchant_code, currency_code, required_amount_minor)
    where status = 'PENDING' and required_amount_minor is not null`.execute(db);

  // The expiry sweeper scans open payins by due time.
  await sql`create index payins_open_by_expiry on payins (expire_at) where status = 'PENDING'`.execute(db);

  // Rate-limit state is disposable: unlogged skips the WAL on PostgreSQL.
  await sql`
    create unlogged table rate_limit_windows (
      bucket text primary key,
      hits bigint[] not null,
      last_accepted text,
      updated_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table rate_limit_windows`.execute(db);
  await sql`drop table payins`.execute(db);
  await sql`drop table merchants`.execute(db);
  await sql`drop table server_secrets`.execute(db);
}
