import 'server-only';
import { METHODS } from '@/lib/methods';
import { buildPromptPayQr } from '../payloads/promptpay';
import { thaiIdCheckDigit } from '../../rails';
import { defineAdapter } from '../define-adapter';
import type { MethodMerchant } from '../port';
import { merchantDigits } from '../support/merchant-identity';
import { SANDBOX_PROMPTPAY_BANK } from '../support/collection-account';
import { bankPayerAccount } from '../support/payer-account';
import { configuredAccount } from '../support/configured-account';
import { collectionAccount, qrAskingFor } from '../support/response-parts';

/** Our PromptPay ID for the merchant: a juristic-person tax ID (0105… is a Bangkok company) with its check digit. */
export function promptPayTaxId(merchant: MethodMerchant): string {
  const first12 = `0105${merchantDigits(merchant, 'promptpay', 8)}`;
  return first12 + thaiIdCheckDigit(first12);
}

/**
 * Thai QR: a PromptPay credit-transfer QR to our tax-ID proxy for the unique amount (moneyRequired),
 * which is how the transfer is matched; accountCustomer is the account the customer pays from.
 */
export const qrthAdapter = defineAdapter(METHODS.QRTH, {
  buildResponse: (context) => {
    const { merchant, money, requiredMoney, reference } = context;
    const promptPay = configuredAccount(context, 'PROMPTPAY');
    return {
      account: promptPay
        ? { accountName: promptPay.accountName, accountNumber: promptPay.promptPayId }
        : collectionAccount(merchant, SANDBOX_PROMPTPAY_BANK, 'THB'),
      qrCode: buildPromptPayQr({
        proxy: promptPay?.promptPayId ?? promptPayTaxId(merchant),
        amount: requiredMoney ?? money,
        reference,
      }),
    };
  },
  askFor: qrAskingFor,
  processAccount: (payin) => bankPayerAccount(payin),
});
