import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openPglite, type DatabaseHandle } from '../db';
import { provisionMerchants, type Merchant } from '../merchants';
import { HostAllowlist } from '../net/allowlist';
import { UrlPolicy } from '../net';
import { PayinService } from '../payins';
import { findPayin, insertPayin } from '../payins/payin.repository';
import type { CallbackRequest, CallbackSettings, SendResult } from './callback';
import { CallbackDispatcher } from './callback.dispatcher';
import { createCallbackOutbox } from './callback.outbox';
import { listPayinDeliveries, requeueLatestDelivery } from './callback.repository';

const SECOND = 1000;
const settings: CallbackSettings = {
  schedule: [0, 10 * SECOND, 60 * SECOND],
  timeoutMs: 15 * SECOND,
  leaseMs: 60 * SECOND,
  retentionMs: 7 * 86_400_000,
};

let handle: DatabaseHandle;
let merchant: Merchant;
let now = Date.parse('2030-01-01T00:00:00Z');
const clock = () => new Date(now);
const advance = (ms: number) => (now += ms);
const logger = pino({ level: 'silent' });
const payins = () =>
  new PayinService({
    db: handle.db,
    publicUrl: 'http://localhost',
    urlPolicy: new UrlPolicy(false, new HostAllowlist([])),
    outbox: createCallbackOutbox({ schedule: settings.schedule, random: () => 0.5 }),
    clock,
    cursorSecret: Buffer.alloc(32),
  });

/** A sender answering from a script, recording every request. */
function scriptedSender(answers: (request: CallbackRequest) => SendResult | Promise<SendResult>) {
  const requests: CallbackRequest[] = [];
  return {
    requests,
    send: async (request: CallbackRequest) => {
      requests.push(request);
      return answers(request);
    },
  };
}
const status = (code: number, retryAfter?: string): SendResult => ({
  kind: 'response',
  status: code,
  excerpt: `answer ${code}`,
  retryAfter,
  location: undefined,
  durationMs: 3,
});

function dispatcher(send: (request: CallbackRequest) => Promise<SendResult>, log = logger) {
  return new CallbackDispatcher({
    db: handle.db,
    logger: log,
    merchants: { find: (code) => Promise.resolve(code === merchant.code ? merchant : undefined) },
    send,
    settings,
    clock,
    random: () => 0.5,
  });
}

/** A REFUSED payin whose status change was recorded in the outbox; returns its database id. */
async function refusedPayin(): Promise<bigint> {
  const idPayin = `order-${randomBytes(4).toString('hex')}`;
  const inserted = await insertPayin(handle.db, {
    merchant_code: merchant.code,
    id_payin: idPayin,
    status: 'PENDING',
    processor_status: null,
    payment_method_code: 'OFFLINE',
    payment_operator_code: null,
    currency_code: 'THB',
    amount_minor: 10_000n,
    required_amount_minor: null,
    fee_minor: 0n,
    vat_minor: null,
    is_test: true,
    callback_url: 'https://merchant.example/callbacks?key=abc',
    return_url: 'https://merchant.example/return',
    reference: randomBytes(5).toString('hex').toUpperCase(),
    institution_session: null,
    customer: '{}',
    method_response: '{}',
    expire_at: new Date(now + 86_400_000),
    created_at: clock(),
    updated_at: clock(),
  });
  if (inserted.kind !== 'created') throw new Error('payin not inserted');
  await payins().transition(inserted.payin, 'decline');
  const payin = await findPayin(handle.db, merchant.code, idPayin);
  return payin!.id;
}

const deliveryOf = async (payinId: bigint) => {
  const [entry] = await listPayinDeliveries(handle.db, payinId);
  if (!entry) throw new Error('no delivery');
  return entry;
};

beforeAll(async () => {
  handle = await openPglite('memory://');
  await migrateToLatest(handle.db);
  [merchant] = (await provisionMerchants(handle.db, randomBytes(32), [
    { merchantCode: 'shop', secret: 'sk_test_0123456789abcdef', channelName: 'Shop', test: true },
  ])) as [Merchant];
});
afterAll(() => handle.close());
beforeEach(async () => {
  // Each test starts with an empty queue.
  await handle.db.deleteFrom('callback_deliveries').execute();
});

describe('CallbackDispatcher', () => {
  it('delivers a recorded status change once, signed, and logs the attempt', async () => {
    const payinId = await refusedPayin();
    const sender = scriptedSender(() => status(204));
    expect(await dispatcher(sender.send).dispatchDue()).toBe(1);
    expect(await dispatcher(sender.send).dispatchDue()).toBe(0);

    expect(sender.requests).toHaveLength(1);
    const [request] = sender.requests as [CallbackRequest];
    const payload = new Webhook(merchant.callbackSecret).verify(request.body, request.headers);
    const { delivery, attempts } = await deliveryOf(payinId);
    expect(payload).toEqual({
      type: 'payin.status_changed',
      eventId: delivery.event_id,
      idPayin: delivery.id_payin,
      timestamp: new Date(now).toISOString(),
    });
    expect(request.headers['content-type']).toBe('application/json');
    expect(delivery).toMatchObject({
      status: 'DELIVERED',
      attempt_count: 1,
      next_attempt_at: null,
      lease_token: null,
    });
    expect(attempts).toMatchObject([
      {
        attempt_number: 1,
        response_status: 204,
        response_excerpt: 'answer 204',
        outcome: 'DELIVERED',
        error: null,
      },
    ]);
  });

  it('retries on the schedule with the same webhook-id, then fails for good', async () => {
    const payinId = await refusedPayin();
    const sender = scriptedSender(() => status(503));
    const run = dispatcher(sender.send);

    expect(await run.dispatchDue()).toBe(1);
    let { delivery } = await deliveryOf(payinId);
    expect(delivery).toMatchObject({ status: 'PENDING', attempt_count: 1, schedule_step: 1 });
    expect(delivery.next_attempt_at).toEqual(new Date(now + 10 * SECOND));

    advance(9 * SECOND);
    expect(await run.dispatchDue()).toBe(0);
    advance(1 * SECOND);
    expect(await run.dispatchDue()).toBe(1);
    advance(59 * SECOND);
    expect(await run.dispatchDue()).toBe(0);
    advance(1 * SECOND);
    expect(await run.dispatchDue()).toBe(1);
    advance(86_400_000);
    expect(await run.dispatchDue()).toBe(0);

    ({ delivery } = await deliveryOf(payinId));
    expect(delivery).toMatchObject({
      status: 'FAILED',
      failure_reason: 'SCHEDULE_EXHAUSTED',
      attempt_count: 3,
    });
    expect(new Set(sender.requests.map((request) => request.headers['webhook-id']))).toEqual(
      new Set([delivery.event_id]),
    );
    expect((await deliveryOf(payinId)).attempts.map((attempt) => attempt.outcome)).toEqual([
      'RETRY',
      'RETRY',
      'FAILED',
    ]);
  });

  it('stops at 410 Gone and records network errors and redirects as failed attempts', async () => {
    const gone = await refusedPayin();
    await dispatcher(scriptedSender(() => status(410)).send).dispatchDue();
    expect((await deliveryOf(gone)).delivery).toMatchObject({ status: 'FAILED', failure_reason: 'GONE' });

    const broken = await refusedPayin();
    await dispatcher(
      scriptedSender(() => ({ kind: 'error', error: 'connect ECONNREFUSED', durationMs: 1 })).send,
    ).dispatchDue();
    const redirected = await refusedPayin();
    await dispatcher(
      scriptedSender(() => ({ ...status(302), location: 'https://elsewhere.example/' })).send,
    ).dispatchDue();
    expect((await deliveryOf(broken)).attempts).toMatchObject([
      { error: 'connect ECONNREFUSED', outcome: 'RETRY' },
    ]);
    expect((await deliveryOf(redirected)).attempts).toMatchObject([
      {
        response_status: 302,
        error: 'redirect not followed (Location: https://elsewhere.example/)',
        outcome: 'RETRY',
      },
    ]);
  });

  it('waits for Retry-After on 429 when it exceeds the scheduled delay', async () => {
    const payinId = await refusedPayin();
    const answers = [status(429, '120'), status(200)];
    const sender = scriptedSender(() => answers.shift()!);
    const run = dispatcher(sender.send);
    await run.dispatchDue();
    expect((await deliveryOf(payinId)).delivery.next_attempt_at).toEqual(new Date(now + 120 * SECOND));
    advance(119 * SECOND);
    expect(await run.dispatchDue()).toBe(0);
    advance(1 * SECOND);
    expect(await run.dispatchDue()).toBe(1);
    expect((await deliveryOf(payinId)).delivery.status).toBe('DELIVERED');
  });

  it('never lets two dispatchers hold one delivery, and recovers a crashed one after its lease', async () => {
    const payinId = await refusedPayin();
    let releaseStuck!: (result: SendResult) => void;
    const stuck = scriptedSender(() => new Promise<SendResult>((resolve) => (releaseStuck = resolve)));
    const healthy = scriptedSender(() => status(200));

    const stuckRound = dispatcher(stuck.send).dispatchDue();
    await expectEventually(() => stuck.requests.length === 1);
    expect(await dispatcher(healthy.send).dispatchDue()).toBe(0);
    advance(settings.leaseMs - 1);
    expect(await dispatcher(healthy.send).dispatchDue()).toBe(0);
    advance(1);
    expect(await dispatcher(healthy.send).dispatchDue()).toBe(1);
    expect((await deliveryOf(payinId)).delivery.status).toBe('DELIVERED');

    // The presumed-dead dispatcher finishes late: its attempt is logged, the row stays delivered.
    releaseStuck(status(500));
    await stuckRound;
    const { delivery, attempts } = await deliveryOf(payinId);
    expect(delivery).toMatchObject({ status: 'DELIVERED', attempt_count: 1 });
    expect(attempts.map((attempt) => attempt.response_status).sort()).toEqual([200, 500]);
  });

  it('signs with real time even when the scheduling clock is far ahead', async () => {
    await refusedPayin();
    advance(3 * 86_400_000);
    const sender = scriptedSender(() => status(200));
    await dispatcher(sender.send).dispatchDue();
    const [request] = sender.requests as [CallbackRequest];
    expect(() => new Webhook(merchant.callbackSecret).verify(request.body, request.headers)).not.toThrow();
  });

  it('requeues a finished delivery with a fresh run of the schedule', async () => {
    const payinId = await refusedPayin();
    await dispatcher(scriptedSender(() => status(410)).send).dispatchDue();
    const requeued = await requeueLatestDelivery(handle.db, { payinId, now: clock() });
    expect(requeued?.delivery).toMatchObject({ status: 'PENDING', failure_reason: null, schedule_step: 0 });
    const sender = scriptedSender(() => status(200));
    expect(await dispatcher(sender.send).dispatchDue()).toBe(1);
    expect((await deliveryOf(payinId)).delivery).toMatchObject({ status: 'DELIVERED', attempt_count: 2 });
    expect(await requeueLatestDelivery(handle.db, { payinId: -1n, now: clock() })).toBeUndefined();
  });

  it('purges finished deliveries after the retention period and keeps pending ones', async () => {
    const finished = await refusedPayin();
    await dispatcher(scriptedSender(() => status(200)).send).dispatchDue();
    const pending = await refusedPayin();
    await dispatcher(scriptedSender(() => status(500)).send).dispatchDue();
    advance(settings.retentionMs + 1);
    // A fresh dispatcher purges on its first round.
    await dispatcher(scriptedSender(() => status(500)).send).dispatchDue();
    expect(await listPayinDeliveries(handle.db, finished)).toEqual([]);
    expect(await listPayinDeliveries(handle.db, pending)).toHaveLength(1);
  });
});

describe('the attempt log line', () => {
  it('names time, URL without its query, status, duration, excerpt and outcome, and never the secret', async () => {
    const lines: string[] = [];
    const capture = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    await refusedPayin();
    await dispatcher(scriptedSender(() => status(502)).send, capture).dispatchDue();
    const entries = lines.map(
      (line) => JSON.parse(line) as { msg: string; callback?: Record<string, unknown> },
    );
    const attempt = entries.find((entry) => entry.msg === 'callback attempt');
    expect(attempt?.callback).toMatchObject({
      merchant: 'shop',
      url: 'https://merchant.example/callbacks?…',
      attempt: 1,
      at: new Date(now).toISOString(),
      status: 502,
      durationMs: 3,
      responseExcerpt: 'answer 502',
      outcome: 'RETRY',
      nextAttemptAt: new Date(now + 10 * SECOND).toISOString(),
    });
    expect(lines.join('\n')).not.toContain(merchant.callbackSecret);
    expect(lines.join('\n')).not.toContain('key=abc');
  });
});

async function expectEventually(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
