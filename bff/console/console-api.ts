import 'server-only';
import { headers } from 'next/headers';
import type { PayinApiTransport } from '@/lib/api/payin-client';
import { defaultTransport } from '../transport';
import { sessionFingerprint, type ConsoleSession } from './person';

/** What the API answered: status, the JSON body (or undefined), and Retry-After when given. */
export interface ApiReply {
  status: number;
  body: unknown;
  retryAfter?: string | undefined;
  /** The API could not be reached at all. */
  unreachable?: boolean;
}

/** Console tokens are renewed this long before they expire (they live five minutes). */
const RENEW_BEFORE_MS = 60_000;
const MAX_CACHED = 1000;
const tokens = new Map<string, { token: string; renewAt: number }>();

export async function forwardedFor(): Promise<string | undefined> {
  return (await headers()).get('x-forwarded-for') ?? undefined;
}

/** A file's text sent as the request body as it is (a bank statement), with its content type. */
export interface RawBody {
  text: string;
  contentType: string;
}

/** One request to the public API; JSON (or a statement's text) in, JSON out, never throws. */
export async function apiRequest(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  options: {
    token?: string;
    body?: unknown;
    raw?: RawBody;
    forwardedFor?: string | undefined;
    transport?: PayinApiTransport;
  } = {},
): Promise<ApiReply> {
  const transport = options.transport ?? defaultTransport();
  const requestHeaders: Record<string, string> = { accept: 'application/json', 'x-api-version': '2' };
  if (options.token) requestHeaders.authorization = `Bearer ${options.token}`;
  if (options.raw) requestHeaders['content-type'] = options.raw.contentType;
  else if (options.body !== undefined) requestHeaders['content-type'] = 'application/json';
  if (options.forwardedFor) requestHeaders['x-forwarded-for'] = options.forwardedFor;
  let response: Response;
  try {
    response = await transport.fetch(
      new Request(`${transport.baseUrl}${path}`, {
        method,
        headers: requestHeaders,
        body: options.raw
          ? options.raw.text
          : options.body === undefined
            ? undefined
            : JSON.stringify(options.body),
        cache: 'no-store',
        signal: AbortSignal.timeout(15_000),
      }),
    );
  } catch {
    return { status: 503, body: undefined, unreachable: true };
  }
  const body: unknown = await response.json().catch(() => undefined);
  return { status: response.status, body, retryAfter: response.headers.get('retry-after') ?? undefined };
}

/**
 * The public API as the signed-in person: a short-lived token the server mints for the session
 * with the operations of the person's role (docs/decisions/035), kept in memory until shortly
 * before it expires. The browser never sees it; it dies with the session.
 */
export class ConsoleApi {
  constructor(
    private readonly session: ConsoleSession,
    private readonly secret: string,
  ) {}

  get merchantCode(): string {
    return this.session.merchantCode;
  }

  get isTest(): boolean {
    return this.session.isTest;
  }

  private get fingerprint(): string {
    return sessionFingerprint(this.secret);
  }

  /** The console's current token, or the API's refusal (the session ended, rate limited…). */
  private async token(): Promise<{ token: string } | { failure: ApiReply }> {
    const cached = tokens.get(this.fingerprint);
    if (cached && cached.renewAt > Date.now()) return { token: cached.token };
    const reply = await apiRequest('POST', '/console/session/tokens', {
      token: this.secret,
      forwardedFor: await forwardedFor(),
    });
    const body = reply.body as { token?: unknown; expiresAt?: unknown } | undefined;
    if (reply.status !== 200 || typeof body?.token !== 'string' || typeof body.expiresAt !== 'string')
      return { failure: reply };
    if (tokens.size >= MAX_CACHED) tokens.delete(tokens.keys().next().value as string);
    tokens.set(this.fingerprint, {
      token: body.token,
      renewAt: Date.parse(body.expiresAt) - RENEW_BEFORE_MS,
    });
    return { token: body.token };
  }

  /** Forgets the cached token (sign-out). */
  forget(): void {
    tokens.delete(this.fingerprint);
  }

  /** One API call as the person (a 429 is waited out by the transport, bff/transport.ts). */
  async call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<ApiReply> {
    const granted = await this.token();
    if ('failure' in granted) return granted.failure;
    return apiRequest(method, path, { token: granted.token, body, forwardedFor: await forwardedFor() });
  }

  /** A POST whose body is a file's text as it is (POST /collection/statements). */
  async upload(path: string, raw: RawBody): Promise<ApiReply> {
    const granted = await this.token();
    if ('failure' in granted) return granted.failure;
    return apiRequest('POST', path, { token: granted.token, raw, forwardedFor: await forwardedFor() });
  }

  /** One of the console's own endpoints (/console/...), with the session's secret. */
  async console(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<ApiReply> {
    return apiRequest(method, path, { token: this.secret, body, forwardedFor: await forwardedFor() });
  }

  /** Mints a token as the person (the developers page, the scenario builder): their role decides. */
  async mint(
    path: '/auth-tokens' | '/auth-tokens-by-action',
    body: Record<string, unknown>,
  ): Promise<ApiReply> {
    return this.console('POST', `/console/session${path}`, body);
  }
}
