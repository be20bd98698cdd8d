import { NO_CUSTOMER_FIELDS } from '../../schemas/customer-fields';
import { defineMethod } from '../descriptor';
import { UTR } from '../references';

/**
 * Indian QR: a UPI payment link to our UPI ID at the PSP, shown as a QR and opened directly on
 * phones. The customer may pass the UTR of the payment to speed up matching; it is not required.
 */
export const QRIN = defineMethod({
  code: 'QRIN',
  name: 'Indian QR (UPI)',
  currencies: ['INR'],
  requestObject: 'QrInMethod',
  operatorChosenBy: 'service',
  validity: 'qr',
  completion: 'deeplink',
  customerFields: NO_CUSTOMER_FIELDS,
  externalReference: { required: false, rule: UTR },
  collection: { by: 'account', need: (_currency, psp) => ({ type: 'UPI', operator: psp }) },
  response: { required: ['qrCode', 'qrInDeepLink'] },
});
