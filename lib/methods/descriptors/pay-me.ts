import { fieldRules } from '../../schemas/customer-fields';
import { defineMethod } from '../descriptor';

/**
 * Pay Me (South Africa): a payment request from the customer's own bank (paymentOperator; Pay Me
 * works only between clients of the same bank) to the banking app registered to their phone.
 */
export const PAY_ME = defineMethod({
  code: 'PAY_ME',
  name: 'Pay Me',
  currencies: ['ZAR'],
  requestObject: 'PayMeMethod',
  operatorChosenBy: 'customer',
  assignsDefaultOperator: true,
  validity: 'push',
  completion: 'push',
  customerFields: fieldRules({ phoneNumber: 'required', accountName: 'optional', accountNumber: 'optional' }),
  collection: { by: 'connector' },
  response: { required: ['account', 'pushNotification'] },
});
