import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  DummyDriver,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { describeQuery } from './database';
import { errorType } from './spans';
import { defaultServiceName, tracingRequested } from './switch';
import { ownSpansOnly, startTracing } from './tracing';

describe('tracing is opt-in by the standard OTEL_* variables', () => {
  it('is off without an OTLP endpoint', () => {
    expect(tracingRequested({})).toBe(false);
    expect(tracingRequested({ OTEL_SERVICE_NAME: 'payins', OTEL_TRACES_SAMPLER: 'always_on' })).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: '  ' })).toBe(false);
  });

  it('is on with the general or the traces endpoint', () => {
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(
      true,
    );
  });

  it('stays off when the SDK is disabled or the traces exporter is none', () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(tracingRequested({ ...endpoint, OTEL_SDK_DISABLED: 'true' })).toBe(false);
    expect(tracingRequested({ ...endpoint, OTEL_SDK_DISABLED: 'TRUE' })).toBe(false);
    expect(tracingRequested({ ...endpoint, OTEL_SDK_DISABLED: 'false' })).toBe(true);
    expect(tracingRequested({ ...endpoint, OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
  });

  it('does not start (nor load) the SDK when off', async () => {
    const tracing = await startTracing({});
    expect(tracing.enabled).toBe(false);
    await tracing.shutdown();
  });

  it('names the service payin-gateway unless the operator named it', () => {
    expect(defaultServiceName({})).toBe('payin-gateway');
    expect(defaultServiceName({ OTEL_SERVICE_NAME: 'payins-eu' })).toBeUndefined();
    expect(
      defaultServiceName({ OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment=prod,service.name=x' }),
    ).toBe(undefined);
    expect(defaultServiceName({ OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment=prod' })).toBe(
      'payin-gateway',
    );
  });
});

describe('database spans describe a query without its values', () => {
  const db = new Kysely<{ payins: { id: string; amount: number }; outbox: { id: string } }>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (inner) => new PostgresIntrospector(inner),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });

  it('names the operation and the first table', () => {
    expect(
      describeQuery(db.selectFrom('payins as p').selectAll().where('id', '=', 'secret-id').compile()),
    ).toEqual({ operation: 'SELECT', table: 'payins', summary: 'SELECT payins' });
    expect(describeQuery(db.insertInto('outbox').values({ id: 'x' }).compile()).summary).toBe(
      'INSERT outbox',
    );
    expect(describeQuery(db.updateTable('payins').set({ amount: 1 }).compile()).summary).toBe(
      'UPDATE payins',
    );
    expect(describeQuery(db.deleteFrom('outbox').compile()).summary).toBe('DELETE outbox');
  });

  it('takes the first keyword of raw SQL', () => {
    expect(describeQuery(sql`select ${'4111111111111111'}::text`.compile(db)).summary).toBe('SELECT');
    expect(describeQuery({ sql: 'begin', query: { kind: 'RawNode' } } as never).summary).toBe('BEGIN');
  });

  it('tells an error by its code or class, never its message', () => {
    expect(errorType(Object.assign(new Error('card 4111 refused'), { code: 'VALIDATION_FAILED' }))).toBe(
      'VALIDATION_FAILED',
    );
    expect(errorType(new TypeError('secret sk_live_x'))).toBe('TypeError');
    expect(errorType('oops')).toBe('unknown');
  });
});

describe('the exporter', () => {
  it("passes on our spans only, never another library's (Next.js)", async () => {
    const exported: string[] = [];
    const exporter = ownSpansOnly({
      export: (spans, done) => {
        exported.push(...spans.map((span) => span.name));
        done({ code: 0 });
      },
      shutdown: () => Promise.resolve(),
    });
    const span = (name: string, scope: string) =>
      ({ name, instrumentationScope: { name: scope } }) as unknown as Parameters<
        typeof exporter.export
      >[0][number];
    await new Promise((resolve) =>
      exporter.export([span('POST /api/payins/:idPayin', 'payin-gateway'), span('GET', 'next.js')], resolve),
    );
    expect(exported).toEqual(['POST /api/payins/:idPayin']);
  });
});
