import 'server-only';
import type { CurrencyCode } from '@/lib/money';
import { isDomesticMobile, parsePhone, phoneCountryName, phoneExample } from '@/lib/methods/phone-numbers';
import type { FieldError } from '../../errors';
import { MOBILE_MONEY_OPERATORS } from '../../methods/operators/wallets';
import { FIELD, given, readAccountName, someCodes } from './fields';
import type { MethodResolution, PayoutDestinationInput, PayoutMethodRules, PayoutOperator } from './types';

function range(from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
}

/**
 * The leading digits of the national number (after the trunk 0) each network was allocated, by
 * operator code of MOBILE_MONEY_OPERATORS. Ghana (NCA): MTN 024, 025, 053, 054, 055, 059; Telecel
 * 020, 050; AirtelTigo 026, 027, 056, 057. Kenya (CA): Safaricom 0700–0729, 0740–0748, 0757–0759,
 * 0768–0769, 0790–0799, 0110–0115; Airtel 0730–0739, 0750–0756, 0762, 0780–0789, 0100–0102.
 * A number ported to another network keeps its prefix and is refused: portability is rare in both
 * countries, and a wallet number sent with the wrong network is a far commoner mistake.
 */
export const NETWORK_PREFIXES: Partial<Record<CurrencyCode, Record<string, readonly string[]>>> = {
  GHS: {
    MTN: ['24', '25', '53', '54', '55', '59'],
    TELECEL: ['20', '50'],
    AIRTELTIGO: ['26', '27', '56', '57'],
  },
  KES: {
    MPESA: [
      ...range(700, 729),
      ...range(740, 748),
      ...range(757, 759),
      ...range(768, 769),
      ...range(790, 799),
      ...range(110, 115),
    ],
    AIRTEL: [...range(730, 739), ...range(750, 756), '762', ...range(780, 789), ...range(100, 102)],
  },
};

/** The operator code of the network a national significant number belongs to, if any we pay to. */
export function networkOf(currency: CurrencyCode, nationalNumber: string): string | undefined {
  const prefixes = NETWORK_PREFIXES[currency] ?? {};
  return Object.keys(prefixes).find((code) =>
    prefixes[code]!.some((prefix) => nationalNumber.startsWith(prefix)),
  );
}

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
