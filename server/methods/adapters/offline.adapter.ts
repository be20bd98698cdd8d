import 'server-only';
import { METHODS } from '@/lib/methods';
import { OFFLINE_BANKS } from '../operators/banks';
import { buildVietQr } from '../payloads/vietqr';
import { defineAdapter } from '../define-adapter';
import { perCurrency, requireOperatorIn } from '../support/operators';
import { bankPayerAccount } from '../support/payer-account';
import { configuredAccount } from '../support/configured-account';
import { bankAccountParts, collectionAccount, qrAskingFor } from '../support/response-parts';

/**
 * Offline bank transfer: the customer transfers the exact moneyRequired to our collection account
 * at the chosen bank, quoting the reference; matching takes minutes, so the payin stays open a day.
 * In VND the customer can scan a VietQR of the same transfer instead (qrCode, qrName).
 */
export const offlineAdapter = defineAdapter(METHODS.OFFLINE, {
  operators: perCurrency(OFFLINE_BANKS),
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
  askFor: qrAskingFor,
  processAccount: (payin) => bankPayerAccount(payin),
});
