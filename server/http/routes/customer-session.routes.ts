import 'server-only';
import { customerSessionResponseSchema } from '@/lib/api/responses';
import { customerSessionRequestSchema } from '@/lib/schemas';
import { defineRoute } from '../route';
import { reply } from '../reply';

export const customerSessionRoutes = [
  defineRoute({
    method: 'POST',
    path: '/payins/:idPayin/!customerSession',
    operationId: 'openCustomerSession',
    summary: "Open a customer session for a payin's page",
    description:
      "Trades the merchant's token for a token confined to this payin that lives as long as the payment: it may create the " +
      'payin until the token would have expired or for an hour, whichever is later, and works until the payin has been final ' +
      "for an hour. It allows only the payin flow's operations the merchant's token allowed (options, merchant info, create, " +
      'read, external reference, sandbox simulate) and keeps its money restriction. Any token that may read the payin can ' +
      'open one; a session cannot open another. The hosted payment app opens one when the customer arrives; a merchant may do ' +
      'the same for its own client-side page. money, when given, is checked against the token at once (403 ' +
      "MONEY_NOT_PERMITTED); returnUrl is checked like a create's and carried by the session, as are the token's terms. " +
      'For a live merchant the token must be confined to this payin and fix the amount (PAYIN_CREATE with money), or 403 ' +
      'TERMS_NOT_PERMITTED: a general token must never reach a browser.',
    tag: 'Payins',
    versioned: true,
    auth: 'token',
    authorize() {
      // Permission is the grant itself (checked by the service): reading this payin, and not being a session.
    },
    body: customerSessionRequestSchema,
    responses: { 201: { description: 'The session.', schema: customerSessionResponseSchema } },
    errors: [
      'VALIDATION_FAILED',
      'MALFORMED_JSON',
      'MONEY_NOT_PERMITTED',
      'TERMS_NOT_PERMITTED',
      'URL_NOT_ALLOWED',
      'PAYMENT_NOT_PERMITTED',
      'SESSION_ENDED',
    ],
    async handle(c, { body, deps }) {
      const session = await deps.sessions.open({
        grant: c.get('grant'),
        merchant: c.get('merchant'),
        idPayin: c.get('idPayin'),
        returnUrl: body.returnUrl,
        money: body.money,
      });
      return reply(
        c,
        { token: session.token, expiresAt: session.expiresAt.toISOString(), operations: session.operations },
        201,
      );
    },
  }),
];
