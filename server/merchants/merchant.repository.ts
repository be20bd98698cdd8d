import 'server-only';
import { sql, type Kysely } from 'kysely';
import { isMethodCode } from '@/lib/methods';
import { toJson, type Database, type MerchantRow } from '../db';
import type { CollectionAccount } from '../accounts';
import type { Merchant, MerchantSettings } from './merchant';

export interface MerchantUpsert {
  code: string;
  secretHash: Buffer;
  channelName: string;
  paymentMethods: readonly string[];
  isTest: boolean;
  /** Undefined keeps the stored secret (or generates one for a new merchant). */
  callbackSecret: string | undefined;
  generatedCallbackSecret: string;
  settings: MerchantSettings;
  collectionAccounts: readonly CollectionAccount[];
}

/** The settings column holds the collection accounts beside the money settings. */
interface StoredSettings extends MerchantSettings {
  collectionAccounts?: CollectionAccount[];
}

export function toMerchant(row: MerchantRow): Merchant {
  const { collectionAccounts = [], ...settings } = row.settings as StoredSettings;
  return {
    code: row.merchant_code,
    secretHash: Buffer.from(row.secret_hash, 'hex'),
    channelName: row.channel_name,
    paymentMethods: row.payment_methods.filter(isMethodCode),
    isTest: row.is_test,
    callbackSecret: row.callback_secret,
    previousCallbackSecret:
      row.previous_callback_secret !== null && row.previous_callback_secret_until !== null
        ? { secret: row.previous_callback_secret, until: row.previous_callback_secret_until }
        : undefined,
    settings,
    collectionAccounts,
  };
}

/**
 * Inserts or updates a merchant; a callback secret absent from the file is kept, not rotated, and
 * so is one the merchant rotated through the API (the file seeds a secret, it does not undo a
 * rotation). Times are the database's, so instances compare them on one clock.
 */
export async function upsertMerchant(db: Kysely<Database>, merchant: MerchantUpsert): Promise<Merchant> {
  const row = await db
    .insertInto('merchants')
    .values({
      merchant_code: merchant.code,
      secret_hash: merchant.secretHash.toString('hex'),
      channel_name: merchant.channelName,
      payment_methods: [...merchant.paymentMethods],
      is_test: merchant.isTest,
      callback_secret: merchant.callbackSecret ?? merchant.generatedCallbackSecret,
      settings: toJson({ ...merchant.settings, collectionAccounts: merchant.collectionAccounts }),
      updated_at: sql<Date>`now()`,
    })
    .onConflict((conflict) =>
      conflict.column('merchant_code').doUpdateSet((eb) => ({
        secret_hash: eb.ref('excluded.secret_hash'),
        channel_name: eb.ref('excluded.channel_name'),
        payment_methods: eb.ref('excluded.payment_methods'),
        is_test: eb.ref('excluded.is_test'),
        settings: eb.ref('excluded.settings'),
        updated_at: eb.ref('excluded.updated_at'),
        ...(merchant.callbackSecret
          ? {
              callback_secret: sql<string>`case when merchants.callback_secret_rotated_at is null
                then excluded.callback_secret else merchants.callback_secret end`,
            }
          : {}),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return toMerchant(row);
}

/** A new merchant and its first API key, in one transaction; undefined when the code is taken. */
export async function insertMerchant(
  db: Kysely<Database>,
  merchant: Omit<MerchantUpsert, 'callbackSecret'>,
  firstKey: (tx: Kysely<Database>, merchant: Merchant) => Promise<void>,
): Promise<Merchant | undefined> {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto('merchants')
      .values({
        merchant_code: merchant.code,
        secret_hash: merchant.secretHash.toString('hex'),
        channel_name: merchant.channelName,
        payment_methods: [...merchant.paymentMethods],
        is_test: merchant.isTest,
        callback_secret: merchant.generatedCallbackSecret,
        settings: toJson({ ...merchant.settings, collectionAccounts: merchant.collectionAccounts }),
        updated_at: sql<Date>`now()`,
      })
      .onConflict((conflict) => conflict.column('merchant_code').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) return undefined;
    const created = toMerchant(row);
    await firstKey(tx, created);
    return created;
  });
}

/** What an operator may change of a merchant after it exists. */
export interface MerchantChange {
  channelName: string;
  paymentMethods: readonly string[];
  settings: MerchantSettings;
  collectionAccounts: readonly CollectionAccount[];
}

/**
 * Changes a merchant under a row lock: `change` reads the merchant as it is now and answers its new
 * state (or throws, and nothing changes), so two operators' changes never overwrite each other.
 */
export async function updateMerchant(
  db: Kysely<Database>,
  code: string,
  change: (merchant: Merchant) => MerchantChange | Promise<MerchantChange>,
): Promise<{ before: Merchant; after: Merchant } | undefined> {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .selectFrom('merchants')
      .selectAll()
      .where('merchant_code', '=', code)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return undefined;
    const before = toMerchant(row);
    const next = await change(before);
    const updated = await tx
      .updateTable('merchants')
      .set({
        channel_name: next.channelName,
        payment_methods: [...next.paymentMethods],
        settings: toJson({ ...next.settings, collectionAccounts: next.collectionAccounts }),
        updated_at: sql<Date>`now()`,
      })
      .where('merchant_code', '=', code)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { before, after: toMerchant(updated) };
  });
}

export async function findMerchant(db: Kysely<Database>, code: string): Promise<Merchant | undefined> {
  const row = await db
    .selectFrom('merchants')
    .selectAll()
    .where('merchant_code', '=', code)
    .executeTakeFirst();
  return row ? toMerchant(row) : undefined;
}

export async function listMerchants(db: Kysely<Database>): Promise<Merchant[]> {
  const rows = await db.selectFrom('merchants').selectAll().execute();
  return rows.map(toMerchant);
}

/** Merchants changed at or after `since` (database time), for instances keeping their copies fresh. */
export async function listMerchantsChangedSince(db: Kysely<Database>, since: Date): Promise<Merchant[]> {
  const rows = await db.selectFrom('merchants').selectAll().where('updated_at', '>=', since).execute();
  return rows.map(toMerchant);
}

/** The database's time now, the clock every merchant change is stamped with. */
export async function databaseNow(db: Kysely<Database>): Promise<Date> {
  const { rows } = await sql<{ now: Date }>`select now() as now`.execute(db);
  return new Date(rows[0]!.now);
}

/**
 * Replaces the callback signing secret in one statement: the current one becomes the previous,
 * signing beside the new one until `previousUntil`; a previous one still in its overlap is dropped.
 */
export async function rotateCallbackSecret(
  db: Kysely<Database>,
  input: { code: string; secret: string; previousUntil: Date },
): Promise<Merchant | undefined> {
  const row = await db
    .updateTable('merchants')
    .set((eb) => ({
      previous_callback_secret: eb.ref('callback_secret'),
      previous_callback_secret_until: input.previousUntil,
      callback_secret: input.secret,
      callback_secret_rotated_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
    }))
    .where('merchant_code', '=', input.code)
    .returningAll()
    .executeTakeFirst();
  return row ? toMerchant(row) : undefined;
}
