import { fieldRules } from '../../schemas/customer-fields';
import { defineMethod } from '../descriptor';

/**
 * Thai QR: a PromptPay credit-transfer QR for the unique amount (moneyRequired), which is how the
 * transfer is matched; accountCustomer is the account the customer pays from.
 */
export const QRTH = defineMethod({
  code: 'QRTH',
  name: 'Thai QR',
  currencies: ['THB'],
  requestObject: 'QrThMethod',
  operatorChosenBy: 'service',
  validity: 'qr',
  uniqueAmount: true,
  reportsAccountCustomer: true,
  completion: 'qr',
  customerFields: fieldRules({ accountName: 'optional', accountNumber: 'required' }),
  emvQrCurrencies: ['THB'],
  collection: { by: 'account', need: () => ({ type: 'PROMPTPAY' }) },
  response: { required: ['account', 'qrCode'] },
});
