import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METHOD_CODES, METHODS, type MethodCode } from '@/lib/methods';
import { ALL_PAYIN_OPERATIONS } from '../support/api-client';
import { newIdPayin } from '../support/builders';
import { methodRequest, SAMPLE_PHONES } from '../support/method-requests';
import { expectProblem } from '../support/problem';
import { eventually, manualClock, startTestApi, type TestApi } from '../support/test-api';

/** Every method in its first currency, plus the variants an operator selects. */
const CASES: { label: string; method: string; currency: string; data?: Record<string, unknown> }[] = [
  ...METHOD_CODES.map((method) => ({ label: method, method, currency: METHODS[method].currencies[0]! })),
  {
    label: 'P2A_V2 (wire variant)',
    method: 'P2A_V2',
    currency: 'INR',
    data: { paymentOperatorCode: 'HDFC' },
  },
  {
    label: 'EWALLET (push variant)',
    method: 'EWALLET',
    currency: 'IDR',
    data: { paymentOperatorCode: 'OVO', phoneNumber: SAMPLE_PHONES.IDR },
  },
];
const NEEDS_REFERENCE = new Set(['P2A_V2']);

describe('every method, through its lifecycle', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  async function create(testCase: (typeof CASES)[number]) {
    const merchant = await api.createMerchant();
    const token = await api.client.token(merchant, ALL_PAYIN_OPERATIONS);
    const id = newIdPayin();
    const created = await api.client.request('POST', `/payins/${id}`, {
      token,
      body: methodRequest(testCase.method, testCase.currency, testCase.data),
    });
    expect(created.status, created.text).toBe(201);
    return { token, id };
  }

  it.each(CASES)('$label: PENDING → SUCCESS, with the process account recorded', async (testCase) => {
    const { token, id } = await create(testCase);
    if (NEEDS_REFERENCE.has(testCase.method)) {
      expectProblem(
        await api.client.request('POST', `/sandbox/payins/${id}/!simulate`, {
          token,
          body: { status: 'SUCCESS' },
        }),
        409,
        'EXTERNAL_REFERENCE_REQUIRED',
      );
      expect(
        (
          await api.client.request('POST', `/payins/${id}/!setExternalReference`, {
            token,
            body: { reference: '412345678901' },
          })
        ).status,
      ).toBe(200);
    }
    const done = await api.client.request('POST', `/sandbox/payins/${id}/!simulate`, {
      token,
      body: { status: 'SUCCESS' },
    });
    expect(done.status, done.text).toBe(200);
    expect(done.body.process).toMatchObject({
      status: 'SUCCESS',
      processorStatus: 'APPROVED',
      processedAt: expect.any(String),
      isTest: true,
    });
    const accounts = await api.client.request<{ customerAccountProcess: Record<string, string> }>(
      'GET',
      `/payins/${id}/accounts`,
      { token },
    );
    expect(Object.keys(accounts.body.customerAccountProcess).length).toBeGreaterThan(0);
    if (NEEDS_REFERENCE.has(testCase.method)) {
      const read = await api.client.request('GET', `/payins/${id}`, { token });
      expect(read.body.paymentMethodResponse).toMatchObject({
        externalReference: { reference: '412345678901' },
      });
    }
    expectProblem(
      await api.client.request('POST', `/sandbox/payins/${id}/!simulate`, {
        token,
        body: { status: 'REFUSED' },
      }),
      409,
      'PAYIN_FINAL',
    );
  });

  it.each(CASES)('$label: PENDING → REFUSED, then final', async (testCase) => {
    const { token, id } = await create(testCase);
    const done = await api.client.request('POST', `/sandbox/payins/${id}/!simulate`, {
      token,
      body: { status: 'REFUSED' },
    });
    expect(done.body.process).toMatchObject({ status: 'REFUSED', processorStatus: 'DECLINED' });
    const reference = await api.client.request('POST', `/payins/${id}/!setExternalReference`, {
      token,
      body: { reference: '412345678901' },
    });
    // Only methods with a reference rule take one at all; theirs is refused once the payin is final.
    if (METHODS[testCase.method as MethodCode].externalReference)
      expectProblem(reference, 409, 'PAYIN_FINAL');
    else expectProblem(reference, 400, 'EXTERNAL_REFERENCE_INVALID');
  });
});

describe('every method expires in the background', () => {
  const clock = manualClock();
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({}, { clock });
  });
  afterAll(() => api.close());

  it('REFUSED with processorStatus EXPIRED once its expireAt has passed', async () => {
    const created: { id: string; token: string; expireAt: number }[] = [];
    for (const testCase of CASES) {
      const merchant = await api.createMerchant();
      const token = await api.client.token(merchant, ALL_PAYIN_OPERATIONS);
      const id = newIdPayin();
      const response = await api.client.request<{ paymentMethodResponse: { expireAt: string } }>(
        'POST',
        `/payins/${id}`,
        {
          token,
          body: methodRequest(testCase.method, testCase.currency, testCase.data),
        },
      );
      expect(response.status, `${testCase.label}: ${response.text}`).toBe(201);
      created.push({ id, token, expireAt: Date.parse(response.body.paymentMethodResponse.expireAt) });
    }
    const sweeper = api.runtime.workers.find((worker) => worker.name === 'expiry-sweeper')!;
    sweeper.start();
    try {
      clock.set(new Date(Math.max(...created.map((payin) => payin.expireAt)) + 1000));
      for (const { id, token } of created) {
        const read = await eventually(
          () => api.client.request('GET', `/payins/${id}`, { token }),
          (response) => (response.body.process as { status: string }).status !== 'PENDING',
        );
        expect(read.body.process).toMatchObject({ status: 'REFUSED', processorStatus: 'EXPIRED' });
      }
    } finally {
      await sweeper.stop();
    }
  });
});
