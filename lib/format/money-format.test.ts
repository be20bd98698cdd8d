import { describe, expect, it } from 'vitest';
import {
  formatDateTime as formatDateTimeRaw,
  formatMoney as formatMoneyRaw,
  plainAmount,
  formatRemaining,
} from './money-format';

// Intl separates with no-break spaces (U+00A0, U+202F); compare with plain ones.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const formatMoney = (...args: Parameters<typeof formatMoneyRaw>) => plain(formatMoneyRaw(...args));
const formatDateTime = (...args: Parameters<typeof formatDateTimeRaw>) => plain(formatDateTimeRaw(...args));

describe('formatMoney', () => {
  it('formats per locale with the currency precision, exactly', () => {
    expect(formatMoney('en', 1500.5, 'THB')).toBe('THB 1,500.50');
    expect(formatMoney('th', 1500.5, 'THB')).toBe('฿1,500.50');
    expect(formatMoney('vi', 150000, 'VND')).toBe('150.000 ₫');
    expect(formatMoney('id', '150000', 'IDR')).toBe('Rp 150.000');
    expect(formatMoney('ja', 5000, 'JPY')).toBe('￥5,000');
    expect(formatMoney('en', '12.345678', 'USDT')).toBe('12.345678 USDT');
    expect(formatMoney('en', 25.5, 'USDT')).toBe('25.50 USDT');
    expect(formatMoney('en', '100', 'USDC')).toBe('100.00 USDC');
    expect(formatMoney('en', '999999999999.99', 'PHP')).toBe('₱999,999,999,999.99');
  });
});

describe('plainAmount', () => {
  it('writes the amount as it is typed into a banking or wallet app', () => {
    expect(plainAmount('1500.5', 'THB')).toBe('1500.50');
    expect(plainAmount(150000, 'VND')).toBe('150000');
    expect(plainAmount('25.5', 'USDT')).toBe('25.5');
    expect(plainAmount('999999999999.99', 'PHP')).toBe('999999999999.99');
  });
});

describe('formatDateTime', () => {
  it("uses the market's time zone", () => {
    expect(formatDateTime('en', '2026-11-22T10:00:00Z', 'THB')).toContain('5:00');
    expect(formatDateTime('en', '2026-11-22T10:00:00Z', 'INR')).toContain('3:30');
  });
});

describe('formatRemaining', () => {
  it('writes minutes and seconds in the locale', () => {
    expect(formatRemaining('en', 299)).toBe('4 minutes, 59 seconds');
    expect(formatRemaining('en', 3700)).toBe('1 hour, 1 minute');
    expect(formatRemaining('th', 61)).toContain('นาที');
  });
});
