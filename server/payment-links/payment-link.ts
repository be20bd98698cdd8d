import type { PaymentLinkStatus } from '@/lib/api/payment-link-responses';
import type { MethodCode } from '@/lib/methods';
import type { CurrencyCode, Money } from '@/lib/money';

/** A merchant's payment link (docs/decisions/051). */
export interface PaymentLink {
  /** Internal id (reservations name it). */
  id: bigint;
  merchantCode: string;
  idLink: string;
  isTest: boolean;
  description: string;
  currency: CurrencyCode;
  /** A fixed amount; or a range the customer chooses in. */
  amount: { fixed: Money } | { min: Money; max: Money };
  /** The methods allowed; undefined: every method the merchant has for the currency. */
  methods: MethodCode[] | undefined;
  usageLimit: number | undefined;
  expireAt: Date | undefined;
  callbackUrl: string;
  returnUrl: string | undefined;
  createdAt: Date;
  deactivatedAt: Date | undefined;
}

/** A link's payins: paid, and still open; both count toward its usage limit. */
export interface LinkUses {
  paid: number;
  pending: number;
}

/**
 * What the link is now: turned off, past its expiry, or holding as many payments (paid or open)
 * as its limit allows; else it takes payments. A refused or expired payin frees its place.
 */
export function linkStatus(link: PaymentLink, uses: LinkUses, now: Date): PaymentLinkStatus {
  if (link.deactivatedAt) return 'INACTIVE';
  if (link.expireAt && link.expireAt.getTime() <= now.getTime()) return 'EXPIRED';
  if (link.usageLimit !== undefined && uses.paid + uses.pending >= link.usageLimit) return 'USED_UP';
  return 'ACTIVE';
}

/** The idPayin of the n-th payment started from a link (n from 1). */
export function linkPayinId(idLink: string, n: number): string {
  return `${idLink}.${n}`;
}
