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

/** The 13th digit of a Thai national ID or tax ID: (11 − Σ dᵢ·(13 − i) mod 11) mod 10. */
export function thaiIdCheckDigit(first12: string): string {
  if (!/^\d{12}$/.test(first12)) throw new Error('A Thai ID check digit needs the first 12 digits.');
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (13 - i);
  return ((11 - (sum % 11)) % 10).toString();
}

/**
 * Why a configured PromptPay ID cannot receive, or undefined: a 13-digit tax or citizen ID with its
 * check digit, a Thai mobile number 0[689]XXXXXXXX, or a 15-digit e-wallet ID; digits only.
 */
export function promptPayIdProblem(id: string): string | undefined {
  if (/^\d{13}$/.test(id)) {
    return thaiIdCheckDigit(id.slice(0, 12)) === id[12]
      ? undefined
      : 'This 13-digit tax or citizen ID fails its check digit: a digit is probably mistyped.';
  }
  if (/^0[689]\d{8}$/.test(id) || /^\d{15}$/.test(id)) return undefined;
  return 'A PromptPay ID: a 13-digit tax or citizen ID, a Thai mobile number (0[689] and 8 digits) or a 15-digit e-wallet ID, digits only.';
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
