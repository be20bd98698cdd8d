/** What the console's BFF answered: the status and the API's JSON (or problem+json) as it is. */
export interface ConsoleReply {
  status: number;
  body: unknown;
}

/** A call to the public API through the console's BFF (`/console/bff/api/<api path>`); never throws. */
export async function consoleFetch(
  method: 'GET' | 'POST',
  apiPath: string,
  body?: unknown,
): Promise<ConsoleReply> {
  try {
    const response = await fetch(`/console/bff/api${apiPath}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
    });
    return { status: response.status, body: await response.json().catch(() => undefined) };
  } catch {
    return { status: 0, body: undefined };
  }
}
