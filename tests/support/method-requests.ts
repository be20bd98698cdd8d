import { payinRequest, type PayinRequestBody } from './builders';

/** An order amount per currency, valid for its precision (docs/decisions/004-money-in-minor-units.md). */
export const SAMPLE_AMOUNTS: Record<string, number> = {
  CNY: 388.5,
  GHS: 250.75,
  IDR: 150000,
  INR: 1499.5,
  JPY: 5000,
  KES: 2500,
  KRW: 50000,
  LAK: 250000,
  MYR: 99.9,
  NGN: 15000.5,
  PHP: 1250.25,
  THB: 1500.5,
  USDC: 150.25,
  USDT: 150.25,
  VND: 250000,
  ZAR: 499.99,
};

/** Mobile numbers of the countries whose rails push to a phone. */
export const SAMPLE_PHONES: Record<string, string> = {
  GHS: '+233241234567',
  KES: '+254712345678',
  ZAR: '+27821234567',
  IDR: '+6281234567890',
  INR: '+919876543210',
};

/** The customer data a method needs in a currency (the specification's request rules), nothing more. */
export function sampleMethodData(method: string, currency: string): Record<string, unknown> {
  switch (method) {
    case 'MOBILE_MONEY':
    case 'BANKA_PAY':
    case 'PAY_ME':
      return { phoneNumber: SAMPLE_PHONES[currency] ?? SAMPLE_PHONES.GHS };
    case 'QRTH':
      return { account: { accountName: 'Somchai Jaidee', accountNumber: '1234567890' } };
    case 'OFFLINE':
      if (currency === 'KRW') return { account: { accountName: 'Kim Minjun' } };
      if (currency === 'JPY') return { emailAddress: 'taro@example.jp' };
      return {};
    default:
      return {};
  }
}

/** A valid create request for a method and currency; override the method data. */
export function methodRequest(
  method: string,
  currency: string,
  paymentMethod: Record<string, unknown> = {},
): PayinRequestBody {
  return payinRequest({
    paymentRequested: { money: { amount: SAMPLE_AMOUNTS[currency] ?? 100, currencyCode: currency } },
    paymentMethod: { paymentMethodCode: method, ...sampleMethodData(method, currency), ...paymentMethod },
  });
}
