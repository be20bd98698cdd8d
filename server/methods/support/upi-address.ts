import 'server-only';
import type { MethodMerchant, MethodPayment } from '../port';
import { UPI_APP_HANDLES } from '../../rails';
import { derivedDigits, derivedPick } from './derived';
import { payerSeed } from './payer-account';

/** Our collection UPI ID (VPA) for a merchant at a PSP: lowercase letters, digits, dots and hyphens. */
export function collectionVpa(merchant: MethodMerchant, handle: string): string {
  const slug = merchant.code
    .toLowerCase()
    .replace(/[^a-z0-9.-]/g, '')
    .slice(0, 32);
  return `payin.${slug}@${handle}`;
}

/** A sandbox payer VPA in the common "mobile number@handle" form. */
export function payerVpa(payin: MethodPayment): string {
  return `9${derivedDigits(payerSeed(payin, 'upi'), 9)}@${derivedPick(payerSeed(payin, 'handle'), UPI_APP_HANDLES)}`;
}
