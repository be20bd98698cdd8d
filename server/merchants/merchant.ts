import type { MethodCode } from '@/lib/methods';
import type { CurrencyCode } from '@/lib/money';
import type { PayoutMethodCode } from '@/lib/payouts/methods';
import type { CollectionAccount } from '../accounts';

/** A merchant as the services see it (secret only as its keyed hash). */
export interface Merchant {
  code: string;
  secretHash: Buffer;
  channelName: string;
  /** The methods configured for this merchant, in the order they are offered. */
  paymentMethods: readonly MethodCode[];
  /** Sandbox merchant: its payins are test payins and may be simulated. */
  isTest: boolean;
  /** Standard Webhooks signing secret (whsec_...). */
  callbackSecret: string;
  /** The secret a rotation replaced, signing beside the current one until `until` (the overlap). */
  previousCallbackSecret?: { secret: string; until: Date } | undefined;
  settings: MerchantSettings;
  /** Where live customers really pay (merchants file; feed API keys only as keyed hashes). */
  collectionAccounts: readonly CollectionAccount[];
}

export interface FeeRule {
  /** Percentage of the order amount in basis points (250 = 2.5 %). */
  percentBps: number;
  /** Fixed part per currency, in minor units as decimal strings (jsonb holds no bigint). */
  fixedMinor?: Partial<Record<CurrencyCode, string>>;
}

export interface MerchantSettings {
  fees?: Partial<Record<MethodCode | 'default', FeeRule>>;
  /** VAT levied on the fee (payins and payouts), in basis points (700 = 7 %). */
  vatBps?: number;
  /** Fees on payouts per payout method, or "default"; without a rule, DEFAULT_PAYOUT_FEE_RULE. */
  payoutFees?: Partial<Record<PayoutMethodCode | 'default', FeeRule>>;
  /** The fee on a refund; none when unset (docs/decisions/036). */
  refundFee?: FeeRule;
  /** How long a successful payin's money stays pending before it becomes available (0: at once). */
  settlementDelaySecs?: number;
  /** The IANA time zone the console shows times in; UTC when unset. */
  timeZone?: string;
  /** The e-mails to its customers the merchant turned off (false); every kind is sent otherwise. */
  customerEmails?: Partial<Record<CustomerEmailKind, boolean>>;
}

/** The e-mails a payment sends its customer (docs/decisions/052), each of which a merchant may turn off. */
export const CUSTOMER_EMAIL_KINDS = ['instructions', 'reminder', 'receipt', 'refund'] as const;
export type CustomerEmailKind = (typeof CUSTOMER_EMAIL_KINDS)[number];

/** Whether the merchant's customers get this kind of e-mail (on unless turned off). */
export function sendsCustomerEmail(settings: MerchantSettings, kind: CustomerEmailKind): boolean {
  return settings.customerEmails?.[kind] !== false;
}

/** The secret a rotation replaced, while its overlap lasts at `now`; undefined once it has ended. */
export function overlappingCallbackSecret(
  merchant: Merchant,
  now: Date,
): { secret: string; until: Date } | undefined {
  const previous = merchant.previousCallbackSecret;
  return previous && now < previous.until ? previous : undefined;
}

/**
 * The secrets a callback is signed with at `now`: the current one, and during a rotation's overlap
 * the one it replaced, so a receiver verifying with either accepts it (Standard Webhooks allows
 * several signatures in one header).
 */
export function callbackSigningSecrets(merchant: Merchant, now: Date): string[] {
  const previous = overlappingCallbackSecret(merchant, now);
  return previous ? [merchant.callbackSecret, previous.secret] : [merchant.callbackSecret];
}
