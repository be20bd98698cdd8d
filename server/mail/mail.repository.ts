import 'server-only';
import { sql } from 'kysely';
import type { CustomerEmailRow, Db } from '../db';
import type { CustomerEmailKind } from '../merchants';

export type CustomerEmailState = 'pending' | 'sent' | 'skipped' | 'failed';

export interface NewCustomerEmail {
  merchantCode: string;
  kind: CustomerEmailKind;
  payinId: bigint;
  refundId?: bigint;
  dueAt: Date;
  createdAt: Date;
}

/** Writes the messages of an event; one per payin, kind and refund, so a repeated event adds none. */
export async function insertEmails(db: Db, emails: readonly NewCustomerEmail[]): Promise<void> {
  if (emails.length === 0) return;
  await db
    .insertInto('customer_emails')
    .values(
      emails.map((email) => ({
        merchant_code: email.merchantCode,
        kind: email.kind,
        payin_id: email.payinId,
        refund_id: email.refundId ?? 0n,
        due_at: email.dueAt,
        created_at: email.createdAt,
      })),
    )
    .onConflict((conflict) => conflict.columns(['payin_id', 'kind', 'refund_id']).doNothing())
    .execute();
}

/**
 * Leases up to `limit` due messages to this sender (oldest due first): a row another sender holds
 * is skipped, and one whose lease ran out (its sender died) is due again.
 */
export async function claimDueEmails(
  db: Db,
  input: { now: Date; leaseUntil: Date; token: string; limit: number },
): Promise<CustomerEmailRow[]> {
  const result = await sql<CustomerEmailRow>`
    update customer_emails
    set leased_until = ${input.leaseUntil}, lease_token = ${input.token}, attempts = attempts + 1
    where id in (
      select id from customer_emails
      where state = 'pending' and due_at <= ${input.now}
        and (leased_until is null or leased_until <= ${input.now})
      order by due_at
      limit ${input.limit}
      for update skip locked
    )
    returning *`.execute(db);
  return result.rows;
}

/**
 * Ends a leased message (sent, skipped or failed for good), or sets its next attempt (`retryAt`);
 * only while this sender still holds it. False when the lease was lost meanwhile.
 */
export async function settleEmail(
  db: Db,
  input: {
    id: bigint;
    token: string;
    at: Date;
    outcome:
      | { state: 'sent' }
      | { state: 'skipped'; reason: string }
      | { state: 'failed'; error: string }
      | { state: 'pending'; retryAt: Date; error: string };
  },
): Promise<boolean> {
  const { outcome } = input;
  const result = await db
    .updateTable('customer_emails')
    .set({
      state: outcome.state,
      leased_until: null,
      lease_token: null,
      ...(outcome.state === 'sent' && { sent_at: input.at, last_error: null }),
      ...(outcome.state === 'skipped' && { last_error: outcome.reason }),
      ...(outcome.state === 'failed' && { last_error: outcome.error }),
      ...(outcome.state === 'pending' && { due_at: outcome.retryAt, last_error: outcome.error }),
    })
    .where('id', '=', input.id)
    .where('lease_token', '=', input.token)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A payin's messages, oldest first (the operator's and the tests' view). */
export function emailsOfPayin(db: Db, payinId: bigint): Promise<CustomerEmailRow[]> {
  return db.selectFrom('customer_emails').selectAll().where('payin_id', '=', payinId).orderBy('id').execute();
}
