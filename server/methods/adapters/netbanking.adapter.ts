import 'server-only';
import { METHODS } from '@/lib/methods';
import { NETBANKING_BANKS } from '../operators/banks';
import { defineAdapter } from '../define-adapter';
import { redirectOf } from '../support/configured-account';
import { perCurrency } from '../support/operators';
import { bankPayerAccount } from '../support/payer-account';

/**
 * Netbanking (India): the customer is redirected to the payment institution (redirectTo) and logs in
 * to their bank's netbanking (paymentOperator when chosen upfront) to approve the payment.
 */
export const netbankingAdapter = defineAdapter(METHODS.NETBANKING, {
  operators: perCurrency({ INR: NETBANKING_BANKS }),
  buildResponse: (context) => ({ redirectTo: redirectOf(context) }),
  processAccount: (payin) =>
    bankPayerAccount(
      payin,
      NETBANKING_BANKS.find((bank) => bank.code === payin.operatorCode),
    ),
});
