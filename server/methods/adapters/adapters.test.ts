import { describe, expect, it } from 'vitest';
import type { Money } from '@/lib/money';
import { findOperator } from '../operator-catalogue';
import { base58CheckDecode, thaiIdCheckDigit } from '../../rails';
import { decodeEmvQr } from '../payloads/emvco-decoder';
import { ADAPTERS } from '../registry';
import { responseContext } from '@/tests/support/adapter-fixtures';

type Json = Record<string, unknown>;

function build(
  code: keyof typeof ADAPTERS,
  money: Money,
  extra: Omit<Parameters<typeof responseContext>[0], 'adapter' | 'money'> = {},
) {
  const adapter = ADAPTERS[code];
  const context = responseContext({ adapter, money, ...extra });
  return { context, response: adapter.buildResponse(context) as Json };
}

describe('OFFLINE', () => {
  it('adds a VietQR of the same transfer in VND, for the amount to pay', () => {
    const { response, context } = build(
      'OFFLINE',
      { currency: 'VND', minor: 250_000n },
      {
        requiredMoney: { currency: 'VND', minor: 249_999n },
        operator: findOperator('OFFLINE', 'VND', 'TCB'),
      },
    );
    const account = response.account as Json;
    const qr = decodeEmvQr(response.qrCode as string);
    expect(qr.crcValid).toBe(true);
    expect(qr.fields['54']).toBe('249999');
    expect(qr.template('38')['01']).toBe(
      `000697040701${String(account.accountNumber).length}${String(account.accountNumber)}`,
    );
    expect(qr.template('62')).toEqual({ '01': context.reference, '08': context.reference });
    expect(response.qrName).toBe(`VietQR Techcombank ${String(account.accountNumber)} Test Shop`);
  });

  it('has no QR in other currencies', () => {
    const { response } = build('OFFLINE', { currency: 'THB', minor: 10_000n });
    expect(response).not.toHaveProperty('qrCode');
    expect(response.account).toMatchObject({ bankCode: '004', bankName: 'Kasikornbank' });
  });
});

describe('QRTH', () => {
  it('is a PromptPay QR to a valid tax ID for moneyRequired, with the customer account', () => {
    const { response } = build(
      'QRTH',
      { currency: 'THB', minor: 150_000n },
      {
        requiredMoney: { currency: 'THB', minor: 149_999n },
        customer: { accountNumber: '1234567890', accountName: 'Somchai J.' },
      },
    );
    const qr = decodeEmvQr(response.qrCode as string);
    const taxId = qr.template('29')['02']!;
    expect(taxId).toMatch(/^0105\d{9}$/);
    expect(thaiIdCheckDigit(taxId.slice(0, 12))).toBe(taxId[12]);
    expect(qr.fields['54']).toBe('1499.99');
    // accountCustomer is the presenter's (request account, else the process's): the adapter only declares it.
    expect(response).not.toHaveProperty('accountCustomer');
    expect(ADAPTERS.QRTH.reportsAccountCustomer).toBe(true);
  });
});

describe('QRMY', () => {
  it('is a DuitNow QR of the chosen acquirer for moneyRequired', () => {
    const { response } = build(
      'QRMY',
      { currency: 'MYR', minor: 10_000n },
      {
        requiredMoney: { currency: 'MYR', minor: 9_998n },
        operator: findOperator('QRMY', 'MYR', 'RHB'),
      },
    );
    const qr = decodeEmvQr(response.qrCode as string);
    expect(qr.template('26')['01']).toBe('564160');
    expect(qr.fields['54']).toBe('99.98');
    expect(response).not.toHaveProperty('accountCustomer');
    expect(ADAPTERS.QRMY.reportsAccountCustomer).toBe(true);
  });
});

describe('QRIN', () => {
  it('links to our VPA at the chosen PSP, the same link for QR and deep link', () => {
    const { response } = build(
      'QRIN',
      { currency: 'INR', minor: 49_900n },
      { operator: findOperator('QRIN', 'INR', 'AXIS') },
    );
    expect(response.qrInDeepLink).toBe(response.qrCode);
    const params = new URL(response.qrInDeepLink as string).searchParams;
    expect(params.get('pa')).toBe('payin.shop42@axisbank');
    expect(params.get('am')).toBe('499.00');
    expect(params.get('tr')).toBe('K7Q2M9XD4T');
  });
});

describe('P2A_V2', () => {
  it('gives the UPI ID to pay in the phone-to-account variant', () => {
    const { response, context } = build('P2A_V2', { currency: 'INR', minor: 100_000n });
    expect(context.operator?.code).toBe('UPI');
    expect(response).toEqual({ paymentAddress: { name: 'Test Shop', idAddress: 'payin.shop42@icici' } });
  });

  it('gives the account and its IFSC address in the wire variant, without deprecated bank fields', () => {
    const { response } = build(
      'P2A_V2',
      { currency: 'INR', minor: 100_000n },
      {
        operator: findOperator('P2A_V2', 'INR', 'HDFC'),
      },
    );
    const account = response.account as { accountName: string; accountNumber: string };
    expect(Object.keys(account)).toEqual(['accountName', 'accountNumber']);
    expect(account.accountNumber).toMatch(/^[1-9]\d{13}$/);
    expect(response.paymentAddress).toEqual({
      name: 'Test Shop',
      idAddress: `${account.accountNumber}@HDFC0000240.ifsc.npci`,
      bankName: 'HDFC Bank',
      ifsc: 'HDFC0000240',
    });
  });
});

describe('VAPAY', () => {
  it.each([
    ['IDR', 'BRI', '26215', 15, 'WIB', 'Virtual Account'],
    ['KRW', 'WOORI', '2790', 13, 'KST', 'receiving bank'],
  ] as const)(
    'issues a %s virtual account at %s with concrete steps',
    (currency, code, prefix, length, zone, menu) => {
      const { response } = build(
        'VAPAY',
        { currency, minor: 150_000n },
        {
          operator: findOperator('VAPAY', currency, code),
          customer: { accountName: 'Budi S.' },
        },
      );
      const account = response.account as { accountNumber: string; bankName: string };
      expect(account.accountNumber).toMatch(new RegExp(`^${prefix}\\d{${length - prefix.length}}$`));
      expect(ADAPTERS.VAPAY.reportsAccountCustomer).toBe(true);
      const list = response.paymentInstructionList as {
        channel: string;
        virtualAccountNumber: string;
        steps: string[];
      }[];
      expect(list.map((entry) => entry.channel)).toEqual([
        'MOBILE_BANKING',
        'INTERNET_BANKING',
        'ATM',
        'OTHER_BANK',
      ]);
      for (const entry of list) {
        expect(entry.virtualAccountNumber).toBe(account.accountNumber);
        const text = entry.steps.join(' ');
        expect(text).toContain(account.accountNumber);
        expect(text).toContain(`${currency} 150000`);
        expect(text).toContain(zone);
      }
      expect(list[0]!.steps.join(' ')).toContain(menu);
    },
  );
});

describe('CRYPTO_OFFLINE', () => {
  it('gives a TRON deposit address and a wallet link with the exact amount', () => {
    const { response } = build('CRYPTO_OFFLINE', { currency: 'USDT', minor: 150_250_000n });
    const crypto = response.cryptoPayment as Json;
    expect(crypto).toMatchObject({ network: 'TRON', tokenStandard: 'TRC-20', amount: '150.250000' });
    const address = crypto.depositAddress as string;
    expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(base58CheckDecode(address)?.[0]).toBe(0x41);
    expect(crypto.paymentUri).toContain(`address=${address}&amount=150.250000`);
    expect(response.account).toEqual({ accountName: 'Test Shop', accountNumber: address });
  });

  it('gives an EIP-681 request on Ethereum, in token units', () => {
    const { response } = build('CRYPTO_OFFLINE', { currency: 'USDC', minor: 99_000_000n });
    const crypto = response.cryptoPayment as Json;
    expect(crypto.paymentUri).toBe(
      `ethereum:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48@1/transfer?address=${String(crypto.depositAddress)}&uint256=99000000`,
    );
  });
});

describe('push methods', () => {
  it('say what was pushed where, with the phone masked', () => {
    const { response } = build(
      'MOBILE_MONEY',
      { currency: 'KES', minor: 250_000n },
      {
        customer: { phoneNumber: '+254712345678' },
      },
    );
    expect(response.pushNotification).toEqual({
      channel: 'SIM_TOOLKIT',
      phoneNumber: '+254*****5678',
      approveIn: 'M-PESA',
      instruction:
        'A request to pay KES 2500.00 to Test Shop was sent to +254*****5678. Enter your M-PESA PIN in the prompt on your phone to approve.',
    });
    const ovo = build(
      'EWALLET',
      { currency: 'IDR', minor: 50_000n },
      {
        operator: findOperator('EWALLET', 'IDR', 'OVO'),
        customer: { phoneNumber: '+6281234567890' },
      },
    );
    expect(ovo.response.pushNotification).toMatchObject({ channel: 'APP', approveIn: 'the OVO app' });
  });

  it('redirect the other e-wallets to the institution page', () => {
    const { response, context } = build('EWALLET', { currency: 'IDR', minor: 50_000n });
    expect(response).toEqual({ redirectTo: context.processor?.redirectTo });
  });
});
