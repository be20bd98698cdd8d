import { randomBytes } from 'node:crypto';

/** A unique order ID per call. */
export function newIdPayin(prefix = 'order'): string {
  return `${prefix}-${randomBytes(6).toString('hex')}`;
}

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

export interface PayinRequestBody {
  paymentRequested: { money: { amount: number; currencyCode: string } };
  paymentMethod: Record<string, unknown> & { paymentMethodCode: string };
  callbackUrl: string;
  returnUrl: string;
}

/** A valid OFFLINE THB create request; override any part. */
export function payinRequest(overrides: DeepPartial<PayinRequestBody> = {}): PayinRequestBody {
  return {
    paymentRequested: {
      money: { amount: 1500.5, currencyCode: 'THB', ...overrides.paymentRequested?.money },
    },
    paymentMethod: { paymentMethodCode: 'OFFLINE', ...overrides.paymentMethod },
    callbackUrl: overrides.callbackUrl ?? 'https://merchant.example/callbacks',
    returnUrl: overrides.returnUrl ?? 'https://merchant.example/return',
  };
}

/** A customer account record as the API gives it: every field present, null where unknown. */
export function accountRecord(known: Record<string, string> = {}): Record<string, string | null> {
  return {
    accountName: null,
    accountNumber: null,
    accountType: null,
    bankCode: null,
    bankName: null,
    bankBranch: null,
    bankCity: null,
    bankProvince: null,
    ...known,
  };
}
