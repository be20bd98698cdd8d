import { PUSH_FIELDS } from '../../schemas/customer-fields';
import { defineMethod } from '../descriptor';

/**
 * Bank A Pay (South Africa): an approval request pushed to the Bank A banking app registered to the
 * customer's phone; the customer approves it there. Bank A is the only operator, so none is offered.
 */
export const BANKA_PAY = defineMethod({
  code: 'BANKA_PAY',
  name: 'Bank A Pay',
  currencies: ['ZAR'],
  requestObject: 'BankAPayMethod',
  operatorChosenBy: 'customer',
  validity: 'push',
  completion: 'push',
  customerFields: PUSH_FIELDS,
  collection: { by: 'connector' },
  response: { required: ['pushNotification'] },
});
