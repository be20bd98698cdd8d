import 'server-only';
import { bankOf } from './banks';

// UPI: the PSPs issuing merchant UPI IDs (VPAs) and the form of a VPA.

/** A UPI payment service provider bank and the handle of the merchant VPAs it issues. */
export interface UpiPsp {
  code: string;
  name: string;
  vpaHandle: string;
}

export const UPI_PSPS: readonly UpiPsp[] = [
  psp('ICICI', 'icici'),
  psp('AXIS', 'axisbank'),
  psp('HDFC', 'hdfcbank'),
];

function psp(code: string, vpaHandle: string): UpiPsp {
  return { code, name: bankOf('INR', code).name, vpaHandle };
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
export const UPI_APP_HANDLES = ['ybl', 'okhdfcbank', 'oksbi', 'okicici', 'ptsbi', 'upi'] as const;
