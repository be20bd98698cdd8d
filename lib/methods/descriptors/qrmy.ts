import { PAYER_ACCOUNT_FIELDS } from '../../schemas/customer-fields';
import { defineMethod } from '../descriptor';

/**
 * Malaysian QR: a dynamic DuitNow QR of the acquiring bank (paymentOperator) for the unique amount
 * (moneyRequired) the customer must pay for the payment to be recognised.
 */
export const QRMY = defineMethod({
  code: 'QRMY',
  name: 'Malaysian QR',
  currencies: ['MYR'],
  requestObject: 'QrMyMethod',
  operatorChosenBy: 'service',
  assignsDefaultOperator: true,
  validity: 'qr',
  uniqueAmount: true,
  reportsAccountCustomer: true,
  completion: 'qr',
  customerFields: PAYER_ACCOUNT_FIELDS,
  emvQrCurrencies: ['MYR'],
  collection: { by: 'account', need: (_currency, acquirer) => ({ type: 'DUITNOW', operator: acquirer }) },
  response: { required: ['qrCode'] },
});
