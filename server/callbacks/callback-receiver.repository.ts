import 'server-only';
import type { Kysely } from 'kysely';
import type { CallbackReceiverMessageRow, Database } from '../db';

export type NewReceiverMessage = Omit<CallbackReceiverMessageRow, 'id'>;

/** Stores a message and trims the merchant's messages to the newest `keep`, none older than `before`. */
export async function storeReceiverMessage(
  db: Kysely<Database>,
  input: { message: NewReceiverMessage; keep: number; before: Date },
): Promise<CallbackReceiverMessageRow> {
  const { merchant_code: merchantCode } = input.message;
  const row = await db
    .insertInto('callback_receiver_messages')
    .values(input.message)
    .returningAll()
    .executeTakeFirstOrThrow();
  const oldestKept = db
    .selectFrom('callback_receiver_messages')
    .select('id')
    .where('merchant_code', '=', merchantCode)
    .orderBy('id', 'desc')
    .offset(input.keep - 1)
    .limit(1);
  await db
    .deleteFrom('callback_receiver_messages')
    .where('merchant_code', '=', merchantCode)
    .where((eb) => eb.or([eb('received_at', '<', input.before), eb('id', '<', oldestKept)]))
    .execute();
  return row;
}

/** The merchant's messages, newest first: the latest `limit`, or those after `afterId`. */
export async function listReceiverMessages(
  db: Kysely<Database>,
  input: { merchantCode: string; limit: number; afterId: bigint | undefined; notBefore: Date },
): Promise<CallbackReceiverMessageRow[]> {
  let query = db
    .selectFrom('callback_receiver_messages')
    .selectAll()
    .where('merchant_code', '=', input.merchantCode)
    .where('received_at', '>=', input.notBefore);
  if (input.afterId !== undefined) query = query.where('id', '>', input.afterId);
  return query.orderBy('id', 'desc').limit(input.limit).execute();
}
