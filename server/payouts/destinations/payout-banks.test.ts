import { describe, expect, it } from 'vitest';
import { payoutMethodCurrencies } from '@/lib/payouts/methods';
import { BANK_RULES, bankPrefix } from './bank-rules';
import { PAYOUT_BANKS, type BankCurrency } from './payout-banks';

const currencies = Object.keys(PAYOUT_BANKS) as BankCurrency[];

describe('payout bank catalogue', () => {
  it('has banks and rules for exactly the currencies bank transfers pay out in', () => {
    expect([...currencies].sort()).toEqual([...payoutMethodCurrencies.BANK_TRANSFER].sort());
    expect(Object.keys(BANK_RULES).sort()).toEqual([...currencies].sort());
    for (const currency of currencies) expect(PAYOUT_BANKS[currency].length).toBeGreaterThanOrEqual(3);
  });

  it.each(currencies)('%s: codes are unique and bank codes have the rail’s form', (currency) => {
    const rule = BANK_RULES[currency];
    const banks = PAYOUT_BANKS[currency];
    expect(new Set(banks.map((bank) => bank.code)).size).toBe(banks.length);
    expect(new Set(banks.map((bank) => bankPrefix(rule, bank.bankCode))).size).toBe(banks.length);
    for (const bank of banks) {
      expect(bank.code).toMatch(/^[A-Z0-9_]{1,32}$/);
      expect(Object.keys(bank).sort()).toEqual(['bankCode', 'code', 'name']);
      if (rule.operatorSuppliesBankCode) {
        // The code stands in for bankCode, so it must be one the rule itself accepts.
        expect(bank.bankCode).toMatch(rule.bankCodePattern);
      } else {
        // Only the bank part: the branch comes from the request.
        expect(bank.bankCode).toHaveLength(rule.bankPrefixLength!);
      }
    }
  });
});
