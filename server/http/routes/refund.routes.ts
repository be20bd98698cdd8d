import 'server-only';
import type { Context } from 'hono';
import { refundClaimSchema, refundListSchema, refundResponseSchema } from '@/lib/api/refund-responses';
import { toApiMoney } from '@/lib/money';
import {
  claimRefundRequestSchema,
  createRefundRequestSchema,
  simulateRefundRequestSchema,
} from '@/lib/schemas';
import type { RefundSimulations } from '../../sandbox';
import { claimUrl, presentClaim, presentRefund, type Refund, type RefundService } from '../../refunds';
import { actorLabel, recordAudit } from '../audit';
import type { ApiEnv } from '../context';
import { requireMerchantWideOperation } from '../middleware/authenticate';
import { reply } from '../reply';
import { defineRoute, type ApiRoute } from '../route';

const CLAIM_PARAM = 'secret';

/**
 * Refunds (docs/decisions/036-refunds.md): merchant-wide token routes under the payin they give
 * back, and the two claim routes the hosted claim page calls, whose unguessable link is the
 * credential (as the simulated institution's session is).
 */
export function refundRoutes(refunds: RefundService, publicUrl: string): readonly ApiRoute[] {
  const present = (refund: Refund) => {
    const secret = refunds.claimSecretOf(refund);
    return presentRefund(refund, secret === undefined ? undefined : claimUrl(publicUrl, secret));
  };
  const secretOf = (c: Context<ApiEnv>) => c.req.param(CLAIM_PARAM) ?? '';
  return [
    defineRoute({
      method: 'POST',
      path: '/payins/:idPayin/refunds/:idRefund',
      operationId: 'createRefund',
      summary: 'Refund a payin, in full or in part',
      description:
        'Sends money back to the payer of a SUCCESS payin under the merchant-generated idRefund (unique per merchant). ' +
        'money defaults to what remains refundable (the payin amount less refunds that are not REFUSED); more than ' +
        'that answers 422 REFUND_EXCEEDS_PAYMENT and nothing is kept. The amount and the refund fee are reserved from ' +
        'the available balance at once (422 INSUFFICIENT_BALANCE when short); the payin fee is not given back. The ' +
        "money goes to `destination` when given (a payout's method, operator and account, checked by the same local " +
        "rules), else to the payer's own account when the payin knows it and a payout rail can pay it, else through " +
        '`claimUrl`, a page where the payer says where to receive it before `claimExpiresAt` (an unclaimed refund is ' +
        'REFUSED with CLAIM_EXPIRED and its money released). PENDING → SUCCESS or REFUSED, each announced by a ' +
        'refund.status_changed callback naming idPayin and idRefund. A payin that is not SUCCESS answers 409 ' +
        'PAYIN_NOT_REFUNDABLE; the same idRefund again 409 REFUND_ALREADY_EXISTS. A live refund leaves by bank file ' +
        "(docs/decisions/042): it needs a bank account of the merchant paying out the payin's currency by file and a " +
        "BANK_TRANSFER destination, or none (the payer then claims with a bank account: a live payin's own account is " +
        'not known), else 422 REFUNDS_NOT_AVAILABLE saying what is missing; it carries its endToEndId and waits for ' +
        "the next payout batch (POST /payout-batches), ending as the account's statement reports it. Token " +
        'operation: POST /payins/{idPayin}/refunds/{idRefund}; never a token confined to one payment.',
      tag: 'Refunds',
      versioned: true,
      auth: 'token',
      authorize: requireMerchantWideOperation,
      body: createRefundRequestSchema,
      bodyOptional: true,
      responses: { 201: { description: 'The refund was accepted.', schema: refundResponseSchema } },
      errors: [
        'VALIDATION_FAILED',
        'MALFORMED_JSON',
        'PAYMENT_NOT_PERMITTED',
        'MONEY_NOT_PERMITTED',
        'PAYIN_NOT_FOUND',
        'PAYIN_NOT_REFUNDABLE',
        'REFUND_ALREADY_EXISTS',
        'REFUND_EXCEEDS_PAYMENT',
        'REFUND_CURRENCY_MISMATCH',
        'INSUFFICIENT_BALANCE',
        'REFUNDS_NOT_AVAILABLE',
        'PAYOUT_METHOD_UNKNOWN',
        'CURRENCY_NOT_SUPPORTED',
        'PAYMENT_OPERATOR_UNKNOWN',
        'URL_NOT_ALLOWED',
      ],
      async handle(c, { body, deps }) {
        const refund = await refunds.create({
          merchant: c.get('merchant'),
          grant: c.get('grant'),
          idPayin: c.get('idPayin'),
          idRefund: c.get('idRefund'),
          request: body,
          actor: actorLabel(c),
        });
        await recordAudit(c, deps, {
          action: 'refund.created',
          target: refund.idRefund,
          details: {
            idPayin: refund.idPayin,
            money: toApiMoney(refund.money),
            ...(refund.reason !== undefined && { reason: refund.reason }),
          },
        });
        return reply(c, present(refund), 201);
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/payins/:idPayin/refunds',
      operationId: 'listRefunds',
      summary: "List a payin's refunds",
      description:
        'Every refund of the payin, oldest first, with what was refunded (SUCCESS), is on its way (PENDING) and ' +
        'remains refundable. Token operation: GET /payins/{idPayin}/refunds.',
      tag: 'Refunds',
      versioned: true,
      auth: 'token',
      authorize: requireMerchantWideOperation,
      responses: { 200: { description: "The payin's refunds.", schema: refundListSchema } },
      errors: ['VALIDATION_FAILED', 'PAYMENT_NOT_PERMITTED', 'PAYIN_NOT_FOUND'],
      async handle(c) {
        const list = await refunds.ofPayin(c.get('merchant'), c.get('idPayin'));
        return reply(c, {
          data: list.refunds.map(present),
          refunded: toApiMoney(list.refunded),
          refundPending: toApiMoney(list.refundPending),
          refundable: toApiMoney(list.refundable),
        });
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/payins/:idPayin/refunds/:idRefund',
      operationId: 'getRefund',
      summary: 'Read a refund',
      description:
        'The refund with its status (PENDING, then SUCCESS or REFUSED with processorStatus), where the money goes, ' +
        "a live refund's endToEndId (its bank file's) and, while the payer has not said, its claimUrl. Token " +
        'operation: GET /payins/{idPayin}/refunds/{idRefund}.',
      tag: 'Refunds',
      versioned: true,
      auth: 'token',
      authorize: requireMerchantWideOperation,
      responses: { 200: { description: 'The refund.', schema: refundResponseSchema } },
      errors: ['VALIDATION_FAILED', 'PAYMENT_NOT_PERMITTED', 'REFUND_NOT_FOUND'],
      async handle(c) {
        return reply(c, present(await refunds.get(c.get('merchant'), c.get('idPayin'), c.get('idRefund'))));
      },
    }),
    defineRoute({
      method: 'GET',
      path: `/refund-claims/:${CLAIM_PARAM}`,
      operationId: 'getRefundClaim',
      summary: 'Read a refund claim (the payer)',
      description:
        'What the hosted claim page shows the payer: the shop, the amount, the reason, whether the claim is open and ' +
        'the payout methods the money can go by (a live refund: bank accounts only, it leaves by bank file). The ' +
        'unguessable secret of the claim link is the credential; nothing ' +
        'about the payer or the merchant beyond its public name is shown.',
      tag: 'Refunds',
      versioned: true,
      auth: 'none',
      responses: { 200: { description: 'The claim.', schema: refundClaimSchema } },
      errors: ['REFUND_CLAIM_NOT_FOUND'],
      async handle(c) {
        const view = await refunds.claim(secretOf(c));
        return reply(c, presentClaim(view.refund, view.merchantName, view.at));
      },
    }),
    defineRoute({
      method: 'POST',
      path: `/refund-claims/:${CLAIM_PARAM}`,
      operationId: 'claimRefund',
      summary: 'Say where a refund goes (the payer)',
      description:
        "The payer's destination, in a payout's words, checked by the same local rules (400 with each field's " +
        'problem; a live refund takes a BANK_TRANSFER destination only, else 400 on destination.paymentMethodCode); ' +
        'the refund then goes out there (a live one in the next payout batch). 409 REFUND_CLAIM_CLOSED once claimed, ' +
        'ended or out of time.',
      tag: 'Refunds',
      versioned: true,
      auth: 'none',
      body: claimRefundRequestSchema,
      responses: { 200: { description: 'The claim, now CLAIMED.', schema: refundClaimSchema } },
      errors: [
        'VALIDATION_FAILED',
        'MALFORMED_JSON',
        'REFUND_CLAIM_NOT_FOUND',
        'REFUND_CLAIM_CLOSED',
        'PAYOUT_METHOD_UNKNOWN',
        'CURRENCY_NOT_SUPPORTED',
        'PAYMENT_OPERATOR_UNKNOWN',
      ],
      async handle(c, { body }) {
        const view = await refunds.submitClaim(secretOf(c), body.destination);
        return reply(c, presentClaim(view.refund, view.merchantName, view.at));
      },
    }),
  ];
}

/** The sandbox's hand on a test refund: end it now, as the receiving bank or the payer's silence would. */
export function refundSandboxRoutes(
  simulations: RefundSimulations,
  refunds: RefundService,
): readonly ApiRoute[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/sandbox/payins/:idPayin/refunds/:idRefund/!simulate',
      operationId: 'simulateRefund',
      summary: 'Simulate the outcome of a test refund',
      description:
        'Ends a PENDING test refund now: SUCCESS (APPROVED; only once the refund knows where its money goes, else 409 ' +
        'REFUND_NOT_CLAIMED) or REFUSED (ACCOUNT_INVALID, ACCOUNT_CLOSED, NAME_MISMATCH, LIMIT_EXCEEDED, DECLINED or ' +
        'CANCELLED, DECLINED when left out; CLAIM_EXPIRED while its claim is open, as if the payer let the time run ' +
        "out). REFUSED on a SUCCESS refund plays the payer's bank returning it later: REFUSED with that " +
        'processorStatus, returnedAt set, its money back on the balance and refundable again. Without a call a test refund ends by itself, by the payout magic amounts (…902–906 refused after 3 s, ' +
        '…910 waits) or SUCCESS after the sandbox delay. Token operation: POST ' +
        '/sandbox/payins/{idPayin}/refunds/{idRefund}/!simulate.',
      tag: 'Sandbox',
      versioned: true,
      auth: 'token',
      authorize: requireMerchantWideOperation,
      body: simulateRefundRequestSchema,
      responses: { 200: { description: 'The outcome was applied.', schema: refundResponseSchema } },
      errors: [
        'VALIDATION_FAILED',
        'MALFORMED_JSON',
        'SANDBOX_ONLY',
        'REFUND_NOT_FOUND',
        'REFUND_FINAL',
        'REFUND_NOT_CLAIMED',
      ],
      async handle(c, { body, deps }) {
        const refund = await refunds.get(c.get('merchant'), c.get('idPayin'), c.get('idRefund'));
        const ended = await simulations.simulate(refund, body);
        await recordAudit(c, deps, {
          action: 'refund.simulated',
          target: refund.idRefund,
          details: { ...body },
        });
        return reply(c, presentRefund(ended, undefined), 200);
      },
    }),
  ];
}
