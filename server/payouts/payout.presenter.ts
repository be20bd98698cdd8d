import 'server-only';
import type { PayoutResource } from '@/lib/api/payout-responses';
import { toApiMoney } from '@/lib/money';
import type { Payout } from './payout';

/** GET /payouts/{idPayout}, in the payin style: what was asked, how it went, the fee, where it went. */
export function presentPayout(payout: Payout): PayoutResource {
  const { destination } = payout;
  return {
    paymentRequested: { money: toApiMoney(payout.money) },
    process: {
      status: payout.status,
      createdAt: payout.createdAt.toISOString(),
      ...(payout.processedAt && { processedAt: payout.processedAt.toISOString() }),
      ...(payout.returnedAt && { returnedAt: payout.returnedAt.toISOString() }),
      isTest: payout.isTest,
      ...(payout.processorStatus !== undefined && { processorStatus: payout.processorStatus }),
    },
    fee: toApiMoney(payout.fee),
    paymentMethodResponse: {
      idPayout: payout.idPayout,
      paymentMethodCode: payout.method,
      account: destination.account,
      ...(destination.phoneNumber !== undefined && { phoneNumber: destination.phoneNumber }),
      ...(destination.emailAddress !== undefined && { emailAddress: destination.emailAddress }),
      money: toApiMoney(payout.money),
      ...(payout.vat && { vat: toApiMoney(payout.vat) }),
      reference: payout.reference,
      ...(payout.byFile && { endToEndId: payout.byFile.endToEndId }),
      ...(destination.operator && {
        paymentOperator: { code: destination.operator.code, name: destination.operator.name },
      }),
    },
  };
}
