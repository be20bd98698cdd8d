import 'server-only';
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import {
  paymentLinkPageSchema,
  paymentLinkResponseSchema,
  paymentLinkStartSchema,
  paymentLinkViewSchema,
} from '@/lib/api/payment-link-responses';
import { toDecimalString, toJsonAmount } from '@/lib/money';
import {
  createPaymentLinkRequestSchema,
  ID_LINK_PATTERN,
  idLinkSchema,
  startPaymentLinkRequestSchema,
} from '@/lib/schemas/payment-link-request';
import { parseOrThrow } from '../../errors';
import {
  linkUrl,
  presentLink,
  presentLinkDetail,
  presentLinkView,
  type PaymentLinkDetail,
  type PaymentLinkService,
} from '../../payment-links';
import { recordAudit } from '../audit';
import { enforceRateLimit } from '../middleware/rate-limit';
import type { ApiEnv } from '../context';
import { requireMerchantWideOperation } from '../middleware/authenticate';
import { reply } from '../reply';
import { defineRoute, type ApiRoute } from '../route';
import { parsePageQuery, pageQueryDocument } from './list-params';

/**
 * Starts per link and second: a link in a busy chat group or a flash sale starts many payments at
 * once, but anyone holding it must not make the server sign sessions without end (each start
 * numbers a payin and signs a token). Its own bucket: never the merchant's API budget.
 */
const STARTS_PER_SECOND = 50;

const common = {
  tag: 'Payment links',
  versioned: true,
  auth: 'token',
  authorize: requireMerchantWideOperation,
} as const;

function idLinkOf(c: Context<ApiEnv>): string {
  const value = c.req.param('idLink') ?? '';
  return ID_LINK_PATTERN.test(value) ? value : parseOrThrow(idLinkSchema, value, 'idLink');
}

/**
 * Payment links (docs/decisions/051): the merchant's routes (token operations POST and GET
 * /payment-links/{idLink}, GET /payment-links, POST /payment-links/{idLink}/!deactivate) and the
 * two the link's public page calls, whose unguessable secret is the only credential.
 */
export function paymentLinkRoutes(links: PaymentLinkService, publicUrl: string): readonly ApiRoute[] {
  const detail = async (view: PaymentLinkDetail) =>
    presentLinkDetail(
      view,
      links.status(view.link, view.uses),
      linkUrl(publicUrl, links.secretOf(view.link)),
    );
  return [
    defineRoute({
      ...common,
      method: 'POST',
      path: '/payment-links/:idLink',
      operationId: 'createPaymentLink',
      summary: 'Create a payment link',
      description:
        'A page anyone with its `url` may pay on, by chat, e-mail, invoice or its QR (`qrCodePng`). Exactly one of ' +
        '`money` (a fixed amount) and `amountRange` (the customer types an amount within it); `paymentMethodCodes` ' +
        'narrows the methods (each must be one the merchant offers for the currency; all of them when absent); ' +
        '`usageLimit` caps the payments that are paid or still open (a refused or expired one frees its place); ' +
        "`expireAt` ends it (within 366 days). Without `callbackUrl` its payments call back to the merchant's " +
        "built-in callback receiver; without `returnUrl` the customer comes back to the link's page. Each payment " +
        'is a fresh payin `<idLink>.<n>` (n = 1, 2, … in the order customers start them; a number the merchant ' +
        "already used for a payin of its own is skipped), bound to the link's terms. idLink: 1–48 characters of an " +
        "idPayin's alphabet; a link is never changed (409 PAYMENT_LINK_ALREADY_EXISTS), deactivate it and make " +
        'another. Token operation: POST /payment-links/{idLink}.',
      body: createPaymentLinkRequestSchema,
      responses: { 201: { description: 'The link, its URL and QR.', schema: paymentLinkResponseSchema } },
      errors: [
        'VALIDATION_FAILED',
        'MALFORMED_JSON',
        'PAYMENT_NOT_PERMITTED',
        'CURRENCY_NOT_SUPPORTED',
        'URL_NOT_ALLOWED',
        'PAYMENT_LINK_ALREADY_EXISTS',
      ],
      async handle(c, { body, deps }) {
        const merchant = c.get('merchant');
        const view = await links.create(merchant, idLinkOf(c), body);
        await recordAudit(c, deps, {
          action: 'payment_link.created',
          target: view.link.idLink,
          details: {
            description: view.link.description,
            ...('fixed' in view.link.amount
              ? { amount: toJsonAmount(view.link.amount.fixed) }
              : {
                  minAmount: toJsonAmount(view.link.amount.min),
                  maxAmount: toJsonAmount(view.link.amount.max),
                }),
            currencyCode: view.link.currency,
          },
        });
        return reply(c, await detail(view), 201);
      },
    }),
    defineRoute({
      ...common,
      method: 'GET',
      path: '/payment-links',
      operationId: 'listPaymentLinks',
      summary: "List the merchant's payment links",
      description:
        'Newest first, a page at a time, each with its status and counts (no QR, no payins). Token operation: GET ' +
        '/payment-links.',
      query: pageQueryDocument,
      responses: { 200: { description: 'A page of links.', schema: paymentLinkPageSchema } },
      errors: ['VALIDATION_FAILED', 'PAYMENT_NOT_PERMITTED'],
      async handle(c) {
        const page = await links.list(c.get('merchant'), parsePageQuery(c));
        return reply(c, {
          data: page.items.map(({ link, uses }) =>
            presentLink(link, uses, links.status(link, uses), linkUrl(publicUrl, links.secretOf(link))),
          ),
          ...(page.nextCursor !== undefined && { nextCursor: page.nextCursor }),
        });
      },
    }),
    defineRoute({
      ...common,
      method: 'GET',
      path: '/payment-links/:idLink',
      operationId: 'getPaymentLink',
      summary: 'Read a payment link',
      description:
        'The link with its status (ACTIVE, INACTIVE, EXPIRED, USED_UP), its counts (paid, pending, and counted: ' +
        'both, what usageLimit caps), its URL and QR, and its newest 100 payins. Token operation: GET ' +
        '/payment-links/{idLink}.',
      responses: { 200: { description: 'The link.', schema: paymentLinkResponseSchema } },
      errors: ['VALIDATION_FAILED', 'PAYMENT_NOT_PERMITTED', 'PAYMENT_LINK_NOT_FOUND'],
      async handle(c) {
        const merchant = c.get('merchant');
        return reply(c, await detail(await links.get(merchant, idLinkOf(c))));
      },
    }),
    defineRoute({
      ...common,
      method: 'POST',
      path: '/payment-links/:idLink/!deactivate',
      operationId: 'deactivatePaymentLink',
      summary: 'Turn a payment link off',
      description:
        'From now on the link takes no payment (its page says so, a payin from a session already opened is refused ' +
        '409 PAYMENT_LINK_CLOSED); payins already created go on to their end. Deactivating again changes nothing. ' +
        'Token operation: POST /payment-links/{idLink}/!deactivate.',
      responses: { 200: { description: 'The link, INACTIVE.', schema: paymentLinkResponseSchema } },
      errors: ['VALIDATION_FAILED', 'PAYMENT_NOT_PERMITTED', 'PAYMENT_LINK_NOT_FOUND'],
      async handle(c, { deps }) {
        const merchant = c.get('merchant');
        const view = await links.deactivate(merchant, idLinkOf(c));
        await recordAudit(c, deps, { action: 'payment_link.deactivated', target: view.link.idLink });
        return reply(c, await detail(view));
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/payment-link-pages/:secret',
      operationId: 'getPaymentLinkPage',
      summary: "Read a payment link's page (the customer)",
      description:
        "What the link's page shows a customer: the shop's public name, the description, the amount or the range " +
        "to choose in, and whether it still takes payments. The secret in the link's URL is the credential.",
      tag: 'Payment links',
      versioned: true,
      auth: 'none',
      responses: { 200: { description: 'The link as customers see it.', schema: paymentLinkViewSchema } },
      errors: ['PAYMENT_LINK_NOT_FOUND'],
      async handle(c) {
        const { link, merchant, uses } = await links.view(c.req.param('secret') ?? '');
        return reply(c, presentLinkView(link, merchant, links.status(link, uses)));
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/payment-link-pages/:secret/!start',
      operationId: 'startPaymentLinkPayment',
      summary: 'Start a payment on a payment link (the customer)',
      description:
        "Numbers the next payin of the link and opens a customer session for it, fixing the amount (the link's, or " +
        "`amount` within its range: 400 on `amount` otherwise) and binding the link's URLs and methods. Nothing is " +
        'held yet: the usage limit is kept when the payin is created. 409 PAYMENT_LINK_CLOSED once the link is ' +
        'INACTIVE, EXPIRED or USED_UP (errors[0].message names which).',
      tag: 'Payment links',
      versioned: true,
      auth: 'none',
      body: startPaymentLinkRequestSchema,
      bodyOptional: true,
      responses: { 201: { description: "The payin's page and session.", schema: paymentLinkStartSchema } },
      errors: [
        'VALIDATION_FAILED',
        'MALFORMED_JSON',
        'PAYMENT_LINK_NOT_FOUND',
        'PAYMENT_LINK_CLOSED',
        'RATE_LIMITED',
      ],
      async handle(c, { body, deps }) {
        const secret = c.req.param('secret') ?? '';
        const bucket = `payment-link:${createHash('sha256').update(secret).digest('base64url').slice(0, 22)}`;
        await enforceRateLimit(c, deps, [{ bucket, limit: STARTS_PER_SECOND, windowMs: 1000 }]);
        const start = await links.start(secret, body.amount);
        return reply(
          c,
          {
            merchantCode: start.merchant.code,
            idPayin: start.idPayin,
            token: start.session.token,
            expiresAt: start.session.expiresAt.toISOString(),
            query: {
              amount: toDecimalString(start.money),
              currencyCode: start.money.currency,
              callbackUrl: start.callbackUrl,
              returnUrl: start.returnUrl,
              ...(start.paymentMethodCode && { paymentMethodCode: start.paymentMethodCode }),
            },
          },
          201,
        );
      },
    }),
  ];
}
