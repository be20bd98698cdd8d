import { OpenApiConformance } from './openapi-conformance';
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

/** The API's own documents: not operations of the document (one is the document, one an HTML page). */
const DOCUMENT_PATHS = new Set(['/openapi.json', '/reference']);

/**
 * A small HTTP client for the payin API as a merchant would call it. Every answer it receives is
 * held to the OpenAPI document of the server it talks to (docs/decisions/031): an answer the
 * document does not describe fails the test that made the request.
 */
export class ApiClient {
  private document: Promise<OpenApiConformance> | undefined;

  constructor(readonly baseUrl: string) {}

  /** The server's document, read once per client (a client talks to one server). */
  private conformance(): Promise<OpenApiConformance> {
    this.document ??= (async () => {
      const response = await fetch(`${this.baseUrl}/openapi.json`);
      const text = await response.text();
      if (response.status !== 200) throw new Error(`GET /openapi.json answered ${response.status}: ${text}`);
      return OpenApiConformance.of(text);
    })();
    const loading = this.document;
    loading.catch(() => {
      if (this.document === loading) this.document = undefined;
    });
    return loading;
  }

  /**
   * The path below /api a request is checked at, or undefined when there is nothing to check it
   * against: a path outside /api (the web app), the document and the HTML reference page, and
   * OPTIONS (CORS preflights, which OpenAPI does not describe).
   */
  private checkedPath(method: string, path: string): string | undefined {
    if (method.toUpperCase() === 'OPTIONS') return undefined;
    const { pathname } = new URL(`${this.baseUrl}${path}`);
    if (!pathname.startsWith('/api/')) return undefined;
    const apiPath = pathname.slice('/api'.length);
    return DOCUMENT_PATHS.has(apiPath) ? undefined : apiPath;
  }

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const apiPath = this.checkedPath(method, path);
    // Read before the first request, so a test's requests reach the server in the order it sends
    // them; a server not reachable yet is asked again once the request has been answered.
    const document = apiPath === undefined ? undefined : await this.conformance().catch(() => undefined);
    const response = await this.send<T>(method, path, options);
    if (apiPath !== undefined) {
      const problems = (document ?? (await this.conformance())).problems(
        method.toUpperCase(),
        apiPath,
        response,
      );
      if (problems.length > 0)
        throw new Error(
          `The answer to ${method} ${path} (${response.status}) is not what the OpenAPI document says:\n  ` +
            `${problems.slice(0, 20).join('\n  ')}\nBody: ${response.text.slice(0, 2000)}`,
        );
    }
    return response;
  }

  private async send<T>(method: string, path: string, options: RequestOptions): Promise<ApiResponse<T>> {
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
