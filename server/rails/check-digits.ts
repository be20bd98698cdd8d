import 'server-only';

/**
 * Check digits of the identifiers our rails carry, so a mistyped digit is caught before money moves.
 */

/**
 * NUBAN check digit (CBN, "Standards on Nigeria Uniform Bank Account Number", revised 2018): the
 * 3-digit CBN bank code followed by the first 9 account digits, weighted 3,7,3,3,7,3,3,7,3,3,7,3;
 * the check digit is (10 − sum mod 10) mod 10.
 */
const NUBAN_WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3] as const;

export function nubanCheckDigit(bankCode: string, serial: string): number {
  const digits = `${bankCode}${serial}`;
  if (!/^\d{12}$/.test(digits))
    throw new Error('A NUBAN check digit needs a 3-digit bank code and 9 digits.');
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits[i]) * NUBAN_WEIGHTS[i]!;
  return (10 - (sum % 10)) % 10;
}

/** Whether a 10-digit account number is a valid NUBAN at the bank with this 3-digit CBN code. */
export function isValidNuban(bankCode: string, accountNumber: string): boolean {
  if (!/^\d{3}$/.test(bankCode) || !/^\d{10}$/.test(accountNumber)) return false;
  return nubanCheckDigit(bankCode, accountNumber.slice(0, 9)) === Number(accountNumber[9]);
}

/**
 * The Luhn (ISO/IEC 7812-1) check digit that completes `digits`: every bank card number (UnionPay's
 * included) and every QRIS merchant PAN ends with one.
 */
export function luhnCheckDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return ((10 - (sum % 10)) % 10).toString();
}

/** Whether a number ends with its Luhn check digit. */
export function passesLuhn(digits: string): boolean {
  return /^\d+$/.test(digits) && luhnCheckDigit(digits.slice(0, -1)) === digits.slice(-1);
}

/** The 13th digit of a Thai national ID or tax ID: (11 − Σ dᵢ·(13 − i) mod 11) mod 10. */
export function thaiIdCheckDigit(first12: string): string {
  if (!/^\d{12}$/.test(first12)) throw new Error('A Thai ID check digit needs the first 12 digits.');
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (13 - i);
  return ((11 - (sum % 11)) % 10).toString();
}
