import 'server-only';
import type { RefundClaim, RefundResource } from '@/lib/api/refund-responses';
import { toApiMoney } from '@/lib/money';
import type { CurrencyCode } from '@/lib/money';
import { payoutOptions } from '../payouts';
import { BANK_RULES, isBankCurrency } from '../rails';
import { claimIsOpen, type Refund } from './refund';

/** A refund as the API shows it; `claimUrl` while the payer has yet to say where the money goes. */
export function presentRefund(refund: Refund, claimUrl: string | undefined): RefundResource {
  const { destination } = refund;
  return {
    idRefund: refund.idRefund,
    idPayin: refund.idPayin,
    money: toApiMoney(refund.money),
    fee: toApiMoney(refund.fee),
    ...(refund.vat && { vat: toApiMoney(refund.vat) }),
    status: refund.status,
    ...(refund.processorStatus !== undefined && { processorStatus: refund.processorStatus }),
    ...(refund.reason !== undefined && { reason: refund.reason }),
    isTest: refund.isTest,
    reference: refund.reference,
    ...(refund.byFile && { endToEndId: refund.byFile.endToEndId }),
    ...(destination &&
      refund.destinationSource && {
        destination: {
          source: refund.destinationSource,
          paymentMethodCode: destination.method,
          account: destination.account,
          ...(destination.phoneNumber !== undefined && { phoneNumber: destination.phoneNumber }),
          ...(destination.emailAddress !== undefined && { emailAddress: destination.emailAddress }),
          ...(destination.operator && {
            paymentOperator: { code: destination.operator.code, name: destination.operator.name },
          }),
        },
      }),
    ...(claimUrl !== undefined && { claimUrl }),
    ...(refund.claimExpiresAt && { claimExpiresAt: refund.claimExpiresAt.toISOString() }),
    ...(refund.claimedAt && { claimedAt: refund.claimedAt.toISOString() }),
    createdAt: refund.createdAt.toISOString(),
    ...(refund.processedAt && { processedAt: refund.processedAt.toISOString() }),
    ...(refund.returnedAt && { returnedAt: refund.returnedAt.toISOString() }),
  };
}

/**
 * The payout methods a payer can claim by, saying where a bank transfer needs the branch's code too.
 * A live refund leaves by bank file: bank accounts only (docs/decisions/042).
 */
function claimOptions(currency: CurrencyCode, isTest: boolean): RefundClaim['options'] {
  const options = payoutOptions(currency).filter(
    (option) => isTest || option.paymentMethodCode === 'BANK_TRANSFER',
  );
  return options.map((option) => ({
    ...option,
    ...(option.paymentMethodCode === 'BANK_TRANSFER' &&
      isBankCurrency(currency) && { needsBankCode: !BANK_RULES[currency].operatorSuppliesBankCode }),
  }));
}

/** What the claim page shows: amount, shop, reason and state; a claimed account only by its ending. */
export function presentClaim(refund: Refund, merchantName: string, now: Date): RefundClaim {
  const { destination } = refund;
  const state =
    refund.status === 'SUCCESS'
      ? 'SUCCESS'
      : refund.status === 'REFUSED'
        ? refund.destination === undefined
          ? 'EXPIRED'
          : 'REFUSED'
        : destination
          ? 'CLAIMED'
          : claimIsOpen(refund, now)
            ? 'OPEN'
            : 'EXPIRED';
  return {
    merchantName,
    money: toApiMoney(refund.money),
    isTest: refund.isTest,
    ...(refund.reason !== undefined && { reason: refund.reason }),
    state,
    expiresAt: (refund.claimExpiresAt ?? refund.createdAt).toISOString(),
    options: state === 'OPEN' ? claimOptions(refund.money.currency, refund.isTest) : [],
    ...(destination && {
      destination: {
        paymentMethodCode: destination.method,
        accountEnding: destination.account.accountNumber.slice(-4),
        ...(destination.operator && { paymentOperatorName: destination.operator.name }),
      },
    }),
  };
}
