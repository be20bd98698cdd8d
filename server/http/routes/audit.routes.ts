import 'server-only';
import { auditEventPageSchema } from '@/lib/api/audit-responses';
import { AUDIT_ACTIONS, isAuditAction, type AuditActor, type AuditEvent } from '../../audit-log';
import { AppError } from '../../errors';
import { requireMerchantWideOperation } from '../middleware/authenticate';
import { reply } from '../reply';
import { defineRoute, type ApiRoute } from '../route';
import { pageQueryDocument, parsePageQuery, queryList } from './list-params';

const ACTOR = /^(?:secret|operator|key_[0-9a-f]{24}|usr_[0-9a-f]{24})$/;

function presentActor(actor: AuditActor) {
  switch (actor.type) {
    case 'key':
      return { type: 'API_KEY' as const, idKey: actor.idKey };
    case 'user':
      return { type: 'USER' as const, idUser: actor.idUser, name: actor.name };
    case 'operator':
      return { type: 'OPERATOR' as const };
    case 'secret':
      return { type: 'MERCHANT_SECRET' as const };
  }
}

function presentAuditEvent(event: AuditEvent) {
  return {
    idEvent: event.id.toString(),
    occurredAt: event.occurredAt.toISOString(),
    actor: presentActor(event.actor),
    action: event.action,
    target: event.target ?? null,
    clientAddress: event.clientAddress,
    requestId: event.requestId,
    details: event.details,
  };
}

/** The merchant's audit log (docs/decisions/034), read like GET /payins. */
export const auditRoutes: readonly ApiRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/audit-events',
    operationId: 'listAuditEvents',
    summary: "Read the merchant's audit log",
    description:
      'Who changed what on the account, newest first, a page at a time (pass nextCursor back as cursor): ' +
      `${AUDIT_ACTIONS.join(', ')}. Each names who acted: the API key whose token it was (or the merchants file's ` +
      "secret), the person in the console (id and name), or the service's operator; " +
      'the client address and the request id; entries are never changed or removed. Token operation: GET /audit-events. ' +
      'Not reachable with a token confined to one payin.',
    tag: 'Audit log',
    versioned: true,
    auth: 'token',
    authorize: requireMerchantWideOperation,
    query: [
      ...pageQueryDocument,
      {
        name: 'action',
        description: `Comma-separated actions (${AUDIT_ACTIONS.join(', ')}); others are ignored, none listed is every action.`,
        schema: { type: 'string', examples: ['api_key.created,api_key.revoked'] },
      },
      {
        name: 'actor',
        description:
          'An API key id (key_…) for what its tokens did, a user id (usr_…) for what a person did in the console, ' +
          '"operator", or "secret" for the merchants file’s secret.',
        schema: { type: 'string', pattern: ACTOR.source },
      },
    ],
    responses: { 200: { description: 'A page of the log.', schema: auditEventPageSchema } },
    errors: ['VALIDATION_FAILED'],
    async handle(c, { deps }) {
      const actions = queryList(c.req.queries('action'), isAuditAction, 'lower');
      const actor = c.req.query('actor');
      if (actor !== undefined && !ACTOR.test(actor)) {
        const message =
          'An API key id (key_ and 24 hex digits), a user id (usr_ and 24 hex digits), "operator" or "secret".';
        throw new AppError('VALIDATION_FAILED', 'The actor filter names no actor.', {
          errors: [{ field: 'actor', message }],
        });
      }
      const page = await deps.auditLog.list(c.get('merchant').code, { ...parsePageQuery(c), actions, actor });
      return reply(c, {
        data: page.events.map(presentAuditEvent),
        ...(page.nextCursor !== undefined && { nextCursor: page.nextCursor }),
      });
    },
  }),
];
