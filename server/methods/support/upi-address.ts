import 'server-only';
import type { Merchant } from '../../merchants';
import type { Payin } from '../../payins/payin';
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

/**
 * Why a configured UPI ID (VPA) cannot receive, or undefined. NPCI: "user@handle", the user part
 * letters, digits, dots, hyphens and underscores, the handle the PSP's letters (and digits). UPI IDs
 * are case-insensitive; we keep them lowercase so one ID has one written form.
 */
export function vpaProblem(vpa: string): string | undefined {
  if (vpa !== vpa.toLowerCase()) return 'Write the UPI ID in lowercase.';
  if (!/^[a-z0-9._-]{2,256}@[a-z][a-z0-9]{1,63}$/.test(vpa))
    return 'A UPI ID (VPA): name@handle, the name of letters, digits, dots, hyphens or underscores (e.g. bangkokbooks@okaxis).';
  return undefined;
}

/** The PSP handle of a UPI ID (after the @). */
export function vpaHandle(vpa: string): string {
  return vpa.slice(vpa.lastIndexOf('@') + 1);
}

/** Handles of the UPI apps customers pay from (PhonePe, Google Pay, Paytm, BHIM). */
const PAYER_HANDLES = ['ybl', 'okhdfcbank', 'oksbi', 'okicici', 'ptsbi', 'upi'] as const;

/** A sandbox payer VPA in the common "mobile number@handle" form. */
export function payerVpa(payin: Payin): string {
  return `9${derivedDigits(payerSeed(payin, 'upi'), 9)}@${derivedPick(payerSeed(payin, 'handle'), PAYER_HANDLES)}`;
}
