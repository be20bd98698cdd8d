import 'server-only';
import { IN_PROCESS_API, type PayinApiTransport } from '@/lib/api/payin-client';

/**
 * This deployment's payin API: the address in PAYIN_API_URL when the operator set one, else this
 * process's own API without a network hop, else this server over loopback.
 */
export function defaultTransport(): PayinApiTransport {
  const configured = process.env.PAYIN_API_URL;
  const inProcess = (globalThis as Record<symbol, unknown>)[IN_PROCESS_API] as
    ((request: Request) => Promise<Response>) | undefined;
  if (configured === undefined && inProcess) return { baseUrl: 'http://in-process/api', fetch: inProcess };
  return {
    baseUrl: configured ?? `http://127.0.0.1:${process.env.PORT ?? '3000'}/api`,
    fetch: (request) => fetch(request),
  };
}
