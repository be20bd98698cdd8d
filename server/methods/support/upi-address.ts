import 'server-only';
import type { Merchant } from '../../merchants';
import type { Payin } from '../../payins/payin';
import { UPI_APP_HANDLES } from '../../rails';
import { derivedDigits, derivedPick } from './derived';
import { payerSeed } from './payer-account';

/** Our collection UPI ID (VPA) for a merchant at a PSP: lowercase letters, digits, dots and hyphens. */
export function collectionVpa(merchant: Merchant, handle: string): string {
  const slug = merchant.code
    .toLowerCase()
    .replace(/[^a-z0-9.-]/g, '')
    .slice(0, 32);
  return `payin.${slug}@${handle}`;
}

/** A sandbox payer VPA in the common "mobile number@handle" form. */
export function payerVpa(payin: Payin): string {
  return `9${derivedDigits(payerSeed(payin, 'upi'), 9)}@${derivedPick(payerSeed(payin, 'handle'), UPI_APP_HANDLES)}`;
}
