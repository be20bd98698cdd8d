import 'server-only';
import { payinResponseSchema } from '@/lib/api/responses';
import {
  institutionDecisionResponseSchema,
  institutionSessionSchema,
  simulationScheduledSchema,
} from '@/lib/api/sandbox-responses';
import { moneyOf, toApiMoney } from '@/lib/money';
import { institutionDecisionSchema, simulateRequestSchema } from '@/lib/schemas';
import { AppError } from '../../errors';
import { findPayinByInstitutionSession, presentPayin, type Payin } from '../../payins';
import type { SimulationService } from '../../sandbox';
import type { ApiDependencies } from '../context';
import { recordAudit } from '../audit';
import { reply, responseHeaders } from '../reply';
import { defineRoute, type ApiRoute } from '../route';

const SESSION = /^[A-Za-z0-9_-]{16,64}$/;

async function institutionPayin(deps: ApiDependencies, session: string | undefined): Promise<Payin> {
  const payin =
    session !== undefined && SESSION.test(session)
      ? await findPayinByInstitutionSession(deps.db, session)
      : undefined;
  if (!payin) throw new AppError('NOT_FOUND', 'No payment session here.');
  return payin;
}

/** The sandbox API: simulate outcomes, and the simulated payment institution behind redirectTo. */
export function sandboxRoutes(simulations: SimulationService): readonly ApiRoute[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/sandbox/payins/:idPayin/!simulate',
      operationId: 'simulatePayin',
      summary: 'Simulate the outcome of a test payin',
      description:
        'Drives a test payin (of a sandbox merchant). Either `status`: moves a PENDING payin to SUCCESS or REFUSED ' +
        '(optional processorStatus overrides the reported one; REFUSED with EXPIRED expires it now, UNDERPAID when part ' +
        'of the amount was received). Or `payment`: money arrives, `{ "amount": n }` in the payin\'s currency, or EXACT, ' +
        'SHORT (10 % less) or OVER (10 % more) than the amount to pay (moneyRequired, else money); payments add up in ' +
        'process.moneyReceived and the payin succeeds once they reach the amount to pay (APPROVED, or OVERPAID when ' +
        'more); after the end they show in process.moneyReceivedLate and change nothing else. Now (200, the payin) or ' +
        'after delaySeconds (202). Token operation: POST /sandbox/payins/{idPayin}/!simulate.',
      tag: 'Sandbox',
      versioned: true,
      auth: 'token',
      body: simulateRequestSchema,
      responses: {
        200: { description: 'The outcome was applied.', schema: payinResponseSchema, document: 'Payin' },
        202: { description: 'The outcome is scheduled.', schema: simulationScheduledSchema },
      },
      errors: [
        'VALIDATION_FAILED',
        'MALFORMED_JSON',
        'SANDBOX_ONLY',
        'PAYMENT_NOT_PERMITTED',
        'PAYIN_NOT_FOUND',
        'PAYIN_FINAL',
        'EXTERNAL_REFERENCE_REQUIRED',
      ],
      async handle(c, { body, deps }) {
        const idPayin = c.get('idPayin');
        const payin = await deps.payins.get(c.get('merchant'), idPayin);
        const outcome = await simulations.simulate(payin, body);
        // The merchant's own (and its people's) simulations; a customer's on the hosted page are the payment's story.
        if (!c.get('grant').session)
          await recordAudit(c, deps, { action: 'payin.simulated', target: idPayin, details: { ...body } });
        if (outcome.kind === 'applied') return reply(c, presentPayin(outcome.payin));
        const { action, dueAt } = outcome;
        return reply(
          c,
          {
            idPayin,
            ...(action.kind === 'status'
              ? { status: action.status }
              : { payment: toApiMoney(moneyOf(payin.money.currency, action.amountMinor)) }),
            dueAt: dueAt.toISOString(),
          },
          202,
        );
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/sandbox/institution/:session',
      operationId: 'getInstitutionSession',
      summary: 'Read a payment session of the simulated payment institution',
      description:
        'What the simulated bank or wallet page (redirectTo of redirect methods) shows the customer. The unguessable session in ' +
        'the path is the credential, as with a real institution.',
      tag: 'Sandbox institution',
      versioned: false,
      auth: 'none',
      responses: { 200: { description: 'The session.', schema: institutionSessionSchema } },
      errors: ['NOT_FOUND'],
      async handle(c, { deps }) {
        const payin = await institutionPayin(deps, c.req.param('session'));
        const merchant = await deps.merchants.find(payin.merchantCode);
        const operator = payin.methodResponse.paymentOperator as { code: string; name: string } | undefined;
        responseHeaders(c)['cache-control'] = 'no-store';
        return reply(c, {
          idPayin: payin.idPayin,
          merchantName: merchant?.channelName ?? payin.merchantCode,
          money: toApiMoney(payin.requiredMoney ?? payin.money),
          paymentMethodCode: payin.method,
          ...(operator && { paymentOperator: operator }),
          status: payin.status,
          isTest: payin.isTest,
          expireAt: payin.expireAt.toISOString(),
          returnUrl: payin.returnUrl,
        });
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/sandbox/institution/:session/!decide',
      operationId: 'decideInstitutionSession',
      summary: 'Approve or decline at the simulated payment institution',
      description:
        'The customer approves or declines the test payment on the simulated institution page; the payin becomes SUCCESS or REFUSED.',
      tag: 'Sandbox institution',
      versioned: false,
      auth: 'none',
      body: institutionDecisionSchema,
      responses: {
        200: { description: 'The decision was applied.', schema: institutionDecisionResponseSchema },
      },
      errors: [
        'NOT_FOUND',
        'VALIDATION_FAILED',
        'SANDBOX_ONLY',
        'PAYIN_FINAL',
        'EXTERNAL_REFERENCE_REQUIRED',
      ],
      async handle(c, { body, deps }) {
        const payin = await institutionPayin(deps, c.req.param('session'));
        const status = body.decision === 'approve' ? 'SUCCESS' : 'REFUSED';
        const outcome = await simulations.simulate(payin, { kind: 'status', status });
        const final = outcome.kind === 'applied' ? outcome.payin.status : payin.status;
        return reply(c, { status: final, returnUrl: payin.returnUrl });
      },
    }),
  ];
}
