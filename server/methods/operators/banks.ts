import 'server-only';
import type { CurrencyCode } from '@/lib/money';
import type { PaymentOperator } from '../port';

/** A bank operator; bankCode is the bank's domestic code (clearing, BIN, IFSC prefix, FPX, branch code). */
export interface BankOperator extends PaymentOperator {
  bankCode: string;
  /** The branch holding our account, where the rail needs it (Japanese transfers: 支店, three digits). */
  branch?: { code: string; name: string };
}

/** Banks our offline collection accounts are held at (OFFLINE). */
export const OFFLINE_BANKS: Partial<Record<CurrencyCode, readonly BankOperator[]>> = {
  CNY: [
    { code: 'ICBC', name: 'Industrial and Commercial Bank of China', bankCode: '102' },
    { code: 'CCB', name: 'China Construction Bank', bankCode: '105' },
    { code: 'BOC', name: 'Bank of China', bankCode: '104' },
    { code: 'CMB', name: 'China Merchants Bank', bankCode: '308' },
  ],
  JPY: [
    { code: 'MUFG', name: 'MUFG Bank', bankCode: '0005', branch: { code: '001', name: 'Head Office' } },
    {
      code: 'SMBC',
      name: 'Sumitomo Mitsui Banking Corporation',
      bankCode: '0009',
      branch: { code: '001', name: 'Head Office' },
    },
    {
      code: 'MIZUHO',
      name: 'Mizuho Bank',
      bankCode: '0001',
      branch: { code: '110', name: 'Tokyo Main Office' },
    },
    // Transfers from other banks reach a Japan Post Bank account through its "018" branch.
    {
      code: 'JPBANK',
      name: 'Japan Post Bank',
      bankCode: '9900',
      branch: { code: '018', name: 'Zero-One-Eight' },
    },
  ],
  KRW: [
    { code: 'KOOKMIN', name: 'KB Kookmin Bank', bankCode: '004' },
    { code: 'SHINHAN', name: 'Shinhan Bank', bankCode: '088' },
    { code: 'WOORI', name: 'Woori Bank', bankCode: '020' },
    { code: 'HANA', name: 'Hana Bank', bankCode: '081' },
  ],
  LAK: [
    { code: 'BCEL', name: 'Banque pour le Commerce Exterieur Lao', bankCode: 'BCEL' },
    { code: 'LDB', name: 'Lao Development Bank', bankCode: 'LDB' },
    { code: 'APB', name: 'Agricultural Promotion Bank', bankCode: 'APB' },
  ],
  NGN: [
    { code: 'GTBANK', name: 'Guaranty Trust Bank', bankCode: '058' },
    { code: 'ACCESS', name: 'Access Bank', bankCode: '044' },
    { code: 'ZENITH', name: 'Zenith Bank', bankCode: '057' },
    { code: 'FIRSTBANK', name: 'First Bank of Nigeria', bankCode: '011' },
  ],
  PHP: [
    { code: 'BDO', name: 'BDO Unibank', bankCode: 'BNORPHMM' },
    { code: 'BPI', name: 'Bank of the Philippine Islands', bankCode: 'BOPIPHMM' },
    { code: 'METROBANK', name: 'Metropolitan Bank and Trust Company', bankCode: 'MBTCPHMM' },
  ],
  THB: [
    { code: 'KBANK', name: 'Kasikornbank', bankCode: '004' },
    { code: 'SCB', name: 'Siam Commercial Bank', bankCode: '014' },
    { code: 'BBL', name: 'Bangkok Bank', bankCode: '002' },
    { code: 'KTB', name: 'Krungthai Bank', bankCode: '006' },
  ],
  // bankCode is the NAPAS BIN, which VietQR payloads carry.
  VND: [
    { code: 'VCB', name: 'Vietcombank', bankCode: '970436' },
    { code: 'TCB', name: 'Techcombank', bankCode: '970407' },
    { code: 'MBBANK', name: 'MB Bank', bankCode: '970422' },
    { code: 'BIDV', name: 'BIDV', bankCode: '970418' },
  ],
};

const INDIAN_BANKS = {
  SBI: { code: 'SBI', name: 'State Bank of India', bankCode: 'SBIN' },
  HDFC: { code: 'HDFC', name: 'HDFC Bank', bankCode: 'HDFC' },
  ICICI: { code: 'ICICI', name: 'ICICI Bank', bankCode: 'ICIC' },
  AXIS: { code: 'AXIS', name: 'Axis Bank', bankCode: 'UTIB' },
  KOTAK: { code: 'KOTAK', name: 'Kotak Mahindra Bank', bankCode: 'KKBK' },
  PNB: { code: 'PNB', name: 'Punjab National Bank', bankCode: 'PUNB' },
  BOB: { code: 'BOB', name: 'Bank of Baroda', bankCode: 'BARB' },
} as const satisfies Record<string, BankOperator>;

const SOUTH_AFRICAN_BANKS = {
  // bankCode: the bank's universal branch code.
  ABSA: { code: 'ABSA', name: 'Absa Bank', bankCode: '632005' },
  CAPITEC: { code: 'CAPITEC', name: 'Capitec Bank', bankCode: '470010' },
  FNB: { code: 'FNB', name: 'First National Bank', bankCode: '250655' },
  NEDBANK: { code: 'NEDBANK', name: 'Nedbank', bankCode: '198765' },
  STANDARD_BANK: { code: 'STANDARD_BANK', name: 'Standard Bank', bankCode: '051001' },
} as const satisfies Record<string, BankOperator>;

/** Banks the customer logs in to for an instant transfer (ONLINE); bankCode for MYR is the FPX code. */
export const ONLINE_BANKS: Partial<Record<CurrencyCode, readonly BankOperator[]>> = {
  INR: [INDIAN_BANKS.HDFC, INDIAN_BANKS.ICICI, INDIAN_BANKS.SBI, INDIAN_BANKS.AXIS, INDIAN_BANKS.KOTAK],
  THB: [
    { code: 'KBANK', name: 'Kasikornbank', bankCode: '004' },
    { code: 'SCB', name: 'Siam Commercial Bank', bankCode: '014' },
    { code: 'BBL', name: 'Bangkok Bank', bankCode: '002' },
    { code: 'KTB', name: 'Krungthai Bank', bankCode: '006' },
    { code: 'BAY', name: 'Krungsri (Bank of Ayudhya)', bankCode: '025' },
  ],
  MYR: [
    { code: 'MAYBANK', name: 'Maybank', bankCode: 'MB2U0227' },
    { code: 'CIMB', name: 'CIMB Bank', bankCode: 'BCBB0235' },
    { code: 'PUBLIC_BANK', name: 'Public Bank', bankCode: 'PBB0233' },
    { code: 'RHB', name: 'RHB Bank', bankCode: 'RHB0218' },
    { code: 'HONG_LEONG', name: 'Hong Leong Bank', bankCode: 'HLB0224' },
  ],
  VND: [
    { code: 'VCB', name: 'Vietcombank', bankCode: '970436' },
    { code: 'TCB', name: 'Techcombank', bankCode: '970407' },
    { code: 'ACB', name: 'Asia Commercial Bank', bankCode: '970416' },
    { code: 'MBBANK', name: 'MB Bank', bankCode: '970422' },
    { code: 'BIDV', name: 'BIDV', bankCode: '970418' },
  ],
  ZAR: [
    SOUTH_AFRICAN_BANKS.ABSA,
    SOUTH_AFRICAN_BANKS.FNB,
    SOUTH_AFRICAN_BANKS.NEDBANK,
    SOUTH_AFRICAN_BANKS.STANDARD_BANK,
    SOUTH_AFRICAN_BANKS.CAPITEC,
  ],
};

/** Indian banks with netbanking logins (NETBANKING); bankCode is the IFSC bank prefix. */
export const NETBANKING_BANKS: readonly BankOperator[] = [
  INDIAN_BANKS.SBI,
  INDIAN_BANKS.HDFC,
  INDIAN_BANKS.ICICI,
  INDIAN_BANKS.AXIS,
  INDIAN_BANKS.KOTAK,
  INDIAN_BANKS.PNB,
  INDIAN_BANKS.BOB,
];

/** A bank whose app receives Pay Me requests; Pay Me works only between clients of the same bank. */
export interface PayMeBank extends BankOperator {
  app: string;
}

export const PAY_ME_BANKS: readonly PayMeBank[] = [
  { ...SOUTH_AFRICAN_BANKS.CAPITEC, app: 'the Capitec app' },
  { ...SOUTH_AFRICAN_BANKS.ABSA, app: 'the Absa Banking App' },
  { ...SOUTH_AFRICAN_BANKS.FNB, app: 'the FNB App' },
  { ...SOUTH_AFRICAN_BANKS.NEDBANK, app: 'the Nedbank Money app' },
  { ...SOUTH_AFRICAN_BANKS.STANDARD_BANK, app: 'the Standard Bank app' },
];

/** P2A_V2 wire variant: our current accounts at Indian banks; bankCode is the branch IFSC. */
export const P2A_V2_BANKS: readonly BankOperator[] = [
  { ...INDIAN_BANKS.HDFC, bankCode: 'HDFC0000240' },
  { ...INDIAN_BANKS.ICICI, bankCode: 'ICIC0000104' },
  { ...INDIAN_BANKS.SBI, bankCode: 'SBIN0000300' },
  { ...INDIAN_BANKS.AXIS, bankCode: 'UTIB0000004' },
  { ...INDIAN_BANKS.KOTAK, bankCode: 'KKBK0000958' },
];
