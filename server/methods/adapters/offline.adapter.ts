import 'server-only';
import { METHODS } from '@/lib/methods';
import type { MethodAdapter } from '../port';
import { operatorsFor } from '../operator-catalogue';
import { collectionAccountNumber } from '../support/collection-account';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Offline bank transfer: the customer transfers the exact moneyRequired to our collection account
 * at the chosen bank, quoting the reference; matching takes minutes, so the payin stays open a day.
 */
export const offlineAdapter: MethodAdapter = {
  code: 'OFFLINE',
  currencies: METHODS.OFFLINE.currencies,
  operators: (currency) => operatorsFor('OFFLINE', currency),
  assignsDefaultOperator: true,
  validityMs: () => DAY_MS,
  uniqueAmount: true,
  externalReference: undefined,
  completion: (currency) => (currency === 'VND' ? 'qr' : 'instructions'),
  buildResponse: ({ merchant, operator, money, customer }) => {
    const bank = operator ?? operatorsFor('OFFLINE', money.currency)[0];
    return {
      ...(bank && {
        account: {
          accountName: merchant.channelName,
          accountNumber: collectionAccountNumber(merchant.code, bank.code, money.currency),
          bankCode: bank.bankCode ?? bank.code,
          bankName: bank.name,
        },
      }),
      ...(customer.productId !== undefined && { productId: customer.productId }),
    };
  },
  processAccount: (payin) => ({
    accountName: payin.customer.accountName ?? 'Sandbox Customer',
    accountNumber:
      payin.customer.accountNumber ??
      collectionAccountNumber('customer', payin.idPayin, payin.money.currency),
    accountType: 'BANK_ACCOUNT',
    ...(payin.operatorCode && { bankName: payin.operatorCode }),
  }),
};
