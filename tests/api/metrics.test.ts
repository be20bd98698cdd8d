import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PAYIN_OPERATIONS } from '../support/api-client';
import { newIdPayin, payinRequest } from '../support/builders';
import { isCallbackDispatcherWorker } from '@/server/callbacks';
import { startCallbackListener } from '../support/callback-listener';
import { scrapeMetrics, type Scrape } from '../support/prometheus';
import { manualClock, startTestApi, type TestApi } from '../support/test-api';

/** GET /metrics beside /api: Prometheus' text format, behind METRICS_TOKEN when it is set. */
const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ METRICS_TOKEN });
});
afterAll(() => api.close());

const metricsUrl = () => api.baseUrl.replace(/\/api$/, '/metrics');

const scrape = (): Promise<Scrape> => scrapeMetrics(api.baseUrl, METRICS_TOKEN);

describe('GET /metrics', () => {
  it("answers in Prometheus' text format (version 0.0.4)", async () => {
    const response = await fetch(metricsUrl(), { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('asks for the token when METRICS_TOKEN is set', async () => {
    const none = await fetch(metricsUrl());
    expect(none.status).toBe(401);
    expect(none.headers.get('content-type')).toBe('application/problem+json');
    expect(none.headers.get('www-authenticate')).toContain('payin-metrics');
    const wrong = await fetch(metricsUrl(), { headers: { authorization: 'Bearer not-the-token-at-all' } });
    expect(wrong.status).toBe(401);
  });

  it('counts requests by route template, tokens, payins, status changes and ledger transfers', async () => {
    const merchant = await api.createMerchant();
    const token = await api.client.token(merchant, ALL_PAYIN_OPERATIONS);
    const ids = [newIdPayin('m'), newIdPayin('m')];
    for (const id of ids) {
      const created = await api.client.request('POST', `/payins/${id}`, { token, body: payinRequest() });
      expect(created.status).toBe(201);
      expect((await api.client.request('GET', `/payins/${id}`, { token })).status).toBe(200);
    }
    expect((await api.client.request('GET', '/payins/nope-1', { token })).status).toBe(404);
    const paid = await api.client.request('POST', `/sandbox/payins/${ids[0]}/!simulate`, {
      token,
      body: { status: 'SUCCESS' },
    });
    expect(paid.status, paid.text).toBe(200);
    const metrics = await scrape();
    // Never the raw path: the template, so the labels stay bounded.
    const route = '/api/payins/:idPayin';
    expect(metrics.value('payin_http_requests_total', { route, method: 'GET', status: '200' })).toBe(2);
    expect(metrics.value('payin_http_requests_total', { route, method: 'GET', status: '404' })).toBe(1);
    expect(metrics.text).not.toContain(ids[0]!);
    expect(
      metrics.histogram('payin_http_request_duration_seconds', { route, method: 'POST', status_class: '2xx' })
        ?.count,
    ).toBe(2);
    expect(metrics.value('payin_tokens_issued_total', { kind: 'operations' })).toBeGreaterThanOrEqual(1);
    expect(metrics.value('payin_payins_created_total', { method: 'OFFLINE' })).toBe(2);
    expect(metrics.value('payin_status_changes_total', { method: 'OFFLINE', status: 'SUCCESS' })).toBe(1);
    expect(metrics.value('payin_ledger_transfers_total', { kind: 'PAYIN_CREDIT' })).toBe(1);
    // The success's callback waits in the outbox (this instance runs no dispatcher).
    expect(metrics.value('payin_callback_backlog', { state: 'pending' })).toBeGreaterThanOrEqual(1);
    // Nothing waits for review on this instance: the gauge has no sample rather than a wrong 0.
    expect(metrics.family('payin_reconciliation_review_queue')?.type).toBe('GAUGE');
    // The process's own, from the first scrape on.
    expect(metrics.family('payin_nodejs_eventloop_lag_seconds')?.type).toBe('GAUGE');
    expect(metrics.value('payin_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts rate-limit refusals by code', async () => {
    const before =
      (await scrape()).value('payin_rate_limit_refusals_total', { code: 'TOO_MANY_FAILED_ATTEMPTS' }) ?? 0;
    let refused = 0;
    for (let attempt = 0; attempt < 40 && refused === 0; attempt++) {
      const response = await api.client.request('POST', '/auth-tokens', {
        body: { merchantCode: 'nobody', secret: 'wrong-secret-value', operations: ['GET /payins'] },
        headers: { 'x-forwarded-for': '203.0.113.77' },
      });
      if (response.status === 429) refused++;
    }
    expect(refused).toBe(1);
    const after = (await scrape()).value('payin_rate_limit_refusals_total', {
      code: 'TOO_MANY_FAILED_ATTEMPTS',
    });
    expect(after).toBe(before + 1);
  });

  it("counts callback attempts by outcome and times each delivery's first attempt", async () => {
    const clock = manualClock();
    const own = await startTestApi({ METRICS_TOKEN }, { clock });
    const listener = await startCallbackListener();
    try {
      const merchant = await own.createMerchant();
      const token = await own.client.token(merchant, ALL_PAYIN_OPERATIONS);
      const id = newIdPayin('cb');
      const body = payinRequest({ callbackUrl: listener.url('/metrics-cb') });
      expect((await own.client.request('POST', `/payins/${id}`, { token, body })).status).toBe(201);
      const paid = await own.client.request('POST', `/sandbox/payins/${id}/!simulate`, {
        token,
        body: { status: 'SUCCESS' },
      });
      expect(paid.status, paid.text).toBe(200);
      clock.advance(60_000);
      const dispatcher = own.runtime.workers.find(isCallbackDispatcherWorker)!;
      await dispatcher.runOnce();
      await listener.waitFor((hits) => hits.length >= 1);
      const metrics = await scrapeMetrics(own.baseUrl, METRICS_TOKEN);
      expect(metrics.value('payin_callback_attempts_total', { outcome: 'DELIVERED' })).toBe(1);
      const delay = metrics.histogram('payin_callback_first_attempt_delay_seconds')!;
      expect(delay.count).toBe(1);
      // Due 60 s after the change on this clock: the first attempt started no sooner.
      expect(delay.bucket('30')).toBe(0);
      expect(delay.bucket('300')).toBe(1);
    } finally {
      await listener.close();
      await own.close();
    }
  });
});
