import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METHOD_CODES } from '@/lib/methods';
import { CURRENCY_CODES } from '@/lib/money';
import { ALL_PAYIN_OPERATIONS } from '../support/api-client';
import { newIdPayin } from '../support/builders';
import { methodRequest } from '../support/method-requests';
import { expectProblem } from '../support/problem';
import { startTestApi, type TestApi } from '../support/test-api';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** The specification's "Payment methods" table, written out so that this test can disagree with lib data. */
const ACCEPTED_CURRENCIES = {
  BANKA_PAY: ['ZAR'],
  CRYPTO_OFFLINE: ['USDC', 'USDT'],
  QRMY: ['MYR'],
  EWALLET: ['IDR'],
  P2A_V2: ['INR'],
  ONLINE: ['INR', 'MYR', 'THB', 'VND', 'ZAR'],
  MOBILE_MONEY: ['GHS', 'KES'],
  NETBANKING: ['INR'],
  OFFLINE: ['CNY', 'JPY', 'KRW', 'LAK', 'NGN', 'PHP', 'THB', 'VND'],
  PAY_ME: ['ZAR'],
  QRTH: ['THB'],
  QRID: ['IDR'],
  QRPH: ['PHP'],
  QRIN: ['INR'],
  VAPAY: ['IDR', 'KRW'],
  QRVN: ['VND'],
};

describe('the currency matrix', () => {
  it.each(METHOD_CODES.map((method) => [method]))(
    '%s accepts exactly its currencies and refuses the others with CURRENCY_NOT_SUPPORTED',
    async (method) => {
      const accepted: string[] = [];
      // Eight creates per merchant and token: within the 10 requests per second of each merchant.
      for (let start = 0; start < CURRENCY_CODES.length; start += 8) {
        const merchant = await api.createMerchant();
        const token = await api.client.token(merchant, ALL_PAYIN_OPERATIONS);
        const currencies = CURRENCY_CODES.slice(start, start + 8);
        const responses = await Promise.all(
          currencies.map((currency) =>
            api.client.request('POST', `/payins/${newIdPayin()}`, {
              token,
              body: methodRequest(method, currency),
            }),
          ),
        );
        responses.forEach((response, index) => {
          const currency = currencies[index]!;
          if (response.status === 201) {
            accepted.push(currency);
            expect(response.body.paymentMethodResponse).toMatchObject({
              paymentMethodCode: method,
              money: { currencyCode: currency },
            });
          } else {
            expectProblem(response, 400, 'CURRENCY_NOT_SUPPORTED');
            expect(response.body.errors).toEqual([
              { field: 'paymentRequested.money.currencyCode', message: `Not supported by ${method}.` },
            ]);
          }
        });
      }
      expect(accepted.sort()).toEqual(ACCEPTED_CURRENCIES[method]);
    },
  );

  it('covers every method and every currency of the specification', () => {
    expect(Object.keys(ACCEPTED_CURRENCIES).sort()).toEqual([...METHOD_CODES].sort());
    expect(CURRENCY_CODES).toHaveLength(16);
  });
});
