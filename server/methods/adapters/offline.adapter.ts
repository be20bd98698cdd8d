import 'server-only';
import { METHODS } from '@/lib/methods';
import { operatorsFor, requireOperatorIn } from '../operator-catalogue';
import { OFFLINE_BANKS } from '../operators/banks';
import { buildVietQr } from '../payloads/vietqr';
import type { MethodAdapter } from '../port';
import { bankPayerAccount } from '../support/payer-account';
import { configuredAccount } from '../support/configured-account';
import { bankAccountParts, collectionAccount } from '../support/response-parts';
import { VALIDITY_MS } from '../support/validity';

/**
 * Offline bank transfer: the customer transfers the exact moneyRequired to our collection account
 * at the chosen bank, quoting the reference; matching takes minutes, so the payin stays open a day.
 * In VND the customer can scan a VietQR of the same transfer instead (qrCode, qrName).
 */
export const offlineAdapter: MethodAdapter = {
  code: 'OFFLINE',
  currencies: METHODS.OFFLINE.currencies,
  operators: (currency) => operatorsFor('OFFLINE', currency),
  assignsDefaultOperator: true,
  validityMs: () => VALIDITY_MS.transfer,
  uniqueAmount: true,
  externalReference: undefined,
  collection: { by: 'account', need: (_currency, bank) => ({ type: 'BANK_ACCOUNT', operator: bank }) },
  completion: (currency) => (currency === 'VND' ? 'qr' : 'instructions'),
  buildResponse: (context) => {
    const { merchant, operator, money, requiredMoney, customer, reference } = context;
    const bank = requireOperatorIn(OFFLINE_BANKS[money.currency], operator);
    const configured = configuredAccount(context, 'BANK_ACCOUNT');
    const account = configured
      ? bankAccountParts(configured, bank)
      : collectionAccount(merchant, bank, money.currency);
    return {
      account,
      ...(money.currency === 'VND' && {
        qrCode: buildVietQr({
          bin: bank.bankCode,
          accountNumber: account.accountNumber,
          amount: requiredMoney ?? money,
          billNumber: reference,
          purpose: reference,
        }),
        qrName: `VietQR ${bank.name} ${account.accountNumber} ${account.accountName}`,
      }),
      ...(customer.productId !== undefined && { productId: customer.productId }),
    };
  },
  processAccount: (payin) => bankPayerAccount(payin),
};
