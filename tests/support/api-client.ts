import type { TestMerchant } from './test-api';

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  /** Raw body text or bytes instead of JSON (malformed input tests). */
  rawBody?: string | Uint8Array;
  headers?: Record<string, string>;
  /** X-API-Version to send; null sends none. */
  version?: string | null;
}

/** A small HTTP client for the payin API as a merchant would call it. */
export class ApiClient {
  constructor(readonly baseUrl: string) {}

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    const version = options.version === undefined ? '2' : options.version;
    if (version !== null) headers['x-api-version'] = version;
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
    let body: string | Uint8Array<ArrayBuffer> | undefined;
    if (typeof options.rawBody === 'string') body = options.rawBody;
    else if (options.rawBody !== undefined) body = new Uint8Array(options.rawBody);
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined && headers['content-type'] === undefined)
      headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  /** Issues a token for operations; throws unless the API answers 200. */
  async token(
    merchant: TestMerchant,
    operations: string[],
    extra: Record<string, unknown> = {},
  ): Promise<string> {
    const response = await this.request<{ token: string }>('POST', '/auth-tokens', {
      body: { merchantCode: merchant.merchantCode, secret: merchant.secret, operations, ...extra },
    });
    if (response.status !== 200) throw new Error(`token request failed: ${response.status} ${response.text}`);
    return response.body.token;
  }

  async tokenByAction(
    merchant: TestMerchant,
    action: string,
    idPayment: string,
    extra: Record<string, unknown> = {},
  ): Promise<string> {
    const response = await this.request<{ token: string }>('POST', '/auth-tokens-by-action', {
      body: { merchantCode: merchant.merchantCode, secret: merchant.secret, action, idPayment, ...extra },
    });
    if (response.status !== 200) throw new Error(`token request failed: ${response.status} ${response.text}`);
    return response.body.token;
  }
}

/** A general merchant token for every payin operation. */
export const ALL_PAYIN_OPERATIONS = [
  'POST /payins/.*',
  'GET /payins/.*',
  'GET /merchant-info',
  'GET /currencies',
  'GET /payment-operators',
  'POST /sandbox/payins/.*',
];

/**
 * A client that waits out 429s (for Retry-After) and sends the request again: for tests that make
 * many calls as one merchant and are about something else than the rate limit.
 */
export class PacedApiClient extends ApiClient {
  override async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    for (let attempt = 0; ; attempt++) {
      const response = await super.request<T>(method, path, options);
      if (response.status !== 429 || attempt >= 5) return response;
      const seconds = Number(response.headers.get('retry-after') ?? '1');
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    }
  }
}
