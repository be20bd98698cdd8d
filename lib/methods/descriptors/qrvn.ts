import { fieldRules } from '../../schemas/customer-fields';
import { defineMethod } from '../descriptor';

/** Vietnamese QR: a VietQR (NAPAS 247) transfer to our account, the reference as transfer content. */
export const QRVN = defineMethod({
  code: 'QRVN',
  name: 'Vietnamese QR',
  currencies: ['VND'],
  requestObject: 'QrVnMethod',
  operatorChosenBy: 'service',
  validity: 'qr',
  completion: 'qr',
  customerFields: fieldRules({ emailAddress: 'optional' }),
  emvQrCurrencies: ['VND'],
  collection: { by: 'account', need: () => ({ type: 'VIETQR' }) },
  response: { required: ['account', 'qrCode'] },
});
