import 'server-only';
import { METHODS } from '@/lib/methods';
import { ONLINE_BANKS } from '../operators/banks';
import { defineAdapter } from '../define-adapter';
import { redirectOf } from '../support/configured-account';
import { perCurrency } from '../support/operators';
import { bankPayerAccount } from '../support/payer-account';

/**
 * Instant bank transfer: the customer is redirected to the payment institution (redirectTo; in the
 * sandbox our simulated bank page), logs in to their bank (paymentOperator when chosen upfront) and
 * approves a transfer of moneyRequired. The response has no account (deprecated for ONLINE).
 */
export const onlineAdapter = defineAdapter(METHODS.ONLINE, {
  operators: perCurrency(ONLINE_BANKS),
  buildResponse: (context) => ({ redirectTo: redirectOf(context) }),
  processAccount: (payin) =>
    bankPayerAccount(
      payin,
      ONLINE_BANKS[payin.money.currency]?.find((bank) => bank.code === payin.operatorCode),
    ),
});
