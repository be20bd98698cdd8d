import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CallbackDeliveryResource } from '@/lib/api/responses';
import { isCallbackDispatcherWorker, type CallbackDispatcherWorker } from '@/server/callbacks';
import { ALL_PAYIN_OPERATIONS } from '../support/api-client';
import { newIdPayin, payinRequest, type PayinRequestBody } from '../support/builders';
import { startCallbackListener, verifyHit, type CallbackListener } from '../support/callback-listener';
import { methodRequest } from '../support/method-requests';
import { expectProblem, fieldsOf } from '../support/problem';
import { eventually, manualClock, startTestApi, type TestApi, type TestMerchant } from '../support/test-api';

// Money received by test payins: POST /sandbox/payins/{idPayin}/!simulate with a payment
// (docs/decisions/021-sandbox-payments-and-magic-amounts.md).

interface ApiMoney {
  amount: number;
  currencyCode: string;
}
interface Process {
  status: string;
  processorStatus?: string;
  processedAt: string | null;
  moneyReceived?: ApiMoney;
  moneyReceivedLate?: ApiMoney;
}

const clock = manualClock();
let api: TestApi;
let dispatcher: CallbackDispatcherWorker;
const listeners: CallbackListener[] = [];

beforeAll(async () => {
  api = await startTestApi({}, { clock });
  dispatcher = api.runtime.workers.find(isCallbackDispatcherWorker)!;
});
afterEach(async () => {
  for (const listener of listeners.splice(0)) await listener.close();
});
afterAll(() => api.close());

interface TestPayin {
  merchant: TestMerchant;
  token: string;
  id: string;
  /** moneyRequired, else money: what the customer must pay. */
  toPay: ApiMoney;
}

async function createPayin(
  options: { merchant?: TestMerchant; body?: PayinRequestBody; callbackUrl?: string } = {},
): Promise<TestPayin> {
  const merchant = options.merchant ?? (await api.createMerchant());
  const token = await api.client.token(merchant, ALL_PAYIN_OPERATIONS);
  const id = newIdPayin();
  const body = options.body ?? payinRequest(options.callbackUrl ? { callbackUrl: options.callbackUrl } : {});
  const created = await api.client.request<{
    paymentMethodResponse: { money: ApiMoney; moneyRequired?: ApiMoney };
  }>('POST', `/payins/${id}`, { token, body });
  expect(created.status, created.text).toBe(201);
  const response = created.body.paymentMethodResponse;
  return { merchant, token, id, toPay: response.moneyRequired ?? response.money };
}

function simulate(payin: TestPayin, body: unknown) {
  return api.client.request<{ process: Process }>('POST', `/sandbox/payins/${payin.id}/!simulate`, {
    token: payin.token,
    body,
  });
}

async function processOf(payin: TestPayin): Promise<Process> {
  const read = await api.client.request<{ process: Process }>('GET', `/payins/${payin.id}`, {
    token: payin.token,
  });
  expect(read.status).toBe(200);
  return read.body.process;
}

/**
 * Waits until the payin's row satisfies `accept` (polling the database, so the merchant's 10 requests
 * per second are not spent on it), then reads the payin over HTTP.
 */
async function processWhen(
  payin: TestPayin,
  accept: (row: {
    status: string;
    received_minor: bigint | null;
    received_late_minor: bigint | null;
  }) => boolean,
): Promise<Process> {
  await eventually(
    () =>
      api.runtime.deps.db
        .selectFrom('payins')
        .select(['status', 'received_minor', 'received_late_minor'])
        .where('id_payin', '=', payin.id)
        .executeTakeFirstOrThrow(),
    accept,
  );
  return processOf(payin);
}

async function deliveries(payin: TestPayin): Promise<CallbackDeliveryResource[]> {
  const response = await api.client.request<{ data: CallbackDeliveryResource[] }>(
    'GET',
    `/payins/${payin.id}/callbacks`,
    { token: payin.token },
  );
  expect(response.status).toBe(200);
  return response.body.data;
}

async function runWorkers<T>(names: string[], body: () => Promise<T>): Promise<T> {
  const workers = api.runtime.workers.filter((worker) => names.includes(worker.name));
  expect(workers).toHaveLength(names.length);
  for (const worker of workers) worker.start();
  try {
    return await body();
  } finally {
    for (const worker of workers) await worker.stop();
  }
}

const THB = (amount: number): ApiMoney => ({ amount, currencyCode: 'THB' });

describe('payments received while the payin is open', () => {
  it('EXACT pays the amount to pay: SUCCESS, APPROVED, with the money received shown', async () => {
    const payin = await createPayin();
    expect(payin.toPay).toEqual(THB(1500.5));
    const before = await processOf(payin);
    expect(before).not.toHaveProperty('moneyReceived');
    expect(before).not.toHaveProperty('moneyReceivedLate');

    const paid = await simulate(payin, { payment: 'EXACT' });
    expect(paid.status).toBe(200);
    expect(paid.body.process).toEqual({
      status: 'SUCCESS',
      processorStatus: 'APPROVED',
      createdAt: expect.any(String),
      processedAt: clock().toISOString(),
      isTest: true,
      moneyReceived: THB(1500.5),
    });
    // The read seen before the payment is not served again from a cache (same clock millisecond).
    expect(await processOf(payin)).toEqual(paid.body.process);
  });

  it('an amount is read in the payin currency, exactly', async () => {
    const payin = await createPayin();
    const paid = await simulate(payin, { payment: { amount: 1500.5 } });
    expect(paid.body.process).toMatchObject({
      status: 'SUCCESS',
      processorStatus: 'APPROVED',
      moneyReceived: THB(1500.5),
    });
  });

  it('SHORT leaves the payin open with what it received; a second payment completes it', async () => {
    const payin = await createPayin();
    const short = await simulate(payin, { payment: 'SHORT' });
    expect(short.status).toBe(200);
    expect(short.body.process).toMatchObject({
      status: 'PENDING',
      processedAt: null,
      moneyReceived: THB(1350.45),
    });
    expect(short.body.process).not.toHaveProperty('processorStatus');
    expect(await processOf(payin)).toMatchObject({ status: 'PENDING', moneyReceived: THB(1350.45) });

    const rest = await simulate(payin, { payment: { amount: 150.05 } });
    expect(rest.body.process).toMatchObject({
      status: 'SUCCESS',
      processorStatus: 'APPROVED',
      moneyReceived: THB(1500.5),
    });
  });

  it('several short payments add up, and past the amount to pay they make it OVERPAID', async () => {
    const payin = await createPayin();
    for (const [amount, total] of [
      [500, 500],
      [500.25, 1000.25],
      [400, 1400.25],
    ] as const) {
      const paid = await simulate(payin, { payment: { amount } });
      expect(paid.body.process).toMatchObject({ status: 'PENDING', moneyReceived: THB(total) });
    }
    const last = await simulate(payin, { payment: { amount: 200 } });
    expect(last.body.process).toMatchObject({
      status: 'SUCCESS',
      processorStatus: 'OVERPAID',
      moneyReceived: THB(1600.25),
    });
  });

  it('OVER pays 10 % more: SUCCESS, OVERPAID', async () => {
    const payin = await createPayin();
    const paid = await simulate(payin, { payment: 'OVER' });
    expect(paid.body.process).toMatchObject({
      status: 'SUCCESS',
      processorStatus: 'OVERPAID',
      moneyReceived: THB(1650.55),
    });
  });

  it('concurrent payments add up without losing one, and complete the payin once', async () => {
    const payin = await createPayin();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => simulate(payin, { payment: { amount: 300.1 } })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.body.process.status === 'SUCCESS')).toHaveLength(1);
    expect(await processOf(payin)).toMatchObject({
      status: 'SUCCESS',
      processorStatus: 'APPROVED',
      moneyReceived: THB(1500.5),
    });
    expect(await deliveries(payin)).toHaveLength(1);
  });

  it('pays moneyRequired when it differs from the order amount: the order amount then overpays', async () => {
    const merchant = await api.createMerchant();
    await createPayin({ merchant });
    // The first open payin holds 1500.50: this one gets a unique amount below it.
    const second = await createPayin({ merchant });
    expect(second.toPay.amount).toBeLessThan(1500.5);
    const third = await createPayin({ merchant });

    const exact = await simulate(second, { payment: 'EXACT' });
    expect(exact.body.process).toMatchObject({
      status: 'SUCCESS',
      processorStatus: 'APPROVED',
      moneyReceived: second.toPay,
    });
    const order = await simulate(third, { payment: { amount: 1500.5 } });
    expect(order.body.process).toMatchObject({
      status: 'SUCCESS',
      processorStatus: 'OVERPAID',
      moneyReceived: THB(1500.5),
    });
  });
});

describe('payments received after the end', () => {
  it('are shown as moneyReceivedLate and change nothing else', async () => {
    const payin = await createPayin();
    const declined = await simulate(payin, { status: 'REFUSED' });
    expect(declined.body.process).toMatchObject({ status: 'REFUSED', processorStatus: 'DECLINED' });
    const processedAt = declined.body.process.processedAt;
    clock.advance(60_000);

    const late = await simulate(payin, { payment: 'EXACT' });
    expect(late.status).toBe(200);
    expect(late.body.process).toEqual({ ...declined.body.process, moneyReceivedLate: THB(1500.5) });
    const again = await simulate(payin, { payment: { amount: 10 } });
    expect(again.body.process).toMatchObject({
      status: 'REFUSED',
      processorStatus: 'DECLINED',
      processedAt,
      moneyReceivedLate: THB(1510.5),
    });
    expect(again.body.process).not.toHaveProperty('moneyReceived');
    // A status form still meets a final payin.
    expectProblem(await simulate(payin, { status: 'SUCCESS' }), 409, 'PAYIN_FINAL');
  });

  it('keep what was received while open apart from what came late', async () => {
    const payin = await createPayin();
    await simulate(payin, { payment: 'OVER' });
    const late = await simulate(payin, { payment: { amount: 1 } });
    expect(late.body.process).toMatchObject({
      status: 'SUCCESS',
      processorStatus: 'OVERPAID',
      moneyReceived: THB(1650.55),
      moneyReceivedLate: THB(1),
    });
  });
  it('past expireAt the payin has ended even before the sweeper came by: it expires, and the money is late', async () => {
    const unpaid = await createPayin();
    const partly = await createPayin();
    await simulate(partly, { payment: 'SHORT' });
    const read = await api.client.request<{ paymentMethodResponse: { expireAt: string } }>(
      'GET',
      `/payins/${unpaid.id}`,
      { token: unpaid.token },
    );
    clock.set(new Date(Date.parse(read.body.paymentMethodResponse.expireAt)));

    const late = await simulate(unpaid, { payment: 'EXACT' });
    expect(late.body.process).toEqual({
      status: 'REFUSED',
      processorStatus: 'EXPIRED',
      createdAt: expect.any(String),
      processedAt: clock().toISOString(),
      isTest: true,
      moneyReceivedLate: THB(1500.5),
    });
    const rest = await simulate(partly, { payment: { amount: 150.05 } });
    expect(rest.body.process).toMatchObject({
      status: 'REFUSED',
      processorStatus: 'UNDERPAID',
      moneyReceived: THB(1350.45),
      moneyReceivedLate: THB(150.05),
    });
    // Each ended once, announced by one callback.
    expect(await deliveries(unpaid)).toHaveLength(1);
    expect(await deliveries(partly)).toHaveLength(1);
  });
});

describe('expiry of a partly paid payin', () => {
  it('"expire now" ends REFUSED UNDERPAID with part of the money, EXPIRED without', async () => {
    const partly = await createPayin();
    await simulate(partly, { payment: 'SHORT' });
    const expired = await simulate(partly, { status: 'REFUSED', processorStatus: 'EXPIRED' });
    expect(expired.body.process).toMatchObject({
      status: 'REFUSED',
      processorStatus: 'UNDERPAID',
      moneyReceived: THB(1350.45),
    });

    const unpaid = await createPayin();
    const plain = await simulate(unpaid, { status: 'REFUSED', processorStatus: 'EXPIRED' });
    expect(plain.body.process).toMatchObject({ status: 'REFUSED', processorStatus: 'EXPIRED' });
    expect(plain.body.process).not.toHaveProperty('moneyReceived');
  });

  it('the sweeper expires a partly paid payin as UNDERPAID', async () => {
    const partly = await createPayin();
    const unpaid = await createPayin();
    await simulate(partly, { payment: { amount: 1000 } });
    const read = await api.client.request<{ paymentMethodResponse: { expireAt: string } }>(
      'GET',
      `/payins/${partly.id}`,
      { token: partly.token },
    );
    clock.set(new Date(Date.parse(read.body.paymentMethodResponse.expireAt) + 1));
    await runWorkers(['expiry-sweeper'], async () => {
      const ended = await processWhen(partly, (row) => row.status !== 'PENDING');
      expect(ended).toMatchObject({
        status: 'REFUSED',
        processorStatus: 'UNDERPAID',
        moneyReceived: THB(1000),
      });
      expect(await processWhen(unpaid, (row) => row.status !== 'PENDING')).toMatchObject({
        status: 'REFUSED',
        processorStatus: 'EXPIRED',
      });
    });
    expect(await deliveries(partly)).toHaveLength(1);
  });
});

describe('a method that needs the external reference (P2A_V2)', () => {
  it('refuses a payment that would complete it without the reference, and records nothing', async () => {
    const payin = await createPayin({ body: methodRequest('P2A_V2', 'INR') });
    const toPay = payin.toPay;
    expectProblem(await simulate(payin, { payment: 'EXACT' }), 409, 'EXTERNAL_REFERENCE_REQUIRED');
    expect(await processOf(payin)).not.toHaveProperty('moneyReceived');

    // A short payment completes nothing, so it is recorded.
    const part = await simulate(payin, { payment: { amount: 1000 } });
    expect(part.body.process).toMatchObject({ status: 'PENDING', moneyReceived: { amount: 1000 } });
    expectProblem(
      await simulate(payin, { payment: { amount: toPay.amount - 1000 } }),
      409,
      'EXTERNAL_REFERENCE_REQUIRED',
    );
    expect(await processOf(payin)).toMatchObject({ status: 'PENDING', moneyReceived: { amount: 1000 } });
    expect(await deliveries(payin)).toEqual([]);

    const reference = await api.client.request('POST', `/payins/${payin.id}/!setExternalReference`, {
      token: payin.token,
      body: { reference: '412345678901' },
    });
    expect(reference.status).toBe(200);
    const paid = await simulate(payin, { payment: { amount: toPay.amount - 1000 } });
    expect(paid.body.process).toMatchObject({
      status: 'SUCCESS',
      processorStatus: 'APPROVED',
      moneyReceived: toPay,
    });
  });
});

describe('bad bodies', () => {
  it('are refused with a problem naming the field, and record nothing', async () => {
    const payin = await createPayin();
    const cases: [unknown, string[]][] = [
      [{}, ['']],
      [{ status: 'SUCCESS', payment: 'EXACT' }, ['payment']],
      [{ payment: 'HALF' }, ['payment']],
      [{ payment: { amount: '10' } }, ['payment']],
      [{ payment: 'SHORT', processorStatus: 'DECLINED' }, ['processorStatus']],
      [{ payment: { amount: 10.005 } }, ['payment.amount']],
      [{ payment: { amount: 0 } }, ['payment.amount']],
      [{ payment: 'EXACT', delaySeconds: 1.5 }, ['delaySeconds']],
    ];
    for (const [body, fields] of cases) {
      const response = await simulate(payin, body);
      expectProblem(response, 400, 'VALIDATION_FAILED');
      expect(fieldsOf(response), JSON.stringify(body)).toEqual(fields);
      // Stay within the merchant's 10 requests per second.
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    const after = await processOf(payin);
    expect(after.status).toBe('PENDING');
    expect(after).not.toHaveProperty('moneyReceived');
    expect(
      await api.runtime.deps.db
        .selectFrom('sandbox_simulations')
        .innerJoin('payins', 'payins.id', 'sandbox_simulations.payin_id')
        .where('payins.id_payin', '=', payin.id)
        .select('sandbox_simulations.id')
        .execute(),
    ).toEqual([]);
  });

  it('a whole-unit currency refuses fractions; nothing is short of a single minor unit', async () => {
    const yen = await createPayin({ body: methodRequest('OFFLINE', 'JPY') });
    const fraction = await simulate(yen, { payment: { amount: 10.5 } });
    expectProblem(fraction, 400, 'VALIDATION_FAILED');
    expect(fraction.body).toMatchObject({
      errors: [{ field: 'payment.amount', message: 'JPY amounts must be whole numbers.' }],
    });

    const tiny = await createPayin({
      body: payinRequest({ paymentRequested: { money: { amount: 0.01, currencyCode: 'THB' } } }),
    });
    const short = await simulate(tiny, { payment: 'SHORT' });
    expectProblem(short, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(short)).toEqual(['payment']);
    expect(await processOf(tiny)).not.toHaveProperty('moneyReceived');
  });

  it('live payins take no simulated payment', async () => {
    const live = await createPayin({ merchant: await api.createMerchant({ test: false }) });
    expectProblem(await simulate(live, { payment: 'EXACT' }), 403, 'SANDBOX_ONLY');
    expect(await processOf(live)).toMatchObject({ status: 'PENDING', isTest: false });
    expect(await processOf(live)).not.toHaveProperty('moneyReceived');
  });
});

describe('callbacks', () => {
  it('are sent on status changes only: not for a short payment, nor for a late one', async () => {
    const listener = await startCallbackListener();
    listeners.push(listener);
    const payin = await createPayin({ callbackUrl: listener.url() });

    await simulate(payin, { payment: 'SHORT' });
    expect(await deliveries(payin)).toEqual([]);
    await dispatcher.runOnce();
    expect(listener.hits).toHaveLength(0);

    await simulate(payin, { payment: { amount: 150.05 } });
    while ((await dispatcher.runOnce()) > 0) {
      // deliver what is due
    }
    expect(listener.hits).toHaveLength(1);
    expect(verifyHit(listener.hits[0]!, payin.merchant.callbackSecret)).toMatchObject({ idPayin: payin.id });

    await simulate(payin, { payment: 'EXACT' });
    expect(await processOf(payin)).toMatchObject({ moneyReceivedLate: THB(1500.5) });
    expect(await deliveries(payin)).toHaveLength(1);
    await dispatcher.runOnce();
    expect(listener.hits).toHaveLength(1);
  });
});

describe('delayed payments', () => {
  it('are scheduled (202 with the amount), each applied once in the background, and add up', async () => {
    const payin = await createPayin();
    const short = await simulate(payin, { payment: 'SHORT', delaySeconds: 60 });
    expect(short.status).toBe(202);
    expect(short.body).toEqual({
      idPayin: payin.id,
      payment: THB(1350.45),
      dueAt: new Date(clock().getTime() + 60_000).toISOString(),
    });
    const rest = await simulate(payin, { payment: { amount: 150.05 }, delaySeconds: 90 });
    expect(rest.status).toBe(202);
    expect(await processOf(payin)).not.toHaveProperty('moneyReceived');

    await runWorkers(['sandbox-simulations'], async () => {
      clock.advance(61_000);
      const first = await processWhen(payin, (row) => row.received_minor !== null);
      expect(first).toMatchObject({ status: 'PENDING', moneyReceived: THB(1350.45) });
      clock.advance(30_000);
      const done = await processWhen(payin, (row) => row.status !== 'PENDING');
      expect(done).toMatchObject({
        status: 'SUCCESS',
        processorStatus: 'APPROVED',
        moneyReceived: THB(1500.5),
      });
    });
  });

  it('a delayed success of P2A_V2 waits for the external reference instead of being dropped', async () => {
    const payin = await createPayin({ body: methodRequest('P2A_V2', 'INR') });
    expect((await simulate(payin, { payment: 'EXACT', delaySeconds: 5 })).status).toBe(202);
    const row = () =>
      api.runtime.deps.db
        .selectFrom('sandbox_simulations')
        .innerJoin('payins', 'payins.id', 'sandbox_simulations.payin_id')
        .where('payins.id_payin', '=', payin.id)
        .select('sandbox_simulations.due_at')
        .executeTakeFirst();
    const scheduledAt = (await row())!.due_at.getTime();

    await runWorkers(['sandbox-simulations'], async () => {
      clock.advance(6_000);
      // Tried, refused for want of the reference, and pushed back rather than dropped.
      const postponed = await eventually(
        row,
        (found) => found !== undefined && found.due_at.getTime() > scheduledAt,
      );
      expect(postponed!.due_at.getTime()).toBe(clock().getTime() + 2_000);
      expect(await processOf(payin)).toMatchObject({ status: 'PENDING' });
      expect(await processOf(payin)).not.toHaveProperty('moneyReceived');

      const reference = await api.client.request('POST', `/payins/${payin.id}/!setExternalReference`, {
        token: payin.token,
        body: { reference: '412345678901' },
      });
      expect(reference.status).toBe(200);
      clock.advance(3_000);
      const done = await processWhen(payin, (row) => row.status !== 'PENDING');
      expect(done).toMatchObject({
        status: 'SUCCESS',
        processorStatus: 'APPROVED',
        moneyReceived: payin.toPay,
      });
    });
    expect(await row()).toBeUndefined();
  });

  it('a delayed payment that arrives after the end is recorded as late', async () => {
    const payin = await createPayin();
    expect((await simulate(payin, { payment: 'EXACT', delaySeconds: 10 })).status).toBe(202);
    await simulate(payin, { status: 'REFUSED', processorStatus: 'EXPIRED' });
    await runWorkers(['sandbox-simulations'], async () => {
      clock.advance(11_000);
      const late = await processWhen(payin, (row) => row.received_late_minor !== null);
      expect(late).toMatchObject({
        status: 'REFUSED',
        processorStatus: 'EXPIRED',
        moneyReceivedLate: THB(1500.5),
      });
    });
  });
});
