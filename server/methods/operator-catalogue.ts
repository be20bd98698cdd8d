import type { MethodCode } from '@/lib/methods';
import type { CurrencyCode } from '@/lib/money';
import type { PaymentOperator } from './port';

/**
 * Realistic operators per method and currency. Codes are ours and stable (they are what
 * paymentOperatorCode takes); names are the institutions' public names.
 */
export const OPERATORS: Partial<
  Record<MethodCode, Partial<Record<CurrencyCode, readonly PaymentOperator[]>>>
> = {
  OFFLINE: {
    CNY: [
      { code: 'ICBC', name: 'Industrial and Commercial Bank of China', bankCode: '102' },
      { code: 'CCB', name: 'China Construction Bank', bankCode: '105' },
      { code: 'BOC', name: 'Bank of China', bankCode: '104' },
      { code: 'CMB', name: 'China Merchants Bank', bankCode: '308' },
    ],
    JPY: [
      { code: 'MUFG', name: 'MUFG Bank', bankCode: '0005' },
      { code: 'SMBC', name: 'Sumitomo Mitsui Banking Corporation', bankCode: '0009' },
      { code: 'MIZUHO', name: 'Mizuho Bank', bankCode: '0001' },
      { code: 'JPBANK', name: 'Japan Post Bank', bankCode: '9900' },
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
    VND: [
      { code: 'VCB', name: 'Vietcombank', bankCode: '970436' },
      { code: 'TCB', name: 'Techcombank', bankCode: '970407' },
      { code: 'MBBANK', name: 'MB Bank', bankCode: '970422' },
      { code: 'BIDV', name: 'BIDV', bankCode: '970418' },
    ],
  },
};

export function operatorsFor(method: MethodCode, currency: CurrencyCode): readonly PaymentOperator[] {
  return OPERATORS[method]?.[currency] ?? [];
}

export function findOperator(
  method: MethodCode,
  currency: CurrencyCode,
  code: string,
): PaymentOperator | undefined {
  return operatorsFor(method, currency).find((operator) => operator.code === code);
}
