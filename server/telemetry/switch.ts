import 'server-only';

/** The service name spans carry unless OTEL_SERVICE_NAME (or service.name in OTEL_RESOURCE_ATTRIBUTES) says otherwise. */
export const DEFAULT_SERVICE_NAME = 'payin-gateway';

type Env = Readonly<Record<string, string | undefined>>;

const isSet = (value: string | undefined) => value !== undefined && value.trim() !== '';

/**
 * Whether traces are exported (docs/decisions/048): only when an OTLP endpoint is named
 * (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) and OTEL_SDK_DISABLED is not
 * true, nor OTEL_TRACES_EXPORTER "none". Otherwise the SDK is never loaded.
 */
export function tracingRequested(env: Env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  if (env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === 'none') return false;
  return isSet(env.OTEL_EXPORTER_OTLP_ENDPOINT) || isSet(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/** Our default name, or undefined where the operator named the service (the SDK reads theirs). */
export function defaultServiceName(env: Env): string | undefined {
  if (isSet(env.OTEL_SERVICE_NAME)) return undefined;
  if (/(^|,)\s*service\.name\s*=/.test(env.OTEL_RESOURCE_ATTRIBUTES ?? '')) return undefined;
  return DEFAULT_SERVICE_NAME;
}
