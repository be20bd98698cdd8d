import { describe, expect, it } from 'vitest';
import { resolvePayoutDestination, type DestinationResult, type PayoutDestinationInput } from './index';
import { networkOf } from '../../rails';

function mobileMoney(
  currency: 'GHS' | 'KES',
  accountNumber: string | undefined,
  paymentOperatorCode: string | undefined,
  extra: Partial<PayoutDestinationInput> = {},
): DestinationResult {
  return resolvePayoutDestination({
    currency,
    paymentMethodCode: 'MOBILE_MONEY',
    paymentOperatorCode,
    account: { accountName: 'Kwame Mensah', accountNumber },
    ...extra,
  });
}

const messageOn = (result: DestinationResult, field: string) =>
  result.ok ? undefined : result.errors.find((error) => error.field === `paymentMethod.${field}`)?.message;

describe('mobile money payouts', () => {
  it.each([
    ['GHS', 'MTN', '024 123 4567', '+233241234567'],
    ['GHS', 'MTN', '0591234567', '+233591234567'],
    ['GHS', 'TELECEL', '+233 50 123 4567', '+233501234567'],
    ['GHS', 'AIRTELTIGO', '057-123-4567', '+233571234567'],
    ['KES', 'MPESA', '0712 345678', '+254712345678'],
    ['KES', 'MPESA', '0110 123456', '+254110123456'],
    ['KES', 'AIRTEL', '+254 733 123456', '+254733123456'],
    ['KES', 'AIRTEL', '0101123456', '+254101123456'],
  ] as const)('%s %s %s → %s', (currency, operator, number, e164) => {
    const result = mobileMoney(currency, number, operator);
    expect(result.ok && result.destination).toMatchObject({
      method: 'MOBILE_MONEY',
      operator: { code: operator },
      account: { accountName: 'Kwame Mensah', accountNumber: e164 },
    });
  });

  it('refuses a Ghanaian number of another network, naming the network it is on', () => {
    const result = mobileMoney('GHS', '0241234567', 'TELECEL');
    expect(result).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(messageOn(result, 'account.accountNumber')).toBe(
      'This number is on MTN Mobile Money, not Telecel Cash (formerly Vodafone Cash): send paymentOperatorCode MTN, or a number on Telecel Cash (formerly Vodafone Cash).',
    );
  });

  it('refuses a Kenyan number of another network, naming the network it is on', () => {
    expect(messageOn(mobileMoney('KES', '0733123456', 'MPESA'), 'account.accountNumber')).toContain(
      'paymentOperatorCode AIRTEL',
    );
    expect(messageOn(mobileMoney('KES', '0722123456', 'AIRTEL'), 'account.accountNumber')).toContain(
      'paymentOperatorCode MPESA',
    );
  });

  it('refuses a mobile number on no network we pay to (Telkom Kenya, Ghana’s 023)', () => {
    expect(messageOn(mobileMoney('KES', '0770123456', 'MPESA'), 'account.accountNumber')).toMatch(/none of/);
    expect(messageOn(mobileMoney('GHS', '0231234567', 'MTN'), 'account.accountNumber')).toMatch(/none of/);
  });

  it('refuses a landline, another country’s mobile and a missing number', () => {
    expect(messageOn(mobileMoney('GHS', '0302123456', 'MTN'), 'account.accountNumber')).toMatch(
      /mobile number in Ghana/,
    );
    expect(messageOn(mobileMoney('GHS', '+254712345678', 'MTN'), 'account.accountNumber')).toMatch(
      /in Ghana/,
    );
    expect(messageOn(mobileMoney('KES', undefined, 'MPESA'), 'account.accountNumber')).toMatch(/^Required/);
  });

  it('requires an operator of the currency: missing is a validation error, unknown an unknown operator', () => {
    const missing = mobileMoney('GHS', '0241234567', undefined);
    expect(missing).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(messageOn(missing, 'paymentOperatorCode')).toBe(
      'Required in GHS: one of MTN, TELECEL, AIRTELTIGO.',
    );
    const kenyanInGhana = mobileMoney('GHS', '0241234567', 'MPESA');
    expect(kenyanInGhana).toMatchObject({ ok: false, code: 'PAYMENT_OPERATOR_UNKNOWN' });
  });

  it('requires the wallet holder’s name and takes no bank code', () => {
    const result = mobileMoney('KES', '0712345678', 'MPESA', {
      account: { accountNumber: '0712345678', bankCode: '01' },
    });
    expect(messageOn(result, 'account.accountName')).toMatch(/^Required/);
    expect(messageOn(result, 'account.bankCode')).toMatch(/no bank code/);
  });

  it('normalises the optional contact number and email, and refuses bad ones', () => {
    const ok = mobileMoney('KES', '0712345678', 'MPESA', {
      phoneNumber: '0733 123 456',
      emailAddress: ' wanjiru@example.co.ke ',
    });
    expect(ok.ok && ok.destination).toMatchObject({
      phoneNumber: '+254733123456',
      emailAddress: 'wanjiru@example.co.ke',
    });
    const bad = mobileMoney('KES', '0712345678', 'MPESA', { phoneNumber: '0712', emailAddress: 'wanjiru@' });
    expect(messageOn(bad, 'phoneNumber')).toMatch(/Kenya/);
    expect(messageOn(bad, 'emailAddress')).toMatch(/email address/);
  });
});

describe('network prefixes', () => {
  it.each([
    ['729123456', 'MPESA'],
    ['730123456', 'AIRTEL'],
    ['739123456', 'AIRTEL'],
    ['740123456', 'MPESA'],
    ['748123456', 'MPESA'],
    ['749123456', undefined],
    ['756123456', 'AIRTEL'],
    ['757123456', 'MPESA'],
    ['762123456', 'AIRTEL'],
    ['763123456', undefined],
    ['768123456', 'MPESA'],
    ['780123456', 'AIRTEL'],
    ['799123456', 'MPESA'],
    ['102123456', 'AIRTEL'],
    ['103123456', undefined],
    ['115123456', 'MPESA'],
    ['116123456', undefined],
  ])('Kenya %s → %s', (national, network) => {
    expect(networkOf('KES', national)).toBe(network);
  });

  it.each([
    ['241234567', 'MTN'],
    ['551234567', 'MTN'],
    ['201234567', 'TELECEL'],
    ['261234567', 'AIRTELTIGO'],
    ['561234567', 'AIRTELTIGO'],
    ['281234567', undefined],
  ])('Ghana %s → %s', (national, network) => {
    expect(networkOf('GHS', national)).toBe(network);
  });
});
