import 'server-only';
import type { Context } from 'hono';
import type { AuditAction, AuditActor, AuditEventInput } from '../audit-log';
import type { ApiDependencies, ApiEnv } from './context';
import { clientAddress } from './request-info';

type AuditedEvent = { action: AuditAction; target?: string | undefined; details?: Record<string, unknown> };

/** Who acted, as the request's token says: a person in the console, an API key, the file's secret. */
function actorOfToken(c: Context<ApiEnv>): AuditActor {
  const grant = c.get('grant');
  if (grant.console) return { type: 'user', idUser: grant.console.userId, name: grant.console.name };
  return grant.keyId ? { type: 'key', idKey: grant.keyId } : { type: 'secret' };
}

/** The same actor in one line, as refunds and payout batches keep who asked for them. */
export function actorLabel(c: Context<ApiEnv>): string {
  const grant = c.get('grant');
  if (grant.console) return `${grant.console.name} (${grant.console.userId})`;
  return grant.keyId ? `key ${grant.keyId}` : 'merchant secret';
}

/**
 * The action has happened, so a failed write does not turn it into an error the caller would
 * retry: it is logged in full instead (docs/decisions/034).
 */
async function write(deps: ApiDependencies, record: AuditEventInput): Promise<void> {
  try {
    await deps.auditLog.record(record);
  } catch (error) {
    deps.logger.error({ err: error, auditEvent: record }, 'audit event not recorded');
  }
}

/**
 * Records what the authenticated caller just did to the merchant's account: who (the token's
 * person or key), the client address, the request id.
 */
export async function recordAudit(
  c: Context<ApiEnv>,
  deps: ApiDependencies,
  event: AuditedEvent,
): Promise<void> {
  await write(deps, {
    merchantCode: c.get('merchant').code,
    actor: actorOfToken(c),
    clientAddress: clientAddress(c, deps.trustProxy),
    requestId: c.get('requestId'),
    ...event,
  });
}

/** Records, in the merchant's audit log, what the operator (or a person, `actor`) did to its account. */
export async function recordAuditOf(
  c: Context<ApiEnv>,
  deps: ApiDependencies,
  merchantCode: string,
  actor: AuditActor,
  event: AuditedEvent,
): Promise<void> {
  await write(deps, {
    merchantCode,
    actor,
    clientAddress: clientAddress(c, deps.trustProxy),
    requestId: c.get('requestId'),
    ...event,
  });
}
