import { describe, expect, it } from 'vitest';
import {
  completionKindOf,
  EWALLET_PUSH_OPERATORS,
  ewalletFlowOf,
  METHOD_CODES,
  METHODS,
  p2aV2VariantOf,
  type MethodCode,
} from '@/lib/methods';
import { paymentOperatorCodeSchema } from '@/lib/schemas';
import { ADAPTERS } from './registry';
import { ACCOUNT_TYPES } from './support/payer-account';
import { completeCustomer } from '@/tests/support/method-customers';
import { responseContext, testPayin } from '@/tests/support/adapter-fixtures';

const cases = METHOD_CODES.flatMap((code) => {
  const adapter = ADAPTERS[code];
  return adapter.currencies.flatMap((currency) => {
    const operators = adapter.operators(currency);
    const choices = adapter.assignsDefaultOperator ? operators : [undefined, ...operators];
    return choices.map((operator) => ({ code, adapter, currency, operator }));
  });
});

describe('the method registry', () => {
  it('has the adapter of each code, taking exactly the currencies of the specification', () => {
    for (const code of METHOD_CODES) {
      expect(ADAPTERS[code].code).toBe(code);
      expect(ADAPTERS[code].currencies).toEqual(METHODS[code].currencies);
    }
  });

  it('asks for unique amounts on ONLINE, OFFLINE, QRMY and QRTH only', () => {
    const unique = METHOD_CODES.filter((code) => ADAPTERS[code].uniqueAmount);
    expect(unique.sort()).toEqual(['OFFLINE', 'ONLINE', 'QRMY', 'QRTH']);
  });

  it('always names the operator where the response must carry one', () => {
    for (const code of ['VAPAY', 'P2A_V2', 'QRMY'] as const)
      expect(ADAPTERS[code].assignsDefaultOperator).toBe(true);
    for (const code of ['OFFLINE', 'QRIN'] as const)
      expect(ADAPTERS[code].operators(METHODS[code].currencies[0]!).length).toBeGreaterThan(0);
  });

  it('requires the 12-digit UTR on P2A_V2 and takes an optional one on QRIN', () => {
    const p2a = ADAPTERS.P2A_V2.externalReference;
    expect(p2a?.required).toBe(true);
    expect(
      ['123456789012', '12345678901', '1234567890123', '12345678901a'].map((r) => p2a?.pattern.test(r)),
    ).toEqual([true, false, false, false]);
    expect(ADAPTERS.QRIN.externalReference).toMatchObject({ required: false });
    const others = METHOD_CODES.filter((code) => ADAPTERS[code].externalReference !== undefined);
    expect(others.sort()).toEqual(['P2A_V2', 'QRIN']);
  });

  it('keeps payins open 15 minutes for QR, 30 for redirect and push, an hour for crypto, a day for transfers', () => {
    const minutes = Object.fromEntries(
      METHOD_CODES.map((code) => [code, ADAPTERS[code].validityMs(METHODS[code].currencies[0]!) / 60_000]),
    );
    expect(minutes).toEqual({
      BANKA_PAY: 30,
      CRYPTO_OFFLINE: 60,
      QRMY: 15,
      EWALLET: 30,
      P2A_V2: 1440,
      ONLINE: 30,
      MOBILE_MONEY: 30,
      NETBANKING: 30,
      OFFLINE: 1440,
      PAY_ME: 30,
      QRTH: 15,
      QRID: 15,
      QRPH: 15,
      QRIN: 15,
      VAPAY: 1440,
      QRVN: 15,
    } satisfies Record<MethodCode, number>);
  });
});

describe('the operator catalogue', () => {
  it('uses unique operator codes a request can name', () => {
    for (const { adapter, currency } of cases) {
      const codes = adapter.operators(currency).map((operator) => operator.code);
      expect(new Set(codes).size).toBe(codes.length);
      for (const code of codes) expect(paymentOperatorCodeSchema.safeParse(code).success).toBe(true);
    }
  });

  it('selects variants consistently with the hosted app’s rules', () => {
    const wallets = ADAPTERS.EWALLET.operators('IDR').map((operator) => operator.code);
    expect(ewalletFlowOf(wallets[0])).toBe('redirect');
    for (const push of EWALLET_PUSH_OPERATORS) expect(wallets).toContain(push);
    const [first, ...banks] = ADAPTERS.P2A_V2.operators('INR');
    expect(p2aV2VariantOf(first?.code)).toBe('phone-to-account');
    expect(banks.length).toBeGreaterThan(0);
    for (const bank of banks) expect(p2aV2VariantOf(bank.code)).toBe('bank-transfer');
  });
});

describe.each(
  cases.map((entry) => [entry.code, entry.currency, entry.operator?.code ?? '-', entry] as const),
)('%s %s operator %s', (code, currency, _operatorCode, { adapter, operator }) => {
  const customer = completeCustomer(code, currency, operator?.code);
  const context = responseContext({ adapter, money: { currency, minor: 1_500_00n }, operator, customer });
  const response = { paymentMethodCode: code, ...adapter.buildResponse(context) };

  it('builds a response whose fields give the adapter’s completion kind', () => {
    expect(completionKindOf(response)).toBe(adapter.completion(currency, context.operator));
  });

  it('fills no deprecated account sub-field', () => {
    const account = (response as { account?: Record<string, unknown> }).account;
    if (code === 'ONLINE') expect(account).toBeUndefined();
    if (code === 'P2A_V2') expect([account?.bankCode, account?.bankName]).toEqual([undefined, undefined]);
    // bankBranch is deprecated on the P2A_V2, Thai QR and ONLINE responses only: a Japanese bank
    // transfer (OFFLINE JPY) needs its branch.
    for (const field of ['bankCity', 'bankProvince']) expect(account?.[field]).toBeUndefined();
    if (!(code === 'OFFLINE' && currency === 'JPY')) expect(account?.bankBranch).toBeUndefined();
    else expect(account).toMatchObject({ bankBranch: expect.any(String), accountType: 'ORDINARY' });
  });

  it('records the account the money came from, using the request data', () => {
    const payin = testPayin({
      method: code,
      money: context.money,
      operatorCode: context.operator?.code,
      customer,
    });
    const account = adapter.processAccount(payin);
    expect(ACCOUNT_TYPES).toContain(account.accountType);
    expect(account.accountNumber).toMatch(/\S{6,}/);
    if (customer.accountName && code !== 'CRYPTO_OFFLINE')
      expect(account.accountName).toBe(customer.accountName);
    if (customer.accountNumber && account.accountType === 'BANK_ACCOUNT')
      expect(account.accountNumber).toBe(customer.accountNumber);
  });
});
