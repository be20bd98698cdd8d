import { PAYER_ACCOUNT_FIELDS } from '../../schemas/customer-fields';
import { defineMethod } from '../descriptor';

/**
 * VA Payment: a virtual account number issued for this payin at the chosen bank (paymentOperator);
 * the number identifies the payin, so no unique amount is needed. The account closes after a day.
 */
export const VAPAY = defineMethod({
  code: 'VAPAY',
  name: 'Virtual account',
  currencies: ['IDR', 'KRW'],
  requestObject: 'VaPayMethod',
  operatorChosenBy: 'customer',
  assignsDefaultOperator: true,
  validity: 'transfer',
  reportsAccountCustomer: true,
  completion: 'instructions',
  customerFields: PAYER_ACCOUNT_FIELDS,
  collection: { by: 'connector' },
  response: { required: ['account', 'paymentInstructionList'] },
});
