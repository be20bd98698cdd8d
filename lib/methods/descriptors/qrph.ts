import { NO_CUSTOMER_FIELDS } from '../../schemas/customer-fields';
import { defineMethod } from '../descriptor';

/** Philippine QR: a dynamic QR Ph P2M code any member bank or e-wallet app pays. */
export const QRPH = defineMethod({
  code: 'QRPH',
  name: 'Philippine QR',
  currencies: ['PHP'],
  requestObject: 'QRPhMethod',
  operatorChosenBy: 'service',
  validity: 'qr',
  completion: 'qr',
  customerFields: NO_CUSTOMER_FIELDS,
  emvQrCurrencies: ['PHP'],
  collection: { by: 'account', need: () => ({ type: 'QRPH' }) },
  response: { required: ['qrCode'] },
});
