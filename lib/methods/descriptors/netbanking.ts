import { fieldRules } from '../../schemas/customer-fields';
import { defineMethod } from '../descriptor';

/**
 * Netbanking (India): the customer is redirected to the payment institution and logs in to their
 * bank's netbanking (paymentOperator when chosen upfront) to approve the payment.
 */
export const NETBANKING = defineMethod({
  code: 'NETBANKING',
  name: 'Netbanking',
  currencies: ['INR'],
  requestObject: 'NetBankingMethod',
  operatorChosenBy: 'customer',
  validity: 'redirect',
  completion: 'redirect',
  customerFields: fieldRules({ accountName: 'optional', emailAddress: 'optional', phoneNumber: 'optional' }),
  // The specification validates the phone of a netbanking payment (2.10), optional as it is.
  validatesPhone: true,
  collection: { by: 'connector' },
  response: { required: ['redirectTo'] },
});
