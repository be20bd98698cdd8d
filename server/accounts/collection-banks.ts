import 'server-only';
import { banksOf, type Bank, type BankCurrency } from '../rails';

/**
 * The banks where collection accounts are held, per currency: where a live merchant's BANK_ACCOUNT
 * may be (merchants file), and the banks a bank transfer (OFFLINE, P2A_V2's wire variant for INR)
 * is paid to.
 */
const COLLECTION_BANK_CODES = {
  CNY: ['ICBC', 'CCB', 'BOC', 'CMB'],
  JPY: ['MUFG', 'SMBC', 'MIZUHO', 'JPBANK'],
  KRW: ['KOOKMIN', 'SHINHAN', 'WOORI', 'HANA'],
  LAK: ['BCEL', 'LDB', 'APB'],
  NGN: ['GTBANK', 'ACCESS', 'ZENITH', 'FIRSTBANK'],
  PHP: ['BDO', 'BPI', 'METROBANK'],
  THB: ['KBANK', 'SCB', 'BBL', 'KTB'],
  VND: ['VCB', 'TCB', 'MBBANK', 'BIDV'],
  INR: ['HDFC', 'ICICI', 'SBI', 'AXIS', 'KOTAK'],
} as const satisfies Partial<Record<BankCurrency, readonly string[]>>;

export type CollectionBankCurrency = keyof typeof COLLECTION_BANK_CODES;

/** The currencies a BANK_ACCOUNT collection account may be in. */
export const COLLECTION_BANK_CURRENCIES = Object.keys(COLLECTION_BANK_CODES) as [
  CollectionBankCurrency,
  ...CollectionBankCurrency[],
];

/** The banks collection accounts of the currency are held at (none for a currency without bank collection). */
export function collectionBanks(currency: string): readonly Bank[] {
  const codes = (COLLECTION_BANK_CODES as Partial<Record<string, readonly string[]>>)[currency];
  return codes ? banksOf(currency as CollectionBankCurrency, codes) : [];
}
