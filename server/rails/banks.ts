import 'server-only';
import type { CurrencyCode } from '@/lib/money';
import catalogue from './banks.json';

/**
 * A bank of one market, as the world knows it: one entry per bank and currency in banks.json, which
 * every method, payout and account rule reads (docs/decisions/029-floors-and-method-descriptors.md).
 */
export interface Bank {
  /** Our stable code for the bank: what paymentOperatorCode takes. */
  code: string;
  /** The bank's public name. */
  name: string;
  /**
   * The domestic code the currency's credit transfers name the bank by, in the form
   * BANK_RULES[currency] describes: CNAPS bank code, GhIPSS sort code, kode bank, the IFSC's bank
   * prefix, Zengin bank code, CBK, KFTC, SWIFT BIC (Malaysia, the Philippines), CBN, Bank of Thailand
   * code, NAPAS BIN, universal branch code.
   */
  bankCode: string;
  /** Malaysia: the bank's FPX participant ID, which online-banking logins name instead of the BIC. */
  fpxCode?: string;
  /** The banking app requests to approve arrive in (South Africa's Pay Me). */
  app?: string;
  /** The bank's mobile and internet banking, where its virtual accounts are paid. */
  mobileApp?: string;
  internetBanking?: string;
  /** The bank issues virtual accounts: their length, and the sandbox's company prefix at the bank. */
  virtualAccounts?: { length: number; sandboxPrefix: string };
  /**
   * The branch of the sandbox's own account at the bank, where a transfer names one: Japan's 支店
   * (code and name), India's branch IFSC.
   */
  sandboxBranch?: { code: string; name?: string };
}

/** The currencies of a country's bank transfers: every one but the stablecoins. */
export type BankCurrency = Exclude<CurrencyCode, 'USDC' | 'USDT'>;

/** Every bank we know, per currency, in the order they are offered where all are (payouts). */
export const BANKS: Record<BankCurrency, readonly Bank[]> = catalogue;

export function isBankCurrency(currency: CurrencyCode): currency is BankCurrency {
  return Object.hasOwn(BANKS, currency);
}

/** The bank of this code in the currency's market; throws for one the catalogue lacks (a programming error). */
export function bankOf(currency: BankCurrency, code: string): Bank {
  const bank = BANKS[currency].find((candidate) => candidate.code === code);
  if (!bank) throw new Error(`No bank ${code} in ${currency}.`);
  return bank;
}

/** The banks of these codes, in this order: how a method or account type names the banks it offers. */
export function banksOf(currency: BankCurrency, codes: readonly string[]): Bank[] {
  return codes.map((code) => bankOf(currency, code));
}

/** The Vietnamese bank of a NAPAS BIN (the bankCode of VND banks, which VietQR payloads carry). */
export function napasBank(bin: string): Bank | undefined {
  return BANKS.VND.find((bank) => bank.bankCode === bin);
}
