import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAmount, toDecimalString, type CurrencyCode } from '@/lib/money';
import { decodeEmvQr } from '@/server/methods/payloads/emvco-decoder';
import { ALL_PAYIN_OPERATIONS } from '../support/api-client';
import { newIdPayin } from '../support/builders';
import { methodRequest } from '../support/method-requests';
import { startTestApi, type TestApi } from '../support/test-api';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

interface MethodResponse {
  money: { amount: number; currencyCode: CurrencyCode };
  moneyRequired?: { amount: number; currencyCode: CurrencyCode };
  reference: string;
  qrCode: string;
  qrInDeepLink?: string;
}

/** The amount as the QR must carry it: the exact decimal text of moneyRequired, else money. */
function amountToPay(response: MethodResponse): string {
  const { amount, currencyCode } = response.moneyRequired ?? response.money;
  const parsed = parseAmount(amount, currencyCode);
  if (!parsed.ok) throw new Error(`unparseable amount ${amount}`);
  return toDecimalString(parsed.money);
}

async function createTwo(method: string, currency: string, amount: number): Promise<MethodResponse[]> {
  const merchant = await api.createMerchant();
  const token = await api.client.token(merchant, ALL_PAYIN_OPERATIONS);
  const body = methodRequest(method, currency);
  body.paymentRequested.money.amount = amount;
  // Two open payins of the same amount: the second pays a different moneyRequired where the method has one.
  const responses = [];
  for (let i = 0; i < 2; i++) {
    const response = await api.client.request<{ paymentMethodResponse: MethodResponse }>(
      'POST',
      `/payins/${newIdPayin()}`,
      { token, body },
    );
    expect(response.status).toBe(201);
    responses.push(response.body.paymentMethodResponse);
  }
  return responses;
}

describe('EMVCo QR payloads in responses', () => {
  it.each([
    ['QRTH', 'THB', 1500.5, '29', 'A000000677010111', ['01'], true],
    ['QRMY', 'MYR', 99.9, '26', 'A0000006150001', ['01', '05'], true],
    ['QRVN', 'VND', 250000, '38', 'A000000727', ['01', '08'], false],
    ['QRPH', 'PHP', 1250.25, '28', 'ph.ppmi.p2m', ['01', '05'], false],
    ['QRID', 'IDR', 150000, '51', 'ID.CO.QRIS.WWW', ['01'], false],
    ['OFFLINE', 'VND', 250000, '38', 'A000000727', ['01', '08'], true],
  ])(
    '%s %s decodes with a valid CRC, the scheme identifier, the amount to pay and the reference',
    async (method, currency, amount, template, identifier, referenceFields, uniqueAmount) => {
      const responses = await createTwo(method, currency, amount);
      for (const response of responses) {
        const qr = decodeEmvQr(response.qrCode);
        expect(qr.crcValid).toBe(true);
        expect(qr.fields['01']).toBe('12');
        expect(qr.template(template)['00']).toBe(identifier);
        expect(qr.fields['54']).toBe(amountToPay(response));
        for (const field of referenceFields) expect(qr.template('62')[field]).toBe(response.reference);
      }
      const required = responses.map((response) => response.moneyRequired?.amount);
      if (!uniqueAmount) {
        expect(required).toEqual([undefined, undefined]);
        return;
      }
      // The first pays the order amount; the second, open at the same time, a free amount below it.
      expect(required[0]).toBe(amount);
      expect(required[1]).toBeLessThan(amount);
      expect(required[1]).toBeGreaterThanOrEqual(amount * 0.99 - 1);
    },
  );
});

describe('UPI link of QRIN', () => {
  it('is one link for the QR and the deep link, with payee, exact amount and reference', async () => {
    const [response] = await createTwo('QRIN', 'INR', 1499.5);
    expect(response!.qrInDeepLink).toBe(response!.qrCode);
    const url = new URL(response!.qrCode);
    expect(url.protocol).toBe('upi:');
    expect(url.host).toBe('pay');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      pa: expect.stringMatching(/^payin\.[a-z0-9.-]+@icici$/),
      pn: 'Test Shop',
      am: '1499.50',
      cu: 'INR',
      tr: response!.reference,
      tn: `Payment ${response!.reference}`,
    });
  });
});
