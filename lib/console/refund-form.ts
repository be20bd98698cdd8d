import { moneyOf, parseAmount, toJsonAmount, type CurrencyCode } from '../money';
import { payoutMagicOf } from '../sandbox/payout-magic';

/**
 * The console's "Refund" form on a payment page (docs/decisions/036): the amount (at most what
 * remains refundable) and an optional reason; the API decides where the money goes (the payer's own
 * account when the payment knows it, else a claim link) and checks everything again.
 */
export interface RefundForm {
  amount: string;
  reason: string;
}

/** Keys of `console.payment.refunds.form.errors`. */
export type RefundFormError = 'amount' | 'tooMuch' | 'reasonTooLong';

export const REFUND_REASON_MAX = 200;

/** A fresh idRefund: high entropy, like the console's payout ids. */
export function newIdRefund(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(9));
  return `refund-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** What is wrong with the form, by field; empty when it can be sent. */
export function refundFormErrors(
  form: RefundForm,
  refundable: { amount: number; currencyCode: CurrencyCode },
): Partial<Record<keyof RefundForm, RefundFormError>> {
  const errors: Partial<Record<keyof RefundForm, RefundFormError>> = {};
  const parsed = parseAmount(form.amount.trim(), refundable.currencyCode);
  const max = parseAmount(refundable.amount, refundable.currencyCode);
  if (!parsed.ok) errors.amount = 'amount';
  else if (max.ok && parsed.money.minor > max.money.minor) errors.amount = 'tooMuch';
  if (form.reason.trim().length > REFUND_REASON_MAX) errors.reason = 'reasonTooLong';
  return errors;
}

/** The POST /payins/{idPayin}/refunds/{idRefund} body the form sends. */
export function refundRequestOf(form: RefundForm, currencyCode: CurrencyCode) {
  const parsed = parseAmount(form.amount.trim(), currencyCode);
  if (!parsed.ok) throw new Error('refundRequestOf: check refundFormErrors first');
  const reason = form.reason.trim();
  return {
    money: { amount: toJsonAmount(moneyOf(currencyCode, parsed.money.minor)), currencyCode },
    ...(reason !== '' && { reason }),
  };
}

/** What a sandbox refund of this amount will do by itself: the payout magic amounts' code, if any. */
export function refundMagicNote(amount: string, currencyCode: CurrencyCode) {
  const parsed = parseAmount(amount.trim(), currencyCode);
  if (!parsed.ok) return undefined;
  const magic = payoutMagicOf(parsed.money);
  return magic === 'default' ? undefined : magic;
}
