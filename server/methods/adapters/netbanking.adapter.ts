import 'server-only';
import { findOperator, operatorsFor } from '../operator-catalogue';
import type { MethodAdapter } from '../port';
import { redirectOf } from '../support/configured-account';
import { bankPayerAccount } from '../support/payer-account';
import { VALIDITY_MS } from '../support/validity';

/**
 * Netbanking (India): the customer is redirected to the payment institution (redirectTo) and logs in
 * to their bank's netbanking (paymentOperator when chosen upfront) to approve the payment.
 */
export const netbankingAdapter: MethodAdapter = {
  code: 'NETBANKING',
  currencies: ['INR'],
  operators: (currency) => operatorsFor('NETBANKING', currency),
  assignsDefaultOperator: false,
  validityMs: () => VALIDITY_MS.redirect,
  uniqueAmount: false,
  externalReference: undefined,
  collection: { by: 'connector' },
  completion: () => 'redirect',
  buildResponse: (context) => ({ redirectTo: redirectOf(context) }),
  processAccount: (payin) =>
    bankPayerAccount(
      payin,
      payin.operatorCode ? findOperator('NETBANKING', 'INR', payin.operatorCode) : undefined,
    ),
};
