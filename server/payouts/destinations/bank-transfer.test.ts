import { describe, expect, it } from 'vitest';
import type { CurrencyCode } from '@/lib/money';
import { resolvePayoutDestination, type DestinationResult, type PayoutDestinationInput } from './index';

function bankTransfer(
  currency: CurrencyCode,
  account: PayoutDestinationInput['account'],
  paymentOperatorCode?: string,
): DestinationResult {
  return resolvePayoutDestination({
    currency,
    paymentMethodCode: 'BANK_TRANSFER',
    paymentOperatorCode,
    account: { accountName: 'Ada Lovelace', ...account },
  });
}

function destinationOf(result: DestinationResult) {
  if (!result.ok) throw new Error(`Refused: ${JSON.stringify(result.errors)}`);
  return result.destination;
}

function errorsOf(result: DestinationResult) {
  if (result.ok) throw new Error('Accepted');
  return result.errors;
}

const messageOn = (result: DestinationResult, field: string) =>
  errorsOf(result).find((error) => error.field === `paymentMethod.${field}`)?.message;

describe('bank transfers: valid destinations per currency, normalised', () => {
  it.each([
    // [currency, operator, bankCode given, account given, bankCode kept, account kept, operator found]
    ['INR', undefined, 'hdfc0001234', '5010 0123 4567 89', 'HDFC0001234', '50100123456789', 'HDFC'],
    ['INR', 'SBI', 'SBIN0000300', '00000031234567890', 'SBIN0000300', '00000031234567890', 'SBI'],
    ['VND', undefined, '970436', '0071-0001-23456', '970436', '0071000123456', 'VCB'],
    ['THB', 'KBANK', undefined, '123-4-56789-0', '004', '1234567890', 'KBANK'],
    ['THB', 'GSB', undefined, '020123456789', '030', '020123456789', 'GSB'],
    ['NGN', 'GTBANK', undefined, '0000014570', '058', '0000014570', 'GTBANK'],
    ['NGN', undefined, '011', '0000014579', '011', '0000014579', 'FIRSTBANK'],
    ['CNY', undefined, '102', '6205 5000 0000 0000 004', '102', '6205500000000000004', 'ICBC'],
    ['JPY', undefined, '0005 001', '1234567', '0005-001', '1234567', 'MUFG'],
    ['JPY', 'JPBANK', '9900-018', '7654321', '9900-018', '7654321', 'JPBANK'],
    ['KRW', 'KAKAOBANK', undefined, '3333-01-1234567', '090', '3333011234567', 'KAKAOBANK'],
    ['IDR', undefined, '014', '1234567890', '014', '1234567890', 'BCA'],
    ['MYR', undefined, 'mbbemykl', '5140 1234 5678', 'MBBEMYKL', '514012345678', 'MAYBANK'],
    ['MYR', 'CIMB', 'CIBBMYKLXXX', '8001234567', 'CIBBMYKLXXX', '8001234567', 'CIMB'],
    ['PHP', 'BDO', undefined, '001234567890', 'BNORPHMM', '001234567890', 'BDO'],
    ['ZAR', undefined, '250655', '62123456789', '250655', '62123456789', 'FNB'],
    ['KES', 'EQUITY', undefined, '0123456789012', '68', '0123456789012', 'EQUITY'],
    ['GHS', undefined, '040101', '1011130012345', '040101', '1011130012345', 'GCB'],
    ['LAK', undefined, ' bcel ', '0101000123456', 'BCEL', '0101000123456', 'BCEL'],
  ] as const)('%s %s %s %s', (currency, operator, bankCode, accountNumber, keptCode, keptNumber, found) => {
    const destination = destinationOf(bankTransfer(currency, { bankCode, accountNumber }, operator));
    expect(destination.method).toBe('BANK_TRANSFER');
    expect(destination.account).toEqual({
      accountName: 'Ada Lovelace',
      accountNumber: keptNumber,
      bankCode: keptCode,
    });
    expect(destination.operator?.code).toBe(found);
  });

  it('takes any well-formed IFSC without an operator: RBI registers far more banks than the catalogue', () => {
    const destination = destinationOf(
      bankTransfer('INR', { bankCode: 'YESB0000001', accountNumber: '123456789' }),
    );
    expect(destination.account.bankCode).toBe('YESB0000001');
    expect(destination.operator).toBeUndefined();
  });

  it('trims the account name', () => {
    const result = bankTransfer('IDR', {
      bankCode: '014',
      accountNumber: '1234567890',
      accountName: '  Budi  ',
    });
    expect(destinationOf(result).account.accountName).toBe('Budi');
  });
});

describe('bank transfers: refused destinations', () => {
  it.each([
    ['INR', 'HDFC1001234', 'An IFSC: 4 letters, 0, then 6 letters or digits (HDFC0001234).'],
    ['INR', 'HDFC000123', 'An IFSC'],
    ['VND', '123456', 'NAPAS BIN'],
    ['THB', '4', '3-digit code'],
    ['JPY', '0005', 'bank code and 3-digit branch code'],
    ['MYR', 'MB2U0227', 'SWIFT BIC'],
    ['PHP', 'BNORTHBK', 'SWIFT BIC'],
    ['KES', '068', 'CBK bank code'],
    ['GHS', '04010', 'sort code'],
  ] as const)('%s bankCode %s is malformed', (currency, bankCode, hint) => {
    const result = bankTransfer(currency, { bankCode, accountNumber: '1234567890123' });
    expect(result).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(messageOn(result, 'account.bankCode')).toContain(hint);
  });

  it.each([
    ['VND', '970499', '970436 (Vietcombank)'],
    ['THB', '099', '004 (Kasikornbank)'],
    ['NGN', '999', '058 (Guaranty Trust Bank)'],
    ['KES', '99', '01 (KCB Bank Kenya)'],
    ['GHS', '990101', '040100 (GCB Bank)'],
    ['JPY', '0999-001', '0005 (MUFG Bank)'],
    ['ZAR', '123456', '632005 (Absa Bank)'],
  ] as const)(
    '%s bankCode %s names no bank we pay to, and the message names accepted codes',
    (currency, bankCode, example) => {
      const result = bankTransfer(currency, { bankCode, accountNumber: '1234567890' });
      expect(result).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
      expect(messageOn(result, 'account.bankCode')).toContain(example);
    },
  );

  it.each([
    ['INR', 'HDFC0ZZZZZZ', "HDFC0ZZZZZZ is not a branch in RBI's IFSC list."],
    ['INR', 'QQQQ0000001', "QQQQ is not a bank code in RBI's IFSC list."],
    ['JPY', '0005-999', '999 is not a branch of bank 0005'],
  ] as const)(
    '%s bankCode %s has the right form but is not in the registry',
    (currency, bankCode, message) => {
      const result = bankTransfer(currency, { bankCode, accountNumber: '1234567' });
      expect(result).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
      expect(messageOn(result, 'account.bankCode')).toContain(message);
    },
  );

  it.each([
    ['INR', '12345678', '9 to 18 digits'],
    ['INR', '1234567890123456789', '9 to 18 digits'],
    ['VND', '12345', '6 to 19 digits'],
    ['THB', '12345678901', '10 digits (12 at'],
    ['JPY', '123456', '7 digits'],
    ['KRW', '123456789', '10 to 14 digits'],
    ['IDR', '12345678901234567', '10 to 16 digits'],
    ['ZAR', '12345678', '9 to 11 digits'],
    ['LAK', '123456789012', '13 to 18 digits'],
    ['NGN', '123456789', '10-digit NUBAN'],
    ['CNY', '123456789012345', '16 to 19 digits'],
    ['KES', '12345678O1', '10 to 14 digits'],
  ] as const)('%s account %s has the wrong form', (currency, accountNumber, hint) => {
    const [bank] = { INR: ['HDFC0001234'], JPY: ['0005-001'] }[currency as 'INR' | 'JPY'] ?? [];
    const result = bankTransfer(
      currency,
      { accountNumber, ...(bank && { bankCode: bank }) },
      bank ? undefined : operatorOf(currency),
    );
    expect(messageOn(result, 'account.accountNumber')).toContain(hint);
  });

  it('checks the NUBAN against the bank it is sent to', () => {
    const result = bankTransfer('NGN', { accountNumber: '0000014579' }, 'GTBANK');
    expect(messageOn(result, 'account.accountNumber')).toMatch(/Not a NUBAN of bank 058/);
  });

  it('checks the card number’s Luhn digit', () => {
    const result = bankTransfer('CNY', { bankCode: '105', accountNumber: '6200000000000006' });
    expect(messageOn(result, 'account.accountNumber')).toMatch(/check digit/);
  });

  it('refuses a bankCode and an operator that name different banks', () => {
    const thai = bankTransfer('THB', { bankCode: '014', accountNumber: '1234567890' }, 'KBANK');
    expect(messageOn(thai, 'account.bankCode')).toBe(
      "014 is Siam Commercial Bank's code, not that of Kasikornbank (code 004), which paymentOperatorCode names. Send one of the two, or make both name the same bank.",
    );
    const indian = bankTransfer('INR', { bankCode: 'HDFC0001234', accountNumber: '123456789' }, 'ICICI');
    expect(messageOn(indian, 'account.bankCode')).toContain('ICICI Bank (codes starting ICIC)');
    const ghanaian = bankTransfer('GHS', { bankCode: '040101', accountNumber: '1234567890' }, 'ECOBANK');
    expect(messageOn(ghanaian, 'account.bankCode')).toContain('GCB Bank');
  });

  it('accepts a bankCode and an operator that agree, the branch kept', () => {
    const result = bankTransfer('GHS', { bankCode: '130112', accountNumber: '1234567890' }, 'ECOBANK');
    expect(destinationOf(result).account.bankCode).toBe('130112');
  });

  it('needs the bankCode where the bank alone does not route (IFSC, Zengin branch), or where no operator names it', () => {
    expect(messageOn(bankTransfer('INR', { accountNumber: '123456789' }, 'HDFC'), 'account.bankCode')).toBe(
      'Required. An IFSC: 4 letters, 0, then 6 letters or digits (HDFC0001234). HDFC names the bank but not the branch.',
    );
    expect(messageOn(bankTransfer('JPY', { accountNumber: '1234567' }, 'MUFG'), 'account.bankCode')).toMatch(
      /^Required/,
    );
    expect(messageOn(bankTransfer('ZAR', { accountNumber: '1234567890' }), 'account.bankCode')).toMatch(
      /^Required/,
    );
  });

  it('answers PAYMENT_OPERATOR_UNKNOWN for an operator not in the catalogue', () => {
    const result = bankTransfer('THB', { accountNumber: '1234567890' }, 'CITI');
    expect(result).toMatchObject({ ok: false, code: 'PAYMENT_OPERATOR_UNKNOWN' });
    expect(messageOn(result, 'paymentOperatorCode')).toContain('KBANK');
    // The operator might have supplied the bank: no second error for the missing bankCode.
    expect(messageOn(result, 'account.bankCode')).toBeUndefined();
  });

  it('requires the account holder’s name, without control characters', () => {
    const missing = bankTransfer('IDR', { bankCode: '014', accountNumber: '1234567890', accountName: '   ' });
    expect(messageOn(missing, 'account.accountName')).toMatch(/^Required/);
    const control = bankTransfer('IDR', {
      bankCode: '014',
      accountNumber: '1234567890',
      accountName: 'Budi\u0000',
    });
    expect(messageOn(control, 'account.accountName')).toMatch(/control characters/);
    const long = bankTransfer('IDR', {
      bankCode: '014',
      accountNumber: '1234567890',
      accountName: 'a'.repeat(141),
    });
    expect(messageOn(long, 'account.accountName')).toBe('At most 140 characters.');
  });

  it('reports every field error of the request at once', () => {
    const result = resolvePayoutDestination({
      currency: 'NGN',
      paymentMethodCode: 'BANK_TRANSFER',
      account: { bankCode: '58', accountNumber: '12345' },
      phoneNumber: '12',
      emailAddress: 'not-an-email',
    });
    expect(result).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(
      errorsOf(result)
        .map((error) => error.field)
        .sort(),
    ).toEqual([
      'paymentMethod.account.accountName',
      'paymentMethod.account.accountNumber',
      'paymentMethod.account.bankCode',
      'paymentMethod.emailAddress',
      'paymentMethod.phoneNumber',
    ]);
  });
});

function operatorOf(currency: CurrencyCode): string {
  const first: Partial<Record<CurrencyCode, string>> = {
    VND: 'VCB',
    THB: 'KBANK',
    KRW: 'KOOKMIN',
    IDR: 'BCA',
    ZAR: 'FNB',
    LAK: 'BCEL',
    NGN: 'GTBANK',
    CNY: 'ICBC',
    KES: 'KCB',
  };
  return first[currency]!;
}
