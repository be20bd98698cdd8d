import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { trace } from '@opentelemetry/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thaiIdCheckDigit } from '@/server/rails';
import { startTracing, type Tracing } from '@/server/telemetry';
import { ALL_PAYIN_OPERATIONS } from '../support/api-client';
import { newIdPayin, payinRequest } from '../support/builders';
import { startCallbackListener, type CallbackListener } from '../support/callback-listener';
import { callbackDispatcherOf, startTestApi, type TestApi, type TestMerchant } from '../support/test-api';

// Traces (docs/decisions/048): the SDK started by the standard OTEL_* variables exports to a local
// OTLP/HTTP (JSON) listener the spans of a payin's creation, its callback attempt and a bank feed's
// reconciliation; DB spans hang under their request's span; no secret leaves in any of them.

interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  kind: number;
  status: number;
  attributes: Record<string, string | number | boolean>;
}

type OtlpValue = {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
};
interface OtlpExport {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: OtlpValue }[] };
    scopeSpans?: {
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        status?: { code?: number };
        attributes?: { key: string; value: OtlpValue }[];
      }[];
    }[];
  }[];
}

const valueOf = (value: OtlpValue) =>
  value.stringValue ?? value.boolValue ?? value.doubleValue ?? Number(value.intValue);

/** What the collector would receive: every request body, as text and read. */
const bodies: string[] = [];
let collector: Server;
let tracing: Tracing;
let api: TestApi;
let listener: CallbackListener;
let merchant: TestMerchant;
let liveMerchant: TestMerchant;
let token: string;
let spans: ExportedSpan[] = [];
const idPayin = newIdPayin('traced');
const feedKey = `feed_${randomBytes(24).toString('base64url')}`;
const CALLBACK_QUERY_SECRET = `cbq${randomBytes(8).toString('hex')}`;
const PAYER_NAME = 'SOMCHAI TRACEABLE';
const HOSTED_PAGE_TOKEN = `hosted${randomBytes(8).toString('hex')}`;
const PAYER_ACCOUNT = '987-6-54321-0';
const INCOMING_TRACE = randomBytes(16).toString('hex');
const INCOMING_PARENT = randomBytes(8).toString('hex');
const first12 = '010556100001';
const PROMPTPAY_ID = first12 + thaiIdCheckDigit(first12);
const savedEnv = { ...process.env };

function readSpans(): ExportedSpan[] {
  return bodies.flatMap((body) =>
    ((JSON.parse(body) as OtlpExport).resourceSpans ?? []).flatMap((resource) =>
      (resource.scopeSpans ?? []).flatMap((scope) =>
        (scope.spans ?? []).map((span) => ({
          traceId: span.traceId,
          spanId: span.spanId,
          parentSpanId: span.parentSpanId || undefined,
          name: span.name,
          kind: span.kind,
          status: span.status?.code ?? 0,
          attributes: Object.fromEntries(
            (span.attributes ?? []).map(({ key, value }) => [key, valueOf(value)]),
          ),
        })),
      ),
    ),
  );
}

beforeAll(async () => {
  collector = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces')
        bodies.push(Buffer.concat(chunks).toString('utf8'));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', () => resolve()));
  const { port } = collector.address() as AddressInfo;
  Object.assign(process.env, {
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_BSP_SCHEDULE_DELAY: '100',
    OTEL_TRACES_SAMPLER: 'always_on',
  });
  tracing = await startTracing();
  expect(tracing.enabled).toBe(true);

  api = await startTestApi();
  listener = await startCallbackListener();
  merchant = await api.createMerchant();
  liveMerchant = await api.createMerchant({
    test: false,
    paymentMethods: ['QRTH'],
    collectionAccounts: [
      {
        id: 'kbank-promptpay',
        type: 'PROMPTPAY',
        promptPayId: PROMPTPAY_ID,
        accountName: 'Traced Books Co., Ltd.',
        feed: { apiKey: feedKey },
      },
    ],
  } as never);
  token = await api.client.token(merchant, ALL_PAYIN_OPERATIONS);

  // A payin created under the caller's trace, then settled: one callback attempt to the listener.
  const created = await api.client.request('POST', `/payins/${idPayin}`, {
    token,
    headers: { traceparent: `00-${INCOMING_TRACE}-${INCOMING_PARENT}-01` },
    body: payinRequest({ callbackUrl: listener.url(`/hooks?key=${CALLBACK_QUERY_SECRET}`) }),
  });
  expect(created.status, created.text).toBe(201);
  const simulated = await api.client.request('POST', `/sandbox/payins/${idPayin}/!simulate`, {
    token,
    body: { status: 'SUCCESS' },
  });
  expect(simulated.status, simulated.text).toBe(200);
  expect(await callbackDispatcherOf(api).runOnce()).toBe(1);
  expect(listener.hits).toHaveLength(1);

  // A bank feed's delivery: stored and matched (nothing to match: it waits for review).
  const delivered = await api.client.request('POST', '/collection/transactions', {
    version: null,
    headers: { authorization: `Apikey ${feedKey}` },
    body: {
      transactions: [
        {
          id: `bank-${randomBytes(4).toString('hex')}`,
          amount: '250.00',
          currency: 'THB',
          bookedAt: new Date().toISOString(),
          note: 'TRANSFER FROM SOMCHAI',
          payer: { name: PAYER_NAME, accountNumber: PAYER_ACCOUNT, bank: 'SCB' },
        },
      ],
    },
  });
  expect(delivered.status, delivered.text).toBe(200);

  // What Next.js, in the same process, would record of a hosted page: never exported.
  trace
    .getTracer('next.js')
    .startSpan('GET', { attributes: { 'http.target': `/?token=${HOSTED_PAGE_TOKEN}` } })
    .end();

  // Shutting down flushes what is buffered: every span above is at the collector now.
  await tracing.shutdown();
  spans = readSpans();
});

afterAll(async () => {
  await tracing?.shutdown();
  await api?.close();
  await listener?.close();
  await new Promise((resolve) => collector?.close(resolve));
  process.env = savedEnv;
});

const named = (name: string) => spans.filter((span) => span.name === name);

describe('traces over OTLP/HTTP', () => {
  it('names the service and exports a server span per request by route template', () => {
    expect(bodies.join('')).toContain('"payin-gateway"');
    const [create] = named('POST /api/payins/:idPayin');
    expect(create).toBeDefined();
    expect(create!.kind).toBe(2); // SERVER
    expect(create!.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/api/payins/:idPayin',
      'http.response.status_code': 201,
    });
    expect(create!.status).not.toBe(2); // not an error
    // The caller's traceparent is honoured: the span continues its trace.
    expect(create!.traceId).toBe(INCOMING_TRACE);
    expect(create!.parentSpanId).toBe(INCOMING_PARENT);
    expect(named('POST /api/auth-tokens')[0]?.attributes['http.response.status_code']).toBe(200);
  });

  it('hangs the database spans under their request', () => {
    const create = named('POST /api/payins/:idPayin')[0]!;
    const children = spans.filter((span) => span.parentSpanId === create.spanId);
    const insert = children.find((span) => span.name === 'INSERT payins');
    expect(insert, children.map((span) => span.name).join(', ')).toBeDefined();
    expect(insert!.traceId).toBe(create.traceId);
    expect(insert!.kind).toBe(3); // CLIENT
    expect(insert!.attributes).toMatchObject({
      'db.system': 'postgresql',
      'db.system.name': 'postgresql',
      'db.operation.name': 'INSERT',
      'db.collection.name': 'payins',
      'db.query.summary': 'INSERT payins',
    });
    expect(
      Object.keys(insert!.attributes).some((key) => key.includes('statement') || key.includes('text')),
    ).toBe(false);
  });

  it('exports the callback attempt with the endpoint host, attempt, outcome and status', () => {
    const [attempt] = named('callback attempt');
    expect(attempt).toBeDefined();
    expect(attempt!.kind).toBe(3); // CLIENT
    expect(attempt!.attributes).toMatchObject({
      'server.address': '127.0.0.1',
      'server.port': listener.port,
      'payin.callback.attempt': 1,
      'payin.callback.outcome': 'DELIVERED',
      'http.response.status_code': 200,
    });
    // Its own queries (the attempt's record) are its children.
    expect(
      spans.some((span) => span.parentSpanId === attempt!.spanId && span.name.startsWith('UPDATE')),
    ).toBe(true);
  });

  it('exports the reconciliation of a feed delivery under its request', () => {
    const request = named('POST /api/collection/transactions')[0]!;
    const ingest = named('reconciliation ingest')[0];
    expect(ingest?.parentSpanId).toBe(request.spanId);
    expect(ingest!.attributes).toMatchObject({
      'payin.reconciliation.source': expect.any(String),
      'payin.reconciliation.received': 1,
      'payin.reconciliation.stored': 1,
      'payin.reconciliation.duplicates': 0,
    });
    const match = named('reconciliation match')[0];
    expect(match?.parentSpanId).toBe(ingest!.spanId);
    expect(match!.attributes['payin.reconciliation.processed']).toBe(true);
  });

  it('carries no secret, token, payer or account data', () => {
    const payload = bodies.join('\n');
    expect(payload.length).toBeGreaterThan(0);
    for (const secret of [
      merchant.secret,
      merchant.callbackSecret,
      liveMerchant.secret,
      token,
      token.split('.')[2]!,
      feedKey,
      CALLBACK_QUERY_SECRET,
      '/hooks',
      PAYER_NAME,
      PAYER_ACCOUNT,
      PROMPTPAY_ID,
      HOSTED_PAGE_TOKEN,
      idPayin,
    ])
      expect(payload, secret).not.toContain(secret);
  });
});
