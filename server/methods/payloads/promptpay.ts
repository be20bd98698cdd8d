import 'server-only';
import type { Money } from '@/lib/money';
import { buildMerchantPresentedQr, emvField, type EmvField } from './emvco';

/** PromptPay credit transfer ("tag 29") application ID, Bank of Thailand / Thai Bankers' Association. */
export const PROMPTPAY_CREDIT_TRANSFER_AID = 'A000000677010111';

/**
 * The PromptPay proxy sub-field of tag 29: 13 digits are a national ID or tax ID (02), 15 digits an
 * e-wallet ID (03), a Thai mobile number is "0066" + the 9 digits after the trunk 0 (01).
 */
export function promptPayProxy(id: string): EmvField {
  const digits = id.replace(/\D/g, '');
  if (digits.length === 13) return emvField('02', digits);
  if (digits.length === 15) return emvField('03', digits);
  const mobile = /^0\d{9}$/.test(digits)
    ? digits.slice(1)
    : /^66\d{9}$/.test(digits)
      ? digits.slice(2)
      : null;
  if (mobile === null) throw new Error(`${id} is not a PromptPay ID (mobile, tax ID or e-wallet ID).`);
  return emvField('01', `0066${mobile}`);
}

/**
 * A dynamic PromptPay credit-transfer QR to our proxy. Credit transfers carry no reference a bank
 * passes on, which is why Thai QR matches by a unique amount (moneyRequired); the reference still
 * goes into tag 62 as the bill number for the customer's receipt.
 */
export function buildPromptPayQr(input: { proxy: string; amount: Money; reference: string }): string {
  return buildMerchantPresentedQr({
    merchantAccounts: [
      emvField('29', [emvField('00', PROMPTPAY_CREDIT_TRANSFER_AID), promptPayProxy(input.proxy)]),
    ],
    amount: input.amount,
    additionalData: [emvField('01', input.reference)],
  });
}
