import { sql, type Kysely } from 'kysely';

/**
 * Payment links (server/payment-links, docs/decisions/051): the merchant's terms, the hash of the
 * link's secret (the database alone opens no link), a counter numbering the payins made from it
 * (`<idLink>.<n>`), and the short-lived reservations that keep a usage limit exact while a payin is
 * being created. A payin made from a link names it (payins.payment_link), indexed for the link's
 * counts and list; the column is null for every other payin, so the partial index stays small.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table payment_links (
      id bigint generated always as identity primary key,
      merchant_code text not null references merchants (merchant_code),
      id_link text not null,
      secret_hash text not null unique,
      is_test boolean not null,
      description text not null,
      currency_code text not null,
      amount_minor bigint,
      min_amount_minor bigint,
      max_amount_minor bigint,
      payment_method_codes text,
      usage_limit integer,
      expire_at timestamptz,
      callback_url text not null,
      return_url text,
      starts integer not null default 0,
      created_at timestamptz not null default now(),
      deactivated_at timestamptz,
      unique (merchant_code, id_link),
      check ((amount_minor is null) = (min_amount_minor is not null and max_amount_minor is not null)),
      check (usage_limit is null or usage_limit > 0)
    )`.execute(db);
  await sql`create index payment_links_listing on payment_links (merchant_code, id desc)`.execute(db);
  await sql`
    create table payment_link_reservations (
      link_id bigint not null references payment_links (id),
      id_payin text not null,
      created_at timestamptz not null default now(),
      primary key (link_id, id_payin)
    )`.execute(db);
  await sql`alter table payins add column payment_link text`.execute(db);
  await sql`
    create index payins_by_payment_link on payins (merchant_code, payment_link, id)
    where payment_link is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index payins_by_payment_link`.execute(db);
  await sql`alter table payins drop column payment_link`.execute(db);
  await sql`drop table payment_link_reservations`.execute(db);
  await sql`drop table payment_links`.execute(db);
}
