import 'server-only';
import type { CurrencyCode } from '@/lib/money';
import { parsePhone, phoneCountryName, phoneExample } from '@/lib/methods/phone-numbers';
import { emailSchema, WITHOUT_CONTROL_CHARACTERS } from '@/lib/schemas/customer-data';
import type { FieldError } from '../../errors';
import type { PayoutOperator } from './types';

/** Paths of the request body's fields, as FieldError reports them. */
export const FIELD = {
  paymentMethodCode: 'paymentMethod.paymentMethodCode',
  paymentOperatorCode: 'paymentMethod.paymentOperatorCode',
  accountNumber: 'paymentMethod.account.accountNumber',
  bankCode: 'paymentMethod.account.bankCode',
  accountName: 'paymentMethod.account.accountName',
  phoneNumber: 'paymentMethod.phoneNumber',
  emailAddress: 'paymentMethod.emailAddress',
  currencyCode: 'paymentRequested.money.currencyCode',
} as const;

/** A field left out, or sent empty or blank: the same to every rule here. */
export function given(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * The account holder's name (or a crypto wallet's label): trimmed, 1 to 140 characters (the ISO 20022
 * and most domestic rails' limit), no control characters.
 */
export function readAccountName(
  value: string | undefined,
  required: boolean,
  errors: FieldError[],
): string | undefined {
  const name = given(value);
  if (name === undefined) {
    if (required)
      errors.push({
        field: FIELD.accountName,
        message: "Required: the account holder's name, as the bank or wallet has it.",
      });
    return undefined;
  }
  if ([...name].length > 140) errors.push({ field: FIELD.accountName, message: 'At most 140 characters.' });
  else if (!WITHOUT_CONTROL_CHARACTERS.test(name))
    errors.push({
      field: FIELD.accountName,
      message: 'Must not contain control characters (tabs, line breaks).',
    });
  return name;
}

/** The recipient's email for the notice of payment, when given. */
export function readEmail(value: string | undefined, errors: FieldError[]): string | undefined {
  const email = given(value);
  if (email === undefined) return undefined;
  if (!emailSchema.safeParse(email).success) {
    errors.push({ field: FIELD.emailAddress, message: 'An email address, e.g. name@example.com.' });
  }
  return email;
}

/** The recipient's contact number, when given, in E.164; national numbers are read for the currency's country. */
export function readContactPhone(
  value: string | undefined,
  currency: CurrencyCode,
  errors: FieldError[],
): string | undefined {
  const text = given(value);
  if (text === undefined) return undefined;
  const phone = parsePhone(text, currency);
  if (phone.ok) return phone.e164;
  errors.push({ field: FIELD.phoneNumber, message: phoneHint(currency) });
  return undefined;
}

export function phoneHint(currency: CurrencyCode): string {
  // Stablecoins have no country: only an international number says which one it is.
  if (currency === 'USDT' || currency === 'USDC')
    return 'A phone number in international form: + and the country code, e.g. +44 20 7946 0958.';
  return `A phone number in ${phoneCountryName(currency)} (${phoneExample(currency)}) or in international form (+ and the country code).`;
}

/** The first few operators' codes ("MTN, TELECEL, AIRTELTIGO"), for messages. */
export function someCodes(operators: readonly PayoutOperator[], max = 6): string {
  const codes = operators.slice(0, max).map((operator) => operator.code);
  return operators.length > max ? `${codes.join(', ')}, …` : codes.join(', ');
}
