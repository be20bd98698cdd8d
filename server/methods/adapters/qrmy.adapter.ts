import 'server-only';
import { operatorsFor, requireOperatorIn } from '../operator-catalogue';
import { DUITNOW_ACQUIRERS } from '../operators/qr-acquirers';
import { buildDuitNowQr } from '../payloads/duitnow';
import type { MethodAdapter } from '../port';
import { merchantDigits, merchantLocation, SANDBOX_MCC } from '../support/merchant-identity';
import { bankPayerAccount } from '../support/payer-account';
import { VALIDITY_MS } from '../support/validity';

/**
 * Malaysian QR: a dynamic DuitNow QR of the acquiring bank (paymentOperator) for the unique amount
 * (moneyRequired) the customer must pay for the payment to be recognised.
 */
export const qrmyAdapter: MethodAdapter = {
  code: 'QRMY',
  currencies: ['MYR'],
  operators: (currency) => operatorsFor('QRMY', currency),
  assignsDefaultOperator: true,
  validityMs: () => VALIDITY_MS.qr,
  uniqueAmount: true,
  externalReference: undefined,
  reportsAccountCustomer: true,
  completion: () => 'qr',
  buildResponse: ({ merchant, operator, money, requiredMoney, reference }) => {
    const acquirer = requireOperatorIn(DUITNOW_ACQUIRERS, operator);
    return {
      qrCode: buildDuitNowQr({
        acquirerId: acquirer.acquirerId,
        merchantAccountId: merchantDigits(merchant, `duitnow:${acquirer.code}`, 20),
        amount: requiredMoney ?? money,
        merchantName: merchant.channelName,
        merchantCity: merchantLocation('MYR').city,
        merchantCategoryCode: SANDBOX_MCC,
        reference,
      }),
    };
  },
  processAccount: (payin) => bankPayerAccount(payin),
};
