import 'server-only';
import { METHODS } from '@/lib/methods';
import { findOperator, operatorsFor } from '../operator-catalogue';
import type { MethodAdapter } from '../port';
import { redirectOf } from '../support/configured-account';
import { bankPayerAccount } from '../support/payer-account';
import { VALIDITY_MS } from '../support/validity';

/**
 * Instant bank transfer: the customer is redirected to the payment institution (redirectTo; in the
 * sandbox our simulated bank page), logs in to their bank (paymentOperator when chosen upfront) and
 * approves a transfer of moneyRequired. The response has no account (deprecated for ONLINE).
 */
export const onlineAdapter: MethodAdapter = {
  code: 'ONLINE',
  currencies: METHODS.ONLINE.currencies,
  operators: (currency) => operatorsFor('ONLINE', currency),
  assignsDefaultOperator: false,
  validityMs: () => VALIDITY_MS.redirect,
  uniqueAmount: true,
  externalReference: undefined,
  collection: { by: 'connector' },
  completion: () => 'redirect',
  buildResponse: (context) => ({ redirectTo: redirectOf(context) }),
  processAccount: (payin) =>
    bankPayerAccount(
      payin,
      payin.operatorCode ? findOperator('ONLINE', payin.money.currency, payin.operatorCode) : undefined,
    ),
};
