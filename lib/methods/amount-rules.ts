import { toDecimalString, type Money } from '../money';
import { METHODS, type MethodCode } from './catalogue';

/** EMVCo tag 54 (transaction amount) holds at most 13 characters. */
const EMV_AMOUNT_MAX_LENGTH = 13;

/** Whether the method's response carries the amount in an EMVCo QR payload. */
export function carriesEmvQrAmount(method: MethodCode, currency: Money['currency']): boolean {
  return METHODS[method].emvQrCurrencies.includes(currency);
}

/** Why an amount cannot be paid with this method, or undefined when it can. */
export function methodAmountProblem(method: MethodCode, money: Money): string | undefined {
  if (carriesEmvQrAmount(method, money.currency) && toDecimalString(money).length > EMV_AMOUNT_MAX_LENGTH)
    return `A QR payment amount has at most ${EMV_AMOUNT_MAX_LENGTH} characters.`;
  return undefined;
}
