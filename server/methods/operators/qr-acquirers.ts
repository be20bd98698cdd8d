import 'server-only';
import type { PaymentOperator } from '../port';

/** A DuitNow QR acquirer: PayNet's acquirer ID goes into tag 26, sub-tag 01. */
export interface DuitNowAcquirer extends PaymentOperator {
  acquirerId: string;
}

/** Acquirer IDs as they appear in the banks' own DuitNow QR codes (docs/decisions/013-qr-payloads.md). */
export const DUITNOW_ACQUIRERS: readonly DuitNowAcquirer[] = [
  { code: 'MAYBANK', name: 'Maybank', acquirerId: '588734' },
  { code: 'RHB', name: 'RHB Bank', acquirerId: '564160' },
  { code: 'OCBC', name: 'OCBC Bank (Malaysia)', acquirerId: '504324' },
];

/** A UPI payment service provider bank and the handle of the merchant VPAs it issues. */
export interface UpiPsp extends PaymentOperator {
  vpaHandle: string;
}

export const UPI_PSPS: readonly UpiPsp[] = [
  { code: 'ICICI', name: 'ICICI Bank', vpaHandle: 'icici' },
  { code: 'AXIS', name: 'Axis Bank', vpaHandle: 'axisbank' },
  { code: 'HDFC', name: 'HDFC Bank', vpaHandle: 'hdfcbank' },
];

/** QR Ph P2M acquirer (BIC in tag 28, sub-tag 01); QR Ph is interoperable, so there is no choice to offer. */
export const QRPH_ACQUIRER = { name: 'BDO Unibank', bic: 'BNORPHMMXXX' } as const;

/** QRIS acquirer (PJSP): its reverse domain and NNS (the first 8 digits of the merchant PAN). */
export const QRIS_ACQUIRER = {
  name: 'Bank Mandiri',
  domain: 'ID.CO.BANKMANDIRI.WWW',
  nns: '93600008',
} as const;

/** The bank behind our PromptPay ID and our VietQR account. */
export const PROMPTPAY_BANK = { code: 'KBANK', name: 'Kasikornbank', bankCode: '004' } as const;
export const VIETQR_BANK = { code: 'VCB', name: 'Vietcombank', bankCode: '970436' } as const;
