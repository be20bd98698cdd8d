import 'server-only';
import type { NodeSDKConfiguration } from '@opentelemetry/sdk-node';
import { setTracing, TRACER_NAME } from './spans';
import { defaultServiceName, tracingRequested } from './switch';

type Env = Readonly<Record<string, string | undefined>>;
type SpanExporter = NodeSDKConfiguration['traceExporter'];

/** The running SDK, or nothing; `shutdown` exports what is buffered and stops (graceful stop). */
export interface Tracing {
  readonly enabled: boolean;
  shutdown(): Promise<void>;
}

const OFF: Tracing = { enabled: false, shutdown: () => Promise.resolve() };

/** The OTLP exporter of the protocol asked for (the SDK's default: http/protobuf); each reads its OTEL_EXPORTER_OTLP_* variables. */
async function otlpExporter(env: Env): Promise<SpanExporter> {
  const protocol = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL)?.trim();
  if (protocol === 'http/json')
    return new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter();
  if (protocol === 'grpc')
    return new (await import('@opentelemetry/exporter-trace-otlp-grpc')).OTLPTraceExporter();
  return new (await import('@opentelemetry/exporter-trace-otlp-proto')).OTLPTraceExporter();
}

/**
 * Passes on our spans only. Next.js, in this process, finds the global tracer too and would export
 * spans of its own whose `http.target` is the hosted page's URL, query (and its token) included.
 */
export function ownSpansOnly(exporter: SpanExporter): SpanExporter {
  return {
    export: (spans, done) =>
      exporter.export(
        spans.filter((span) => span.instrumentationScope.name === TRACER_NAME),
        done,
      ),
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
  };
}

/**
 * Starts OpenTelemetry tracing when the standard OTEL_* variables ask for it (switch.ts); the SDK
 * (`@opentelemetry/sdk-node`) and the exporter are imported only then. The SDK reads the rest of
 * the OTEL_* variables itself: headers, sampler, propagators, resource attributes, batch sizes.
 * Call before the database opens: connections opened earlier are not traced.
 */
export async function startTracing(env: Env = process.env): Promise<Tracing> {
  if (!tracingRequested(env)) return OFF;
  // Traces only: metrics stay with Prometheus (decision 037) and logs with pino, unless asked for.
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  const { NodeSDK } = await import('@opentelemetry/sdk-node');
  const serviceName = defaultServiceName(env);
  const sdk = new NodeSDK({
    ...(serviceName && { serviceName }),
    traceExporter: ownSpansOnly(await otlpExporter(env)),
    instrumentations: [],
  });
  sdk.start();
  setTracing(true);
  return {
    enabled: true,
    shutdown: async () => {
      setTracing(false);
      await sdk.shutdown();
    },
  };
}
