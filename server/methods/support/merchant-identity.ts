import 'server-only';
import type { CurrencyCode } from '@/lib/money';
import type { MethodMerchant } from '../port';
import { derivedDigits } from './derived';

/** "Miscellaneous and specialty retail": our sandbox merchants sell online and have no MCC of their own. */
export const SANDBOX_MCC = '5999';

/** Where our sandbox merchants are registered with each QR scheme (EMVCo tags 60 and 61). */
export const MERCHANT_LOCATION: Partial<Record<CurrencyCode, { city: string; postalCode: string }>> = {
  THB: { city: 'BANGKOK', postalCode: '10330' },
  MYR: { city: 'KUALA LUMPUR', postalCode: '50450' },
  VND: { city: 'HA NOI', postalCode: '100000' },
  PHP: { city: 'MAKATI CITY', postalCode: '1226' },
  IDR: { city: 'JAKARTA', postalCode: '10110' },
  INR: { city: 'MUMBAI', postalCode: '400001' },
};

export function merchantLocation(currency: CurrencyCode): { city: string; postalCode: string } {
  const location = MERCHANT_LOCATION[currency];
  if (!location) throw new Error(`No merchant location for ${currency}.`);
  return location;
}

/** A stable sandbox identifier of the merchant at a scheme or acquirer: `length` digits. */
export function merchantDigits(merchant: MethodMerchant, scheme: string, length: number): string {
  return derivedDigits(['merchant', merchant.code, scheme], length);
}
