import 'server-only';
export { traceDialect, describeQuery } from './database';
export {
  errorType,
  inServerSpan,
  inSpan,
  isTracing,
  recordHttpStatus,
  SpanKind,
  type Attributes,
  type Span,
} from './spans';
export { DEFAULT_SERVICE_NAME, defaultServiceName, tracingRequested } from './switch';
export { startTracing, type Tracing } from './tracing';
