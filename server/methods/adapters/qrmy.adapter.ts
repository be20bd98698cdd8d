import 'server-only';
import { operatorsFor, requireOperatorIn } from '../operator-catalogue';
import { DUITNOW_ACQUIRERS } from '../../rails';
import { buildDuitNowQr } from '../payloads/duitnow';
import type { MethodAdapter } from '../port';
import { merchantDigits, merchantLocation, SANDBOX_MCC } from '../support/merchant-identity';
import { configuredAccount } from '../support/configured-account';
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
  collection: { by: 'account', need: (_currency, acquirer) => ({ type: 'DUITNOW', operator: acquirer }) },
  completion: () => 'qr',
  buildResponse: (context) => {
    const { merchant, operator, money, requiredMoney, reference } = context;
    const acquirer = requireOperatorIn(DUITNOW_ACQUIRERS, operator);
    const duitNow = configuredAccount(context, 'DUITNOW');
    return {
      qrCode: buildDuitNowQr({
        acquirerId: acquirer.acquirerId,
        merchantAccountId: duitNow?.duitNowId ?? merchantDigits(merchant, `duitnow:${acquirer.code}`, 20),
        amount: requiredMoney ?? money,
        merchantName: duitNow?.accountName ?? merchant.channelName,
        merchantCity: duitNow?.merchantCity ?? merchantLocation('MYR').city,
        merchantCategoryCode: duitNow?.merchantCategoryCode ?? SANDBOX_MCC,
        reference,
      }),
    };
  },
  processAccount: (payin) => bankPayerAccount(payin),
};
