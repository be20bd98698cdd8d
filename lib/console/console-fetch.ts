/** A failed call to the console's BFF, with the problem's detail to show. */
export class ConsoleFetchError extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(detail);
    this.name = 'ConsoleFetchError';
  }
}

/**
 * The console's browser code calling its BFF: JSON in and out, posts marked as JSON (the proxy
 * wants them so), and a problem+json answer thrown with its detail.
 */
export async function consoleFetch<T>(
  url: string,
  init: { method?: 'GET' | 'POST'; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      accept: 'application/json',
      ...(init.body !== undefined && { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    cache: 'no-store',
    credentials: 'same-origin',
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const problem = body as { detail?: unknown; title?: unknown } | undefined;
    const detail =
      typeof problem?.detail === 'string'
        ? problem.detail
        : typeof problem?.title === 'string'
          ? problem.title
          : `HTTP ${response.status}`;
    throw new ConsoleFetchError(response.status, detail);
  }
  return body as T;
}
