import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PAYIN_OPERATIONS } from '../support/api-client';
import { newIdPayin, payinRequest, type PayinRequestBody } from '../support/builders';
import { methodRequest } from '../support/method-requests';
import { eventually, manualClock, startTestApi, type TestApi, type TestMerchant } from '../support/test-api';

// Magic amounts: test payins whose order amount ends in a code play an outcome by themselves
// (docs/decisions/021-sandbox-payments-and-magic-amounts.md). The clock is moved by hand.

interface ApiMoney {
  amount: number;
  currencyCode: string;
}
interface Process {
  status: string;
  processorStatus?: string;
  moneyReceived?: ApiMoney;
  moneyReceivedLate?: ApiMoney;
}

const clock = manualClock();
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({}, { clock });
});
afterAll(() => api.close());

interface MagicPayin {
  token: string;
  id: string;
  createdAt: number;
  expireAt: number;
}

async function create(body: PayinRequestBody, merchant?: TestMerchant): Promise<MagicPayin> {
  const owner = merchant ?? (await api.createMerchant());
  const token = await api.client.token(owner, ALL_PAYIN_OPERATIONS);
  const id = newIdPayin();
  const created = await api.client.request<{ paymentMethodResponse: { expireAt: string } }>(
    'POST',
    `/payins/${id}`,
    { token, body },
  );
  expect(created.status, created.text).toBe(201);
  return {
    token,
    id,
    createdAt: clock().getTime(),
    expireAt: Date.parse(created.body.paymentMethodResponse.expireAt),
  };
}

const thb = (amount: number) =>
  payinRequest({ paymentRequested: { money: { amount, currencyCode: 'THB' } } });

/** The simulations stored with the payin, as the worker will find them. */
async function scheduled(payin: MagicPayin) {
  return api.runtime.deps.db
    .selectFrom('sandbox_simulations')
    .innerJoin('payins', 'payins.id', 'sandbox_simulations.payin_id')
    .where('payins.id_payin', '=', payin.id)
    .select([
      'sandbox_simulations.status',
      'sandbox_simulations.processor_status',
      'sandbox_simulations.amount_minor',
      'sandbox_simulations.due_at',
    ])
    .execute();
}

async function read(payin: MagicPayin): Promise<Process> {
  const response = await api.client.request<{ process: Process }>('GET', `/payins/${payin.id}`, {
    token: payin.token,
  });
  expect(response.status).toBe(200);
  return response.body.process;
}

/** Moves the clock to `seconds` after the payin's creation and waits (on the database) for `expected`. */
async function at(payin: MagicPayin, seconds: number, expected: Process): Promise<Process> {
  clock.set(new Date(payin.createdAt + seconds * 1000));
  await eventually(
    () =>
      api.runtime.deps.db
        .selectFrom('payins')
        .select(['status', 'received_minor', 'received_late_minor'])
        .where('id_payin', '=', payin.id)
        .executeTakeFirstOrThrow(),
    (row) =>
      row.status === expected.status &&
      (row.received_minor !== null) === (expected.moneyReceived !== undefined) &&
      (row.received_late_minor !== null) === (expected.moneyReceivedLate !== undefined),
  );
  const process = await read(payin);
  expect(process).toMatchObject(expected);
  if (!expected.moneyReceived) expect(process).not.toHaveProperty('moneyReceived');
  if (!expected.moneyReceivedLate) expect(process).not.toHaveProperty('moneyReceivedLate');
  return process;
}

async function withWorkers(body: () => Promise<void>): Promise<void> {
  const workers = api.runtime.workers.filter((worker) =>
    ['sandbox-simulations', 'expiry-sweeper'].includes(worker.name),
  );
  expect(workers).toHaveLength(2);
  for (const worker of workers) worker.start();
  try {
    await body();
  } finally {
    for (const worker of workers) await worker.stop();
  }
}

const THB = (amount: number): ApiMoney => ({ amount, currencyCode: 'THB' });
const refusedAfter3s = (amount: number, processorStatus: string) => ({
  amount,
  expireAfter: undefined,
  schedule: [{ afterSeconds: 3, status: 'REFUSED', processor_status: processorStatus, amount_minor: null }],
  steps: [[3, { status: 'REFUSED', processorStatus }]] as [number, Process][],
});
const expiresAfter = (amount: number, seconds: number) => ({
  amount,
  expireAfter: seconds,
  schedule: [],
  steps: [[seconds, { status: 'REFUSED', processorStatus: 'EXPIRED' }]] as [number, Process][],
});

const CASES: Record<
  string,
  {
    amount: number;
    expireAfter: number | undefined;
    schedule: {
      afterSeconds: number;
      status: string | null;
      processor_status: string | null;
      amount_minor: bigint | null;
    }[];
    steps: [number, Process][];
  }
> = {
  '901': {
    amount: 19.01,
    expireAfter: undefined,
    schedule: [{ afterSeconds: 3, status: null, processor_status: null, amount_minor: 1901n }],
    steps: [[3, { status: 'SUCCESS', processorStatus: 'APPROVED', moneyReceived: THB(19.01) }]],
  },
  '902': refusedAfter3s(19.02, 'DECLINED'),
  '903': refusedAfter3s(19.03, 'INSUFFICIENT_FUNDS'),
  '904': refusedAfter3s(19.04, 'CANCELLED_BY_CUSTOMER'),
  '905': refusedAfter3s(19.05, 'LIMIT_EXCEEDED'),
  '906': refusedAfter3s(19.06, 'SUSPECTED_FRAUD'),
  '911': expiresAfter(19.11, 10),
  '912': expiresAfter(19.12, 30),
  '913': expiresAfter(19.13, 60),
  '921': {
    amount: 19.21,
    expireAfter: 15,
    schedule: [{ afterSeconds: 3, status: null, processor_status: null, amount_minor: 1729n }],
    steps: [
      [3, { status: 'PENDING', moneyReceived: THB(17.29) }],
      [15, { status: 'REFUSED', processorStatus: 'UNDERPAID', moneyReceived: THB(17.29) }],
    ],
  },
  '922': {
    amount: 19.22,
    expireAfter: undefined,
    schedule: [{ afterSeconds: 3, status: null, processor_status: null, amount_minor: 2114n }],
    steps: [[3, { status: 'SUCCESS', processorStatus: 'OVERPAID', moneyReceived: THB(21.14) }]],
  },
  '923': {
    amount: 19.23,
    expireAfter: 5,
    schedule: [{ afterSeconds: 10, status: null, processor_status: null, amount_minor: 1923n }],
    steps: [
      [5, { status: 'REFUSED', processorStatus: 'EXPIRED' }],
      [10, { status: 'REFUSED', processorStatus: 'EXPIRED', moneyReceivedLate: THB(19.23) }],
    ],
  },
};

describe('magic amounts of test payins', () => {
  it.each(Object.entries(CASES))(
    '%s: decided and stored at create, then played out',
    async (_code, magic) => {
      const merchant = await api.createMerchant();
      const plain = await create(thb(1500.5), merchant);
      const payin = await create(thb(magic.amount), merchant);

      // Decided at create and stored with the payin: nothing is lost if the process dies after the 201.
      expect(payin.expireAt).toBe(
        magic.expireAfter === undefined
          ? plain.expireAt - plain.createdAt + payin.createdAt
          : payin.createdAt + magic.expireAfter * 1000,
      );
      expect(await scheduled(payin)).toEqual(
        magic.schedule.map(({ afterSeconds, ...row }) => ({
          ...row,
          due_at: new Date(payin.createdAt + afterSeconds * 1000),
        })),
      );
      expect(await read(payin)).toMatchObject({ status: 'PENDING' });

      await withWorkers(async () => {
        for (const [seconds, expected] of magic.steps) await at(payin, seconds, expected);
      });
      expect(await scheduled(payin)).toEqual([]);
      // The ordinary payin beside it is untouched.
      expect(await read(plain)).toMatchObject({ status: 'PENDING' });
    },
  );

  it('reads the code with at most two decimals in every currency: JPY 1901, IDR 10911, USDT 19.22', async () => {
    const yen = await create(methodRequest('OFFLINE', 'JPY', {}));
    expect(await scheduled(yen)).toEqual([]); // 5000 JPY: not magic
    const jpy = await create({
      ...methodRequest('OFFLINE', 'JPY'),
      paymentRequested: { money: { amount: 1901, currencyCode: 'JPY' } },
    });
    const idr = await create({
      ...methodRequest('QRID', 'IDR'),
      paymentRequested: { money: { amount: 10911, currencyCode: 'IDR' } },
    });
    expect(idr.expireAt).toBe(idr.createdAt + 10_000);
    const usdt = await create({
      ...methodRequest('CRYPTO_OFFLINE', 'USDT'),
      paymentRequested: { money: { amount: 19.22, currencyCode: 'USDT' } },
    });
    await withWorkers(async () => {
      await at(jpy, 3, {
        status: 'SUCCESS',
        processorStatus: 'APPROVED',
        moneyReceived: { amount: 1901, currencyCode: 'JPY' },
      });
      await at(usdt, 3, {
        status: 'SUCCESS',
        processorStatus: 'OVERPAID',
        moneyReceived: { amount: 21.142, currencyCode: 'USDT' },
      });
      await at(idr, 10, { status: 'REFUSED', processorStatus: 'EXPIRED' });
    });
  });

  it('P2A_V2 901: the payment waits for the customer external reference', async () => {
    const payin = await create({
      ...methodRequest('P2A_V2', 'INR'),
      paymentRequested: { money: { amount: 19.01, currencyCode: 'INR' } },
    });
    await withWorkers(async () => {
      clock.set(new Date(payin.createdAt + 3000));
      const [first] = await eventually(
        () => scheduled(payin),
        (rows) => rows[0] !== undefined && rows[0].due_at.getTime() > payin.createdAt + 3000,
      );
      expect(first).toMatchObject({ amount_minor: 1901n });
      expect(await read(payin)).toMatchObject({ status: 'PENDING' });
      const reference = await api.client.request('POST', `/payins/${payin.id}/!setExternalReference`, {
        token: payin.token,
        body: { reference: '412345678901' },
      });
      expect(reference.status).toBe(200);
      await at(payin, 6, {
        status: 'SUCCESS',
        processorStatus: 'APPROVED',
        moneyReceived: { amount: 19.01, currencyCode: 'INR' },
      });
    });
  });
});

describe('live payins', () => {
  it('are never affected by magic amounts', async () => {
    const merchant = await api.createMerchant({ test: false });
    const plain = await create(thb(1500.5), merchant);
    const validity = plain.expireAt - plain.createdAt;
    for (const amount of [19.01, 19.11, 19.21, 19.23]) {
      const payin = await create(thb(amount), merchant);
      expect(payin.expireAt - payin.createdAt).toBe(validity);
      expect(await scheduled(payin)).toEqual([]);
    }
  });
});
