import 'server-only';
import {
  context,
  INVALID_SPAN_CONTEXT,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Span,
  type TextMapGetter,
} from '@opentelemetry/api';

export { SpanKind, type Attributes, type Span };

/** The instrumentation scope of our spans: the exporter sends these only (tracing.ts). */
export const TRACER_NAME = 'payin-gateway';
const tracer = trace.getTracer(TRACER_NAME);
/** Set once the SDK runs; until then every helper here calls straight through (no span, no context). */
let tracing = false;
/** A span that records nothing: what the helpers hand over while tracing is off. */
const NOOP_SPAN: Span = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

export function setTracing(on: boolean): void {
  tracing = on;
}

export function isTracing(): boolean {
  return tracing;
}

/** Whether some span is open in this async context (a request, a callback attempt, a reconciliation). */
export function inTrace(): boolean {
  return tracing && trace.getSpan(context.active()) !== undefined;
}

/**
 * What a span says of an error: its code (AppError, Node system errors) or its class, never its
 * message, which may quote input (docs/decisions/048: no values in spans).
 */
export function errorType(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' && /^[A-Z0-9_]{1,64}$/.test(code) ? code : error.name;
  }
  return 'unknown';
}

/**
 * Runs `run` in a span named `name`, a child of the active one: a throw marks the span an error
 * (with its type) and passes on. While tracing is off, `run` is simply called with a no-op span.
 */
export function inSpan<T>(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes },
  run: (span: Span) => Promise<T>,
): Promise<T> {
  if (!tracing) return run(NOOP_SPAN);
  return tracer.startActiveSpan(name, options, async (span) => {
    try {
      return await run(span);
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      span.setAttribute('error.type', errorType(error));
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Reads a request's headers for the propagator (traceparent, tracestate, baggage). */
interface HeaderSource {
  header(name: string): string | undefined;
}
const headerGetter: TextMapGetter<HeaderSource> = {
  keys: () => [],
  get: (carrier, key) => carrier.header(key),
};

/**
 * The server span of one API request, named by its route template (`POST /api/payins/:idPayin`),
 * continuing the caller's trace when it sent a traceparent. The caller reports the status it
 * answered with through `recordHttpStatus` (a thrown AppError is an answer too, not a failure).
 */
export function inServerSpan<T>(
  request: { method: string; route: string; headers: HeaderSource },
  run: (span: Span) => Promise<T>,
): Promise<T> {
  if (!tracing) return run(NOOP_SPAN);
  // The caller's traceparent or a new trace: never the hosted app's (Next's) span around an
  // in-process call, which is not exported (tracing.ts).
  const parent = propagation.extract(ROOT_CONTEXT, request.headers, headerGetter);
  return tracer.startActiveSpan(
    `${request.method} ${request.route}`,
    {
      kind: SpanKind.SERVER,
      attributes: { 'http.request.method': request.method, 'http.route': request.route },
    },
    parent,
    async (span) => {
      try {
        return await run(span);
      } finally {
        span.end();
      }
    },
  );
}

/** The status the request was answered with; 5xx marks the span an error (4xx is the client's). */
export function recordHttpStatus(span: Span, status: number, error?: unknown): void {
  if (!tracing) return;
  span.setAttribute('http.response.status_code', status);
  if (status >= 500) {
    span.setStatus({ code: SpanStatusCode.ERROR });
    span.setAttribute('error.type', error === undefined ? String(status) : errorType(error));
  }
}
