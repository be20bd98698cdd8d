import 'server-only';
import type { Context } from 'hono';
import type { AuditAction } from '../audit-log';
import type { ApiDependencies, ApiEnv } from './context';
import { clientAddress } from './request-info';

/**
 * Records what the authenticated caller just did to the merchant's account: the key its token was
 * minted with, the client address, the request id. The action has happened, so a failed write does
 * not turn it into an error the caller would retry: it is logged in full instead (docs/decisions/034).
 */
export async function recordAudit(
  c: Context<ApiEnv>,
  deps: ApiDependencies,
  event: { action: AuditAction; target?: string | undefined; details?: Record<string, unknown> },
): Promise<void> {
  const record = {
    merchantCode: c.get('merchant').code,
    actorKeyId: c.get('grant').keyId,
    clientAddress: clientAddress(c, deps.trustProxy),
    requestId: c.get('requestId'),
    ...event,
  };
  try {
    await deps.auditLog.record(record);
  } catch (error) {
    deps.logger.error({ err: error, auditEvent: record }, 'audit event not recorded');
  }
}
