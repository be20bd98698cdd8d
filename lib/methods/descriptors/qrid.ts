import { NO_CUSTOMER_FIELDS } from '../../schemas/customer-fields';
import { defineMethod } from '../descriptor';

/** Indonesian QR: a dynamic QRIS code any Indonesian bank or e-wallet app pays. */
export const QRID = defineMethod({
  code: 'QRID',
  name: 'Indonesian QR',
  currencies: ['IDR'],
  requestObject: 'QrIdMethod',
  operatorChosenBy: 'service',
  validity: 'qr',
  completion: 'qr',
  customerFields: NO_CUSTOMER_FIELDS,
  emvQrCurrencies: ['IDR'],
  collection: { by: 'account', need: () => ({ type: 'QRIS' }) },
  response: { required: ['qrCode'] },
});
