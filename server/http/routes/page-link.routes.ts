import 'server-only';
import { createHash } from 'node:crypto';
import { pageLinkOpenSchema } from '@/lib/api/payment-link-responses';
import { AppError } from '../../errors';
import { enforceRateLimit } from '../middleware/rate-limit';
import { reply } from '../reply';
import { defineRoute, type ApiRoute } from '../route';

/** Opens per link and second: a customer clicks once; mail scanners a few times. */
const OPENS_PER_SECOND = 10;

/**
 * The way back to a payment's page from an e-mail (docs/decisions/052): the link's key names one
 * payin and opens a customer session of that payin only, which the BFF keeps in the payment's cookie.
 */
export const pageLinkRoutes: ApiRoute[] = [
  defineRoute({
    method: 'POST',
    path: '/page-links/:key/!open',
    operationId: 'openPageLink',
    summary: "Open a payment's page from an e-mail (the customer)",
    description:
      "The link in a payment's instructions and reminder e-mails: a key naming the payin, made by this server. Opens a customer " +
      'session of that payin only (read it, give its reference, play a test payment), as an arrival does; nothing can be ' +
      'created with it. 404 PAGE_LINK_NOT_FOUND for a key this server did not make.',
    tag: 'Payins',
    versioned: true,
    auth: 'none',
    responses: { 201: { description: "The payin's page and session.", schema: pageLinkOpenSchema } },
    errors: ['PAGE_LINK_NOT_FOUND', 'RATE_LIMITED'],
    async handle(c, { deps }) {
      const key = c.req.param('key') ?? '';
      const bucket = `page-link:${createHash('sha256').update(key).digest('base64url').slice(0, 22)}`;
      await enforceRateLimit(c, deps, [{ bucket, limit: OPENS_PER_SECOND, windowMs: 1000 }]);
      const id = deps.mail.links.read(key);
      const payin = id === undefined ? undefined : await deps.payins.findById(id);
      if (!payin) throw new AppError('PAGE_LINK_NOT_FOUND', 'No payment here.');
      const merchant = await deps.merchants.require(payin.merchantCode);
      const session = await deps.sessions.openForPayin({ merchant, payin });
      return reply(
        c,
        {
          merchantCode: merchant.code,
          idPayin: payin.idPayin,
          token: session.token,
          expiresAt: session.expiresAt.toISOString(),
        },
        201,
      );
    },
  }),
];
