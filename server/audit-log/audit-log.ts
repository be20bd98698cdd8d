import 'server-only';
import type { Kysely } from 'kysely';
import { toJson, type AuditEventRow, type Database } from '../db';
import { KeysetCursors } from '../paging';

/** What the audit log records of one action on a merchant's account (docs/decisions/034). */
export interface AuditEventInput {
  merchantCode: string;
  /** Who did it. */
  actor: AuditActor;
  /** What was done, e.g. "api_key.created" (AUDIT_ACTIONS). */
  action: AuditAction;
  /** What it was done to: a key, a payin, a payout, a collection transaction. */
  target?: string | undefined;
  clientAddress: string;
  requestId: string;
  /** What changed, never a secret. */
  details?: Record<string, unknown>;
}

/**
 * Who acted: a token minted with an API key or with the merchants file's secret, a person of the
 * merchant's team in the console (by id, and by name as it was then), or the service's operator.
 */
export type AuditActor =
  | { type: 'secret' }
  | { type: 'key'; idKey: string }
  | { type: 'user'; idUser: string; name: string }
  | { type: 'operator' };

/** The actions recorded: changes to keys and secrets, and what moves or stops money by hand. */
export const AUDIT_ACTIONS = [
  'api_key.created',
  'api_key.revoked',
  'callback_secret.rotated',
  'payin.cancelled',
  'payin.simulated',
  'payout.simulated',
  'callback.redelivered',
  'callback.test_sent',
  'collection_statement.imported',
  'collection_statement_mapping.saved',
  'token.minted',
  'payout.created',
  'payout_batch.created',
  'payout_batch.downloaded',
  'payout_batch.cancelled',
  'export.downloaded',
  'refund.created',
  'payment_link.created',
  'payment_link.deactivated',
  'refund.simulated',
  'collection_transaction.linked',
  'collection_transaction.refunded',
  'merchant.created',
  'merchant.updated',
  'collection_account.added',
  'collection_account.replaced',
  'user.invited',
  'user.joined',
  'user.role_changed',
  'user.disabled',
  'user.second_factor_enabled',
  'user.sessions_ended',
  'invitation.revoked',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export function isAuditAction(value: string): value is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(value);
}

export interface AuditEvent {
  id: bigint;
  occurredAt: Date;
  actor: AuditActor;
  action: string;
  target: string | undefined;
  clientAddress: string;
  requestId: string;
  details: Record<string, unknown>;
}

function actorOf(row: AuditEventRow): AuditActor {
  if (row.actor_type === 'operator') return { type: 'operator' };
  if (row.actor_type === 'user')
    return { type: 'user', idUser: row.actor_user_id ?? '', name: row.actor_name ?? '' };
  return row.actor_key_id ? { type: 'key', idKey: row.actor_key_id } : { type: 'secret' };
}

function toAuditEvent(row: AuditEventRow): AuditEvent {
  return {
    id: BigInt(row.id),
    occurredAt: row.occurred_at,
    actor: actorOf(row),
    action: row.action,
    target: row.target ?? undefined,
    clientAddress: row.client_address,
    requestId: row.request_id,
    details: row.details,
  };
}

/** Appends to and reads the merchant's audit log; rows are immutable (database triggers). */
export class AuditLog {
  private readonly cursors: KeysetCursors;

  constructor(
    private readonly db: Kysely<Database>,
    cursorSecret: Uint8Array,
  ) {
    this.cursors = new KeysetCursors(cursorSecret, 'audit-event-cursor');
  }

  async record(event: AuditEventInput): Promise<void> {
    await this.db
      .insertInto('audit_events')
      .values({
        merchant_code: event.merchantCode,
        actor_key_id: event.actor.type === 'key' ? event.actor.idKey : null,
        actor_type: event.actor.type === 'user' || event.actor.type === 'operator' ? event.actor.type : null,
        actor_user_id: event.actor.type === 'user' ? event.actor.idUser : null,
        actor_name: event.actor.type === 'user' ? event.actor.name : null,
        action: event.action,
        target: event.target ?? null,
        client_address: event.clientAddress,
        request_id: event.requestId,
        details: toJson(event.details ?? {}),
      })
      .execute();
  }

  /**
   * Newest first, in cursor pages; filtered by action and by who acted: a key id, a user id,
   * "operator", or "secret" (the merchants file's).
   */
  async list(
    merchantCode: string,
    query: {
      limit: number;
      cursor?: string | undefined;
      actions?: readonly AuditAction[] | undefined;
      actor?: string | undefined;
    },
  ): Promise<{ events: AuditEvent[]; nextCursor: string | undefined }> {
    const page = await this.cursors.page(merchantCode, query, async (beforeId, limit) => {
      let select = this.db.selectFrom('audit_events').selectAll().where('merchant_code', '=', merchantCode);
      if (beforeId !== undefined) select = select.where('id', '<', beforeId);
      if (query.actions && query.actions.length > 0)
        select = select.where('action', 'in', [...query.actions]);
      if (query.actor === 'secret')
        select = select.where('actor_key_id', 'is', null).where('actor_type', 'is', null);
      else if (query.actor === 'operator') select = select.where('actor_type', '=', 'operator');
      else if (query.actor?.startsWith('usr_')) select = select.where('actor_user_id', '=', query.actor);
      else if (query.actor !== undefined) select = select.where('actor_key_id', '=', query.actor);
      const rows = await select.orderBy('id', 'desc').limit(limit).execute();
      return rows.map(toAuditEvent);
    });
    return { events: page.items, nextCursor: page.nextCursor };
  }
}
