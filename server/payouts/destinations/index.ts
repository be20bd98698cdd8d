// TEMPORARY stub until the payout-rules branch lands.
import 'server-only';
import type { CurrencyCode } from '@/lib/money';
import { PAYOUT_METHOD_CODES, payoutMethodCurrencies, type PayoutMethodCode } from '@/lib/payouts/methods';
import type { FieldError } from '../../errors';

export interface PayoutDestinationInput {
  currency: CurrencyCode;
  paymentMethodCode: string;
  paymentOperatorCode?: string | undefined;
  account: {
    accountName?: string | undefined;
    accountNumber?: string | undefined;
    bankCode?: string | undefined;
  };
  phoneNumber?: string | undefined;
  emailAddress?: string | undefined;
}
export interface PayoutDestination {
  method: PayoutMethodCode;
  operator?: { code: string; name: string };
  account: { accountName?: string; accountNumber: string; bankCode?: string };
  phoneNumber?: string;
  emailAddress?: string;
}
export type DestinationResult =
  | { ok: true; destination: PayoutDestination }
  | {
      ok: false;
      code:
        'PAYOUT_METHOD_UNKNOWN' | 'CURRENCY_NOT_SUPPORTED' | 'PAYMENT_OPERATOR_UNKNOWN' | 'VALIDATION_FAILED';
      detail: string;
      errors: FieldError[];
    };
export function resolvePayoutDestination(input: PayoutDestinationInput): DestinationResult {
  const method = PAYOUT_METHOD_CODES.find((code) => code === input.paymentMethodCode);
  if (!method) return { ok: false, code: 'PAYOUT_METHOD_UNKNOWN', detail: 'unknown', errors: [] };
  if (input.currency === 'INR' && !/^[A-Z]{4}0[A-Z0-9]{6}$/.test(input.account.bankCode ?? ''))
    return {
      ok: false,
      code: 'VALIDATION_FAILED',
      detail: 'x',
      errors: [{ field: 'paymentMethod.account.bankCode', message: 'IFSC' }],
    };
  if (method === 'CRYPTO')
    return {
      ok: false,
      code: 'VALIDATION_FAILED',
      detail: 'x',
      errors: [{ field: 'paymentMethod.account.accountNumber', message: 'address' }],
    };
  return {
    ok: true,
    destination: {
      method,
      account: {
        ...(input.account.accountName !== undefined && { accountName: input.account.accountName }),
        accountNumber: (input.account.accountNumber ?? '').replace(/[\s-]/g, ''),
        ...(input.account.bankCode !== undefined && { bankCode: input.account.bankCode }),
      },
    },
  };
}
export function payoutOptions(currency: CurrencyCode) {
  return PAYOUT_METHOD_CODES.filter((code) => payoutMethodCurrencies[code].includes(currency)).map(
    (code) => ({
      paymentMethodCode: code,
      paymentOperators: [] as { code: string; name: string }[],
    }),
  );
}
