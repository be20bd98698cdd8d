import { toApiMoney } from '@/lib/money';
import type { CustomerAccount, Payin } from './payin';

/** paymentMethodResponse as stored at creation, plus what the customer added since (externalReference). */
export function presentMethodResponse(payin: Payin): Record<string, unknown> {
  return {
    ...payin.methodResponse,
    ...(payin.externalReference !== undefined && {
      externalReference: { reference: payin.externalReference },
    }),
  };
}

/** Response of POST /payins/{idPayin}. */
export function presentCreated(payin: Payin) {
  return {
    paymentRequested: { money: toApiMoney(payin.money) },
    paymentMethodResponse: presentMethodResponse(payin),
  };
}

/** Response of GET /payins/{idPayin}: the specification's Payin. */
export function presentPayin(payin: Payin) {
  return {
    paymentRequested: { money: toApiMoney(payin.money) },
    process: {
      status: payin.status,
      createdAt: payin.createdAt.toISOString(),
      ...(payin.processedAt && { processedAt: payin.processedAt.toISOString() }),
      isTest: payin.isTest,
      ...(payin.processorStatus !== undefined && { processorStatus: payin.processorStatus }),
    },
    fee: toApiMoney(payin.fee),
    paymentMethodResponse: presentMethodResponse(payin),
  };
}

/** Response of GET /payins/{idPayin}/accounts; fields appear when known. */
export function presentAccounts(payin: Payin): {
  customerAccountRequest: CustomerAccount;
  customerAccountProcess: CustomerAccount;
} {
  const { accountName, accountNumber } = payin.customer;
  return {
    customerAccountRequest: {
      ...(accountName !== undefined && { accountName }),
      ...(accountNumber !== undefined && { accountNumber }),
    },
    customerAccountProcess: payin.customerAccountProcess ?? {},
  };
}
