import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeEmvQr } from '@/server/methods/payloads/emvco-decoder';
import { ALL_PAYIN_OPERATIONS } from '../support/api-client';
import { newIdPayin } from '../support/builders';
import { methodRequest } from '../support/method-requests';
import { startTestApi, type TestApi } from '../support/test-api';

// After a partial payment every amount the customer is asked for is the rest: process.moneyOutstanding,
// and the method's payload (EMVCo tag 54, UPI am, crypto amount and link, virtual account steps). A
// rescan of the QR must not pay the whole amount again.
let api: TestApi;
let token: string;

interface ApiMoney {
  amount: number;
  currencyCode: string;
}
interface PayinRead {
  process: { status: string; moneyReceived?: ApiMoney; moneyOutstanding?: ApiMoney };
  paymentMethodResponse: Record<string, unknown> & { money: ApiMoney; moneyRequired?: ApiMoney };
}

beforeAll(async () => {
  api = await startTestApi();
  token = await api.client.token(await api.createMerchant(), ALL_PAYIN_OPERATIONS);
});
afterAll(() => api.close());

/** Creates a payin, pays `paid` of it through the sandbox, and reads it back. */
async function partlyPaid(
  method: string,
  currency: string,
  paid: (due: number) => number,
  operator?: string,
) {
  // A merchant of its own per payin: four requests, well within its ten per second.
  const token = await api.client.token(await api.createMerchant(), ALL_PAYIN_OPERATIONS);
  const id = newIdPayin();
  const body = methodRequest(method, currency);
  if (operator) (body.paymentMethod as Record<string, unknown>).paymentOperatorCode = operator;
  const created = await api.client.request<PayinRead>('POST', `/payins/${id}`, { token, body });
  expect(created.status, created.text).toBe(201);
  const response = created.body.paymentMethodResponse;
  const due = (response.moneyRequired ?? response.money).amount;
  const payment = await api.client.request('POST', `/sandbox/payins/${id}/!simulate`, {
    token,
    body: { payment: { amount: paid(due) } },
  });
  expect(payment.status, payment.text).toBe(200);
  const read = await api.client.request<PayinRead>('GET', `/payins/${id}`, { token });
  return { id, token, due, created: created.body.paymentMethodResponse, read: read.body };
}

const round = (value: number, decimals: number) => Number(value.toFixed(decimals));

describe('process.moneyOutstanding', () => {
  it('says what an open payin still needs once part arrived, and disappears once it is paid', async () => {
    const { id, token, due, read } = await partlyPaid('OFFLINE', 'THB', (due) => round(due - 100.25, 2));
    expect(read.process).toMatchObject({
      status: 'PENDING',
      moneyReceived: { amount: round(due - 100.25, 2), currencyCode: 'THB' },
      moneyOutstanding: { amount: 100.25, currencyCode: 'THB' },
    });
    const rest = await api.client.request<PayinRead>('POST', `/sandbox/payins/${id}/!simulate`, {
      token,
      body: { payment: { amount: 100.25 } },
    });
    expect(rest.body.process.status).toBe('SUCCESS');
    expect(rest.body.process).not.toHaveProperty('moneyOutstanding');
  });

  it('is absent before any money arrived', async () => {
    const id = newIdPayin();
    await api.client.request('POST', `/payins/${id}`, { token, body: methodRequest('OFFLINE', 'THB') });
    const read = await api.client.request<PayinRead>('GET', `/payins/${id}`, { token });
    expect(read.body.process).not.toHaveProperty('moneyOutstanding');
  });

  it('leaves a bank transfer’s payload alone: account and reference do not name the amount', async () => {
    const { created, read } = await partlyPaid('OFFLINE', 'THB', (due) => round(due / 2, 2));
    expect(read.paymentMethodResponse).toEqual(created);
  });
});

describe('payloads ask for the rest', () => {
  it('QRVN: 250,000 VND, 225,000 paid: the VietQR asks for 25,000 in tag 54, its CRC valid', async () => {
    const { due, created, read } = await partlyPaid('QRVN', 'VND', (due) => due - 25_000);
    expect(due).toBeGreaterThanOrEqual(250_000);
    expect(read.process.moneyOutstanding).toEqual({ amount: 25_000, currencyCode: 'VND' });
    const before = decodeEmvQr(created.qrCode as string);
    const after = decodeEmvQr(read.paymentMethodResponse.qrCode as string);
    expect(before.fields['54']).toBe(String(due));
    expect(after.fields['54']).toBe('25000');
    expect(after.crcValid).toBe(true);
    // Everything else in the QR is as it was: the same payee, bank and reference.
    const { '54': _a, '63': _b, ...rest } = after.fields;
    const { '54': _c, '63': _d, ...restBefore } = before.fields;
    expect(rest).toEqual(restBefore);
  });

  it.each([
    ['QRTH', 'THB', '10.00'],
    ['QRMY', 'MYR', '10.00'],
    ['QRPH', 'PHP', '10.00'],
    ['QRID', 'IDR', '10'],
    ['OFFLINE', 'VND', '10'],
  ])('%s (%s): the QR asks for the rest', async (method, currency, rest) => {
    const { read } = await partlyPaid(method, currency, (due) => due - 10);
    const qr = decodeEmvQr(read.paymentMethodResponse.qrCode as string);
    expect(qr.fields['54']).toBe(rest);
    expect(qr.crcValid).toBe(true);
  });

  it('QRIN: the UPI link and the QR ask for the rest (am)', async () => {
    const { read } = await partlyPaid('QRIN', 'INR', (due) => round(due - 99.5, 2));
    const response = read.paymentMethodResponse;
    expect(response.qrInDeepLink).toBe(response.qrCode);
    expect(new URL(response.qrCode as string).searchParams.get('am')).toBe('99.50');
  });

  it('CRYPTO_OFFLINE: the amount, the wallet link and the instruction ask for the rest', async () => {
    for (const network of ['TRON', 'ETHEREUM']) {
      const { read } = await partlyPaid('CRYPTO_OFFLINE', 'USDT', (due) => round(due - 0.75, 6), network);
      const crypto = read.paymentMethodResponse.cryptoPayment as Record<string, string>;
      expect(crypto.amount).toBe('0.750000');
      expect(crypto.instruction).toContain('Send exactly 0.750000 USDT');
      if (network === 'TRON') expect(new URL(crypto.paymentUri!).searchParams.get('amount')).toBe('0.750000');
      else expect(crypto.paymentUri).toMatch(/&uint256=750000$/);
    }
  });

  it('VAPAY: every step asks for the rest', async () => {
    const { read } = await partlyPaid('VAPAY', 'IDR', (due) => due - 50_000);
    const steps = (read.paymentMethodResponse.paymentInstructionList as { steps: string[] }[]).flatMap(
      (entry) => entry.steps,
    );
    expect(steps.some((step) => step.includes('the amount is exactly IDR 50000'))).toBe(true);
    expect(steps.some((step) => step.includes('IDR 150000'))).toBe(false);
  });
});
