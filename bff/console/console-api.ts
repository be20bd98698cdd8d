import 'server-only';
import { headers } from 'next/headers';
import type { PayinApiTransport } from '@/lib/api/payin-client';
import { defaultTransport } from '../transport';
import type { ConsoleSession } from './session';

/** What the API answered: status, the JSON body (or undefined), and Retry-After when given. */
export interface ApiReply {
  status: number;
  body: unknown;
  retryAfter?: string | undefined;
  /** The API could not be reached at all. */
  unreachable?: boolean;
}

/**
 * The console's token: every operation of the merchant (the console acts as the merchant's own
 * server), short-lived, minted with the sealed credentials and kept in memory until shortly before
 * it expires. The browser never sees it.
 */
export const CONSOLE_OPERATIONS = ['GET /.*', 'POST /.*'];
const TOKEN_VALIDITY_SECS = 600;
const RENEW_BEFORE_MS = 60_000;
const MAX_CACHED = 1000;
const tokens = new Map<string, { token: string; renewAt: number }>();

async function forwardedFor(): Promise<string | undefined> {
  return (await headers()).get('x-forwarded-for') ?? undefined;
}

/** A file's text sent as the request body as it is (a bank statement), with its content type. */
export interface RawBody {
  text: string;
  contentType: string;
}

/** One request to the public API; JSON (or a statement's text) in, JSON out, never throws. */
export async function apiRequest(
  method: 'GET' | 'POST',
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

/** Asks the API for a token with the merchant's credentials, on behalf of the browser's address. */
export async function requestToken(
  credentials: { merchantCode: string; secret: string },
  request: { operations: string[]; validitySecs: number },
): Promise<ApiReply> {
  return apiRequest('POST', '/auth-tokens', {
    body: { ...credentials, ...request },
    forwardedFor: await forwardedFor(),
  });
}

/** The public API, as the signed-in merchant. */
export class ConsoleApi {
  constructor(
    private readonly session: ConsoleSession,
    private readonly fingerprint: string,
  ) {}

  get merchantCode(): string {
    return this.session.merchantCode;
  }

  get isTest(): boolean {
    return this.session.isTest;
  }

  /** The console's current token, or the API's refusal (credentials changed, rate limited…). */
  private async token(): Promise<{ token: string } | { failure: ApiReply }> {
    const cached = tokens.get(this.fingerprint);
    if (cached && cached.renewAt > Date.now()) return { token: cached.token };
    const reply = await requestToken(this.session, {
      operations: CONSOLE_OPERATIONS,
      validitySecs: TOKEN_VALIDITY_SECS,
    });
    const token = (reply.body as { token?: unknown } | undefined)?.token;
    if (reply.status !== 200 || typeof token !== 'string') return { failure: reply };
    if (tokens.size >= MAX_CACHED) tokens.delete(tokens.keys().next().value as string);
    tokens.set(this.fingerprint, {
      token,
      renewAt: Date.now() + TOKEN_VALIDITY_SECS * 1000 - RENEW_BEFORE_MS,
    });
    return { token };
  }

  /** Forgets the cached token (sign-out). */
  forget(): void {
    tokens.delete(this.fingerprint);
  }

  /** One API call as the merchant (a 429 is waited out by the transport, bff/transport.ts). */
  async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<ApiReply> {
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

  /** Mints a token for the merchant (the developers page, the scenario builder). */
  async mint(
    path: '/auth-tokens' | '/auth-tokens-by-action',
    body: Record<string, unknown>,
  ): Promise<ApiReply> {
    return apiRequest('POST', path, {
      body: { ...body, merchantCode: this.session.merchantCode, secret: this.session.secret },
      forwardedFor: await forwardedFor(),
    });
  }
}
