import { sql, type Kysely } from 'kysely';

/**
 * People in the console (docs/decisions/035): users with a password and TOTP, invitations by
 * one-time link, sessions kept here so they can be ended; and the audit log names who acted
 * (a user by id and name, the operator), not only an API key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Columns added with no default touch no row, so the immutability trigger has nothing to refuse.
  await sql`alter table audit_events add column actor_type text`.execute(db);
  await sql`alter table audit_events add column actor_user_id text`.execute(db);
  await sql`alter table audit_events add column actor_name text`.execute(db);
  await sql`
    create table console_users (
      id text primary key,
      merchant_code text not null references merchants (merchant_code),
      email text not null,
      name text not null,
      role text not null,
      password_hash text not null,
      totp_secret text,
      totp_enabled_at timestamptz,
      totp_last_step bigint,
      recovery_code_hashes text[] not null default '{}',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      disabled_at timestamptz
    )`.execute(db);
  await sql`create unique index console_users_email on console_users (lower(email))`.execute(db);
  await sql`create index console_users_merchant on console_users (merchant_code)`.execute(db);
  await sql`
    create table console_invitations (
      id text primary key,
      merchant_code text not null references merchants (merchant_code),
      email text not null,
      role text not null,
      token_hash text not null unique,
      invited_by text,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      accepted_at timestamptz,
      revoked_at timestamptz
    )`.execute(db);
  await sql`create index console_invitations_merchant on console_invitations (merchant_code)`.execute(db);
  await sql`
    create table console_sessions (
      id text primary key,
      secret_hash text not null unique,
      user_id text not null references console_users (id),
      merchant_code text not null references merchants (merchant_code),
      stage text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      last_seen_at timestamptz not null default now(),
      ended_at timestamptz,
      updated_at timestamptz not null default now(),
      failed_codes integer not null default 0,
      client_address text not null,
      user_agent text
    )`.execute(db);
  await sql`create index console_sessions_user on console_sessions (user_id)`.execute(db);
  await sql`create index console_sessions_updated on console_sessions (updated_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table console_sessions`.execute(db);
  await sql`drop table console_invitations`.execute(db);
  await sql`drop table console_users`.execute(db);
  await sql`alter table audit_events drop column actor_name`.execute(db);
  await sql`alter table audit_events drop column actor_user_id`.execute(db);
  await sql`alter table audit_events drop column actor_type`.execute(db);
}
