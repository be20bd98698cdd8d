import { describe, expect, it } from 'vitest';
import { formatMoney } from '@/lib/format/money-format';
import { linkAmountText } from './link-amount';

describe('linkAmountText', () => {
  it('shows a fixed amount in the currency’s units', () => {
    expect(linkAmountText('th', { money: { amount: 1500.5, currencyCode: 'THB' } })).toBe('฿1,500.50');
    expect(linkAmountText('en', { money: { amount: 150000, currencyCode: 'VND' } })).toBe(
      formatMoney('en', 150000, 'VND'),
    );
  });

  it('shows the range the customer chooses in', () => {
    expect(
      linkAmountText('th', { amountRange: { minAmount: 100, maxAmount: 5000, currencyCode: 'THB' } }),
    ).toBe('฿100.00 – ฿5,000.00');
  });

  it('shows a dash for a link of neither (another API’s answer)', () => {
    expect(linkAmountText('en', {})).toBe('—');
  });
});
