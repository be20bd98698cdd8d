import 'server-only';

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

/** The Luhn (ISO/IEC 7812-1) check that every bank card number, UnionPay's included, passes. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
