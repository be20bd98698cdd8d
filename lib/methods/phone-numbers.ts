import type { CurrencyCode } from '../money/currencies';

export interface DomesticMobile {
  country: string;
  /** ITU calling code without "+". */
  callingCode: string;
  /** A mobile number of the country in the E.164 form the request schema normalises to. */
  pattern: RegExp;
  example: string;
}

/**
 * Mobile numbers of the countries whose rails reach the customer by phone (push approvals, wallet
 * and bank logins). A push to a number of another country can never arrive, so it is refused upfront.
 */
export const DOMESTIC_MOBILE: Partial<Record<CurrencyCode, DomesticMobile>> = {
  // Ghana: 9-digit national numbers; mobile ranges start with 2 (024, 020, 026…) or 5 (054, 050, 057…).
  GHS: { country: 'Ghanaian', callingCode: '233', pattern: /^\+233[25]\d{8}$/, example: '+233241234567' },
  // Kenya: Safaricom and Airtel ranges are 07xx and 01xx.
  KES: { country: 'Kenyan', callingCode: '254', pattern: /^\+254[17]\d{8}$/, example: '+254712345678' },
  // South Africa: cellular ranges are 06x, 07x and 08x.
  ZAR: { country: 'South African', callingCode: '27', pattern: /^\+27[678]\d{8}$/, example: '+27821234567' },
  // Indonesia: mobile numbers are 08xx with 9 to 12 national digits.
  IDR: { country: 'Indonesian', callingCode: '62', pattern: /^\+628\d{8,11}$/, example: '+6281234567890' },
  // India: 10-digit mobile numbers start with 6, 7, 8 or 9.
  INR: { country: 'Indian', callingCode: '91', pattern: /^\+91[6-9]\d{9}$/, example: '+919876543210' },
};

/** A mobile number of each currency's country, as the example in form hints (tokens: none). */
export const PHONE_EXAMPLES: Record<CurrencyCode, string> = {
  CNY: '+8613812345678',
  GHS: '+233241234567',
  IDR: '+6281234567890',
  INR: '+919876543210',
  JPY: '+819012345678',
  KES: '+254712345678',
  KRW: '+821012345678',
  LAK: '+8562012345678',
  MYR: '+60123456789',
  NGN: '+2348012345678',
  PHP: '+639171234567',
  THB: '+66812345678',
  USDC: '+66812345678',
  USDT: '+66812345678',
  VND: '+84912345678',
  ZAR: '+27821234567',
};
