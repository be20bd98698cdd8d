import 'server-only';
import { bankOf } from './banks';

// Acquirers of the interoperable QR schemes and what identifies them in a QR payload.

/** A DuitNow QR acquirer: PayNet's acquirer ID goes into tag 26, sub-tag 01. */
export interface DuitNowAcquirer {
  code: string;
  name: string;
  acquirerId: string;
}

/** Acquirer IDs as they appear in the banks' own DuitNow QR codes (docs/decisions/013-qr-payloads.md). */
export const DUITNOW_ACQUIRERS: readonly DuitNowAcquirer[] = [
  { ...named('MAYBANK'), acquirerId: '588734' },
  { ...named('RHB'), acquirerId: '564160' },
  { code: 'OCBC', name: 'OCBC Bank (Malaysia)', acquirerId: '504324' },
];

function named(code: string): { code: string; name: string } {
  const { name } = bankOf('MYR', code);
  return { code, name };
}

/** A QRIS acquirer (PJSP): its reverse domain and NNS (the first 8 digits of its merchants' PANs). */
export interface QrisAcquirer {
  name: string;
  domain: string;
  nns: string;
}

export const BANK_MANDIRI_QRIS: QrisAcquirer = {
  name: bankOf('IDR', 'MANDIRI').name,
  domain: 'ID.CO.BANKMANDIRI.WWW',
  nns: '93600008',
};

/** QRIS merchant criteria: micro, small, medium, large, regular. */
export const QRIS_CRITERIA = ['UMI', 'UKE', 'UME', 'UBE', 'URE'] as const;

/** A QR Ph P2M acquirer: its BIC11 goes into tag 28, sub-tag 01. */
export const BDO_QRPH = { name: bankOf('PHP', 'BDO').name, bic: 'BNORPHMMXXX' } as const;
