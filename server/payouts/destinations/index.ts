import 'server-only';
import type { CurrencyCode } from '@/lib/money';
import { PAYOUT_METHOD_CODES, payoutMethodCurrencies, type PayoutMethodCode } from '@/lib/payouts/methods';
import type { FieldError } from '../../errors';
import { promptPayRules, upiRules } from './aliases';
import { bankTransferRules } from './bank-transfer';
import { cryptoRules } from './crypto-address';
import { FIELD, readContactPhone, readEmail } from './fields';
import { mobileMoneyRules } from './mobile-money';
import type { DestinationResult, PayoutDestinationInput, PayoutMethodRules } from './types';

export type { DestinationResult, PayoutDestination, PayoutDestinationInput } from './types';

/** One set of rules per payout method: a method code without its rules does not compile. */
const RULES: Record<PayoutMethodCode, PayoutMethodRules> = {
  BANK_TRANSFER: bankTransferRules,
  PROMPTPAY: promptPayRules,
  UPI: upiRules,
  MOBILE_MONEY: mobileMoneyRules,
  CRYPTO: cryptoRules,
};

/**
 * Checks a payout's destination against its method's local rules and normalises it (account numbers
 * without separators, bank codes in their canonical form, wallet numbers in E.164). Every field error
 * of the request is reported at once, except that an unknown method or a currency the method does
 * not take stops there: no further rule applies.
 */
export function resolvePayoutDestination(input: PayoutDestinationInput): DestinationResult {
  const method = PAYOUT_METHOD_CODES.find((code) => code === input.paymentMethodCode);
  if (method === undefined)
    return {
      ok: false,
      code: 'PAYOUT_METHOD_UNKNOWN',
      detail: `Unknown payout method; payouts take ${PAYOUT_METHOD_CODES.join(', ')}.`,
      errors: [{ field: FIELD.paymentMethodCode, message: `One of ${PAYOUT_METHOD_CODES.join(', ')}.` }],
    };
  const currencies = payoutMethodCurrencies[method];
  if (!currencies.includes(input.currency))
    return {
      ok: false,
      code: 'CURRENCY_NOT_SUPPORTED',
      detail: `${method} does not pay out in ${input.currency}; it takes ${currencies.join(', ')}.`,
      errors: [{ field: FIELD.currencyCode, message: `${method} pays out in ${currencies.join(', ')}.` }],
    };

  const resolution = RULES[method].resolve(input);
  const errors: FieldError[] = resolution.ok ? [] : [...resolution.errors];
  const phoneNumber = readContactPhone(input.phoneNumber, input.currency, errors);
  const emailAddress = readEmail(input.emailAddress, errors);
  if (!resolution.ok || errors.length > 0) {
    const unknownOperator = !resolution.ok && resolution.unknownOperator;
    return {
      ok: false,
      code: unknownOperator ? 'PAYMENT_OPERATOR_UNKNOWN' : 'VALIDATION_FAILED',
      detail: unknownOperator
        ? `${method} has no operator ${input.paymentOperatorCode?.trim()} for ${input.currency}.`
        : `The ${method} destination is not valid for ${input.currency}: see errors.`,
      errors,
    };
  }
  return {
    ok: true,
    destination: {
      ...resolution.destination,
      ...(phoneNumber !== undefined && { phoneNumber }),
      ...(emailAddress !== undefined && { emailAddress }),
    },
  };
}

/** The payout methods for a currency with their operators (for docs, console selects and an options endpoint). */
export function payoutOptions(
  currency: CurrencyCode,
): { paymentMethodCode: PayoutMethodCode; paymentOperators: { code: string; name: string }[] }[] {
  return PAYOUT_METHOD_CODES.filter((method) => payoutMethodCurrencies[method].includes(currency)).map(
    (method) => ({
      paymentMethodCode: method,
      paymentOperators: RULES[method].operators(currency).map(({ code, name }) => ({ code, name })),
    }),
  );
}
