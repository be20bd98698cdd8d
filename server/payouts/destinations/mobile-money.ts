import 'server-only';
import type { CurrencyCode } from '@/lib/money';
import { isDomesticMobile, parsePhone, phoneCountryName, phoneExample } from '@/lib/methods/phone-numbers';
import type { FieldError } from '../../errors';
import { MOBILE_MONEY_OPERATORS, networkOf } from '../../rails';
import { FIELD, given, readAccountName, someCodes } from './fields';
import type { MethodResolution, PayoutDestinationInput, PayoutMethodRules, PayoutOperator } from './types';

function operatorsOf(currency: CurrencyCode): readonly PayoutOperator[] {
  return MOBILE_MONEY_OPERATORS[currency] ?? [];
}

/**
 * Mobile money (Ghana, Kenya): the wallet is the phone number it is registered to, on the network
 * paymentOperatorCode names; the number must be a mobile of that network. It is kept in E.164.
 */
export const mobileMoneyRules: PayoutMethodRules = {
  operators: operatorsOf,
  resolve: resolveMobileMoney,
};

function resolveMobileMoney(input: PayoutDestinationInput): MethodResolution {
  const { currency } = input;
  const operators = operatorsOf(currency);
  const errors: FieldError[] = [];

  const operatorCode = given(input.paymentOperatorCode);
  const operator =
    operatorCode === undefined ? undefined : operators.find((known) => known.code === operatorCode);
  const unknownOperator = operatorCode !== undefined && operator === undefined;
  if (operator === undefined)
    errors.push({
      field: FIELD.paymentOperatorCode,
      message: `${unknownOperator ? 'Not a mobile money network we pay to' : 'Required'} in ${currency}: one of ${someCodes(operators)}.`,
    });

  const wallet = readWalletNumber(currency, input.account.accountNumber, operator, errors);
  const accountName = readAccountName(input.account.accountName, true, errors);
  if (given(input.account.bankCode) !== undefined)
    errors.push({
      field: FIELD.bankCode,
      message: 'Mobile money payouts take no bank code: the network is paymentOperatorCode.',
    });
  if (errors.length > 0 || operator === undefined || wallet === undefined)
    return { ok: false, unknownOperator, errors };
  return {
    ok: true,
    destination: {
      method: 'MOBILE_MONEY',
      operator: { code: operator.code, name: operator.name },
      account: { ...(accountName !== undefined && { accountName }), accountNumber: wallet },
    },
  };
}

function readWalletNumber(
  currency: CurrencyCode,
  text: string | undefined,
  operator: PayoutOperator | undefined,
  errors: FieldError[],
): string | undefined {
  const hint = `The wallet's mobile number in ${phoneCountryName(currency)}, e.g. ${phoneExample(currency)}.`;
  const raw = given(text);
  const phone = raw === undefined ? undefined : parsePhone(raw, currency);
  if (phone === undefined || !phone.ok || !isDomesticMobile(phone, currency)) {
    errors.push({ field: FIELD.accountNumber, message: raw === undefined ? `Required. ${hint}` : hint });
    return undefined;
  }
  const network = networkOf(currency, phone.e164.slice(1 + phone.callingCode.length));
  const networkName = (code: string) =>
    operatorsOf(currency).find((known) => known.code === code)?.name ?? code;
  if (network === undefined) {
    errors.push({
      field: FIELD.accountNumber,
      message: `This number is on none of the mobile money networks we pay to (${someCodes(operatorsOf(currency))}).`,
    });
    return undefined;
  }
  if (operator && network !== operator.code) {
    errors.push({
      field: FIELD.accountNumber,
      message: `This number is on ${networkName(network)}, not ${operator.name}: send paymentOperatorCode ${network}, or a number on ${operator.name}.`,
    });
    return undefined;
  }
  return phone.e164;
}
