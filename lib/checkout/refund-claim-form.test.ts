import { describe, expect, it } from 'vitest';
import { chosenOption, claimDestinationOf, claimFieldsOf, refusedFields } from './refund-claim-form';

const some = [{ code: 'X', name: 'X' }];
const bank = { paymentMethodCode: 'BANK_TRANSFER' as const, paymentOperators: some, needsBankCode: true };
const wallet = { paymentMethodCode: 'MOBILE_MONEY' as const, paymentOperators: some };
const crypto = { paymentMethodCode: 'CRYPTO' as const, paymentOperators: some };
const promptPay = { paymentMethodCode: 'PROMPTPAY' as const, paymentOperators: [] };

describe('the refund claim form', () => {
  it('asks the branch code only where the bank does not imply it, and a name except for wallets on chain', () => {
    expect(claimFieldsOf(bank).map((entry) => entry.field)).toEqual([
      'paymentOperatorCode',
      'bankCode',
      'accountNumber',
      'accountName',
    ]);
    expect(claimFieldsOf({ ...bank, needsBankCode: false }).map((entry) => entry.field)).not.toContain(
      'bankCode',
    );
    expect(claimFieldsOf(crypto).find((entry) => entry.field === 'accountName')?.required).toBe(false);
    expect(claimFieldsOf(wallet).find((entry) => entry.field === 'accountName')?.required).toBe(true);
    // An alias needs no operator, and no name (the switch shows it to the sender).
    expect(claimFieldsOf(promptPay)).toEqual([
      { field: 'accountNumber', required: true },
      { field: 'accountName', required: false },
    ]);
  });

  it('takes the method the query names, else the first', () => {
    expect(chosenOption([bank, wallet], 'MOBILE_MONEY')).toBe(wallet);
    expect(chosenOption([bank, wallet], 'NOPE')).toBe(bank);
    expect(chosenOption([], undefined)).toBeUndefined();
  });

  it('turns the posted fields into a destination, dropping blanks', () => {
    expect(
      claimDestinationOf({
        paymentMethodCode: 'BANK_TRANSFER',
        paymentOperatorCode: ' KBANK ',
        bankCode: '',
        accountNumber: '123-4-56789-0',
        accountName: 'Somchai',
      }),
    ).toEqual({
      paymentMethodCode: 'BANK_TRANSFER',
      paymentOperatorCode: 'KBANK',
      account: { accountNumber: '123-4-56789-0', accountName: 'Somchai' },
    });
  });

  it('names the form fields an API refusal points at', () => {
    expect(
      refusedFields([
        { field: 'destination.account.accountNumber' },
        { field: 'destination.account.bankCode' },
        { field: 'destination.paymentMethodCode' },
      ]),
    ).toEqual(['accountNumber', 'bankCode', 'other']);
    expect(refusedFields(undefined)).toEqual(['other']);
  });
});
