import { PUSH_FIELDS } from '../../schemas/customer-fields';
import { defineMethod } from '../descriptor';

/**
 * Mobile money (Ghana, Kenya): the network (paymentOperator) pushes a payment prompt to the
 * customer's phone (USSD, or M-PESA's SIM Toolkit "STK push"); the customer approves with their PIN.
 */
export const MOBILE_MONEY = defineMethod({
  code: 'MOBILE_MONEY',
  name: 'Mobile money',
  currencies: ['GHS', 'KES'],
  requestObject: 'MobileMoneyMethod',
  operatorChosenBy: 'customer',
  assignsDefaultOperator: true,
  validity: 'push',
  completion: 'push',
  customerFields: PUSH_FIELDS,
  collection: { by: 'connector' },
  response: { required: ['pushNotification'] },
});
