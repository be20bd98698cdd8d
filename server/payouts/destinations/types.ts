import 'server-only';
import type { CurrencyCode } from '@/lib/money';
import type { PayoutMethodCode } from '@/lib/payouts/methods';
import type { FieldError } from '../../errors';

/** The destination part of a payout request, as the edge schema let it through (types and sizes only). */
export interface PayoutDestinationInput {
  currency: CurrencyCode;
  /** Unchecked: any string the request carried. */
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

/** Where a payout goes, normalised: what the payout stores and a connector sends on. */
export interface PayoutDestination {
  method: PayoutMethodCode;
  /** The bank, mobile money network or blockchain network. */
  operator?: PayoutOperator;
  account: { accountName?: string; accountNumber: string; bankCode?: string };
  /** E.164. */
  phoneNumber?: string;
  emailAddress?: string;
}

export interface PayoutOperator {
  code: string;
  name: string;
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

/** What one method's rules make of a request's operator and account (contact fields are common). */
export type MethodResolution =
  | { ok: true; destination: PayoutDestination }
  | { ok: false; unknownOperator: boolean; errors: FieldError[] };

/** One payout method's rules: its operators per currency and how it reads a destination. */
export interface PayoutMethodRules {
  operators: (currency: CurrencyCode) => readonly PayoutOperator[];
  resolve: (input: PayoutDestinationInput) => MethodResolution;
}
