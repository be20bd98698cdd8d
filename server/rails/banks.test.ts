import { describe, expect, it } from 'vitest';
import { payoutMethodCurrencies } from '@/lib/payouts/methods';
import { BANK_RULES, bankPrefix } from './bank-rules';
import { BANKS, type BankCurrency } from './banks';

const currencies = Object.keys(BANKS) as BankCurrency[];

describe('bank catalogue', () => {
  it('has banks and rules for exactly the currencies bank transfers pay out in', () => {
    expect([...currencies].sort()).toEqual([...payoutMethodCurrencies.BANK_TRANSFER].sort());
    expect(Object.keys(BANK_RULES).sort()).toEqual([...currencies].sort());
    for (const currency of currencies) expect(BANKS[currency].length).toBeGreaterThanOrEqual(3);
  });

  it.each(currencies)('%s: codes are unique and bank codes have the rail’s form', (currency) => {
    const rule = BANK_RULES[currency];
    const banks = BANKS[currency];
    expect(new Set(banks.map((bank) => bank.code)).size).toBe(banks.length);
    expect(new Set(banks.map((bank) => bankPrefix(rule, bank.bankCode))).size).toBe(banks.length);
    for (const bank of banks) {
      expect(bank.code).toMatch(/^[A-Z0-9_]{1,32}$/);
      if (rule.operatorSuppliesBankCode) {
        // The code stands in for bankCode, so it must be one the rule itself accepts.
        expect(bank.bankCode).toMatch(rule.bankCodePattern);
      } else {
        // Only the bank part: the branch comes from the request.
        expect(bank.bankCode).toHaveLength(rule.bankPrefixLength!);
      }
    }
  });

  it.each(currencies)('%s: an account number of the usual length has the rail’s form', (currency) => {
    const rule = BANK_RULES[currency];
    expect('1'.repeat(rule.typicalDigits)).toMatch(rule.accountPattern);
  });

  it('names the sandbox’s own branches with the form their rail takes', () => {
    for (const bank of BANKS.JPY.filter((candidate) => candidate.sandboxBranch))
      expect(`${bank.bankCode}-${bank.sandboxBranch!.code}`).toMatch(BANK_RULES.JPY.bankCodePattern);
    for (const bank of BANKS.INR.filter((candidate) => candidate.sandboxBranch))
      expect(bank.sandboxBranch!.code).toMatch(new RegExp(`^${bank.bankCode}0`));
  });
});
