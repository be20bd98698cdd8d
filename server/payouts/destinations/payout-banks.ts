import 'server-only';
import type { CurrencyCode } from '@/lib/money';
import { NETBANKING_BANKS, OFFLINE_BANKS, ONLINE_BANKS } from '../../methods/operators/banks';
import { VA_BANKS } from '../../methods/operators/va-banks';

/** A bank payouts go to: operator code and name as the payin side has them, bankCode in the payout form. */
export interface PayoutBank {
  code: string;
  name: string;
  /** The domestic code the rail identifies the bank by (see bank-rules.ts for its form per currency). */
  bankCode: string;
}

/** The currencies bank transfers pay out in: every one with a country (lib/payouts/methods.ts). */
export type BankCurrency = Exclude<CurrencyCode, 'USDC' | 'USDT'>;

function payoutBanks(banks: readonly PayoutBank[] | undefined): PayoutBank[] {
  return (banks ?? []).map(({ code, name, bankCode }) => ({ code, name, bankCode }));
}

/**
 * The banks a payout may name as paymentOperatorCode, per currency. The payin catalogues are reused
 * where their code is the one the payout rail takes; a few banks are added so the largest of each
 * market are there. Codes are the banks' real domestic codes.
 */
export const PAYOUT_BANKS: Record<BankCurrency, readonly PayoutBank[]> = {
  // CNAPS bank codes: the first three digits of every branch's 12-digit CNAPS number.
  CNY: [
    ...payoutBanks(OFFLINE_BANKS.CNY),
    { code: 'ABC', name: 'Agricultural Bank of China', bankCode: '103' },
    { code: 'BOCOM', name: 'Bank of Communications', bankCode: '301' },
    { code: 'PSBC', name: 'Postal Savings Bank of China', bankCode: '403' },
  ],
  // The bank-level GhIPSS sort code (XX0100); the first two digits name the bank in every branch's code too.
  GHS: [
    { code: 'GCB', name: 'GCB Bank', bankCode: '040100' },
    { code: 'ECOBANK', name: 'Ecobank Ghana', bankCode: '130100' },
    { code: 'STANBIC', name: 'Stanbic Bank Ghana', bankCode: '190100' },
    { code: 'ABSA', name: 'Absa Bank Ghana', bankCode: '030100' },
    { code: 'STANDARD_CHARTERED', name: 'Standard Chartered Bank Ghana', bankCode: '020100' },
    { code: 'FIDELITY', name: 'Fidelity Bank Ghana', bankCode: '240100' },
    { code: 'CALBANK', name: 'CalBank', bankCode: '140100' },
    { code: 'ZENITH', name: 'Zenith Bank Ghana', bankCode: '120100' },
    { code: 'ACCESS', name: 'Access Bank Ghana', bankCode: '280100' },
    { code: 'ADB', name: 'Agricultural Development Bank', bankCode: '080100' },
  ],
  // Kode bank (Bank Indonesia's interbank codes).
  IDR: [
    ...payoutBanks(VA_BANKS.IDR),
    { code: 'CIMB_NIAGA', name: 'CIMB Niaga', bankCode: '022' },
    { code: 'DANAMON', name: 'Bank Danamon', bankCode: '011' },
    { code: 'BSI', name: 'Bank Syariah Indonesia (BSI)', bankCode: '451' },
  ],
  // The IFSC's four-letter bank prefix; a payout names the branch's full IFSC.
  INR: payoutBanks(NETBANKING_BANKS),
  // Zengin 4-digit bank codes; a payout adds the 3-digit branch.
  JPY: [
    ...payoutBanks(OFFLINE_BANKS.JPY),
    { code: 'RESONA', name: 'Resona Bank', bankCode: '0010' },
    { code: 'PAYPAY', name: 'PayPay Bank', bankCode: '0033' },
    { code: 'RAKUTEN', name: 'Rakuten Bank', bankCode: '0036' },
  ],
  // Central Bank of Kenya 2-digit bank codes.
  KES: [
    { code: 'KCB', name: 'KCB Bank Kenya', bankCode: '01' },
    { code: 'STANDARD_CHARTERED', name: 'Standard Chartered Bank Kenya', bankCode: '02' },
    { code: 'ABSA', name: 'Absa Bank Kenya', bankCode: '03' },
    { code: 'NCBA', name: 'NCBA Bank Kenya', bankCode: '07' },
    { code: 'COOP', name: 'Co-operative Bank of Kenya', bankCode: '11' },
    { code: 'STANBIC', name: 'Stanbic Bank Kenya', bankCode: '31' },
    { code: 'IM', name: 'I&M Bank', bankCode: '57' },
    { code: 'DTB', name: 'Diamond Trust Bank', bankCode: '63' },
    { code: 'EQUITY', name: 'Equity Bank', bankCode: '68' },
    { code: 'FAMILY', name: 'Family Bank', bankCode: '70' },
  ],
  // KFTC 3-digit bank codes.
  KRW: [
    ...payoutBanks(VA_BANKS.KRW),
    { code: 'K_BANK', name: 'K Bank', bankCode: '089' },
    { code: 'KAKAOBANK', name: 'KakaoBank', bankCode: '090' },
    { code: 'TOSSBANK', name: 'Toss Bank', bankCode: '092' },
  ],
  LAK: payoutBanks(OFFLINE_BANKS.LAK),
  /**
   * The bank's SWIFT BIC, which identifies the receiving bank in PayNet's IBG and DuitNow transfers.
   * ONLINE_BANKS' MYR codes are FPX login IDs (MB2U0227), which no credit transfer takes; the
   * operator codes are the same.
   */
  MYR: [
    { code: 'MAYBANK', name: 'Maybank', bankCode: 'MBBEMYKL' },
    { code: 'CIMB', name: 'CIMB Bank', bankCode: 'CIBBMYKL' },
    { code: 'PUBLIC_BANK', name: 'Public Bank', bankCode: 'PBBEMYKL' },
    { code: 'RHB', name: 'RHB Bank', bankCode: 'RHBBMYKL' },
    { code: 'HONG_LEONG', name: 'Hong Leong Bank', bankCode: 'HLBBMYKL' },
    { code: 'AMBANK', name: 'AmBank', bankCode: 'ARBKMYKL' },
    { code: 'BANK_ISLAM', name: 'Bank Islam Malaysia', bankCode: 'BIMBMYKL' },
  ],
  // CBN 3-digit bank codes, which the NUBAN check digit covers.
  NGN: [
    ...payoutBanks(OFFLINE_BANKS.NGN),
    { code: 'UBA', name: 'United Bank for Africa', bankCode: '033' },
    { code: 'FIDELITY', name: 'Fidelity Bank', bankCode: '070' },
    { code: 'ECOBANK', name: 'Ecobank Nigeria', bankCode: '050' },
    { code: 'STANBIC_IBTC', name: 'Stanbic IBTC Bank', bankCode: '221' },
    { code: 'FCMB', name: 'First City Monument Bank', bankCode: '214' },
  ],
  // SWIFT BICs, which InstaPay and PESONet identify participants by.
  PHP: [
    ...payoutBanks(OFFLINE_BANKS.PHP),
    { code: 'LANDBANK', name: 'Land Bank of the Philippines', bankCode: 'TLBPPHMM' },
    { code: 'PNB', name: 'Philippine National Bank', bankCode: 'PNBMPHMM' },
    { code: 'SECURITY_BANK', name: 'Security Bank', bankCode: 'SETCPHMM' },
    { code: 'UNIONBANK', name: 'UnionBank of the Philippines', bankCode: 'UBPHPHMM' },
  ],
  // Bank of Thailand 3-digit bank codes.
  THB: [
    ...payoutBanks(ONLINE_BANKS.THB),
    { code: 'TTB', name: 'TMBThanachart Bank (ttb)', bankCode: '011' },
    { code: 'GSB', name: 'Government Savings Bank', bankCode: '030' },
    { code: 'BAAC', name: 'Bank for Agriculture and Agricultural Cooperatives', bankCode: '034' },
  ],
  // NAPAS BINs.
  VND: [
    ...payoutBanks(ONLINE_BANKS.VND),
    { code: 'VIETINBANK', name: 'VietinBank', bankCode: '970415' },
    { code: 'AGRIBANK', name: 'Agribank', bankCode: '970405' },
    { code: 'VPBANK', name: 'VPBank', bankCode: '970432' },
    { code: 'SACOMBANK', name: 'Sacombank', bankCode: '970403' },
    { code: 'TPBANK', name: 'TPBank', bankCode: '970423' },
  ],
  // Universal branch codes: one per bank, valid for every branch.
  ZAR: payoutBanks(ONLINE_BANKS.ZAR),
};
