import 'server-only';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockedTargetError, type OutboundGuard } from './outbound-guard';

export interface GuardedPostRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** The whole attempt: resolution, connection, request, response head and excerpt. */
  timeoutMs: number;
  /** How much of the response body to keep; the rest is never read. */
  excerptBytes: number;
}

export type GuardedPostResult =
  | { kind: 'response'; status: number; headers: IncomingHttpHeaders; excerpt: string }
  | { kind: 'error'; message: string; blocked: boolean; timedOut: boolean };

class AttemptTimeoutError extends Error {
  constructor(ms: number) {
    super(`no complete answer within ${ms} ms`);
    this.name = 'AttemptTimeoutError';
  }
}

/**
 * POSTs through the SSRF guard with node:http(s): no connection pooling, no redirects followed
 * (node never follows them), one deadline for everything. Never throws: failures are results.
 */
export function postGuarded(guard: OutboundGuard, input: GuardedPostRequest): Promise<GuardedPostResult> {
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return Promise.resolve({ kind: 'error', message: 'invalid URL', blocked: true, timedOut: false });
  }
  const refusal = guard.checkUrl(url);
  if (refusal !== undefined) {
    const message = new BlockedTargetError(refusal).message;
    return Promise.resolve({ kind: 'error', message, blocked: true, timedOut: false });
  }

  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: GuardedPostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const fail = (error: unknown) =>
      finish({
        kind: 'error',
        message: error instanceof Error ? error.message : String(error),
        blocked: error instanceof BlockedTargetError,
        timedOut: error instanceof AttemptTimeoutError,
      });

    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, {
      method: 'POST',
      headers: {
        ...input.headers,
        'content-length': String(Buffer.byteLength(input.body)),
        connection: 'close',
      },
      agent: false,
      lookup: guard.lookup,
    });
    const timer = setTimeout(() => {
      const error = new AttemptTimeoutError(input.timeoutMs);
      fail(error);
      request.destroy(error);
    }, input.timeoutMs);

    request.on('error', fail);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        // NUL cannot be stored in a PostgreSQL text column.
        const excerpt = Buffer.concat(chunks)
          .subarray(0, input.excerptBytes)
          .toString('utf8')
          .replaceAll('\u0000', '\uFFFD');
        finish({ kind: 'response', status: response.statusCode ?? 0, headers: response.headers, excerpt });
        response.destroy();
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= input.excerptBytes) done();
      });
      response.on('end', done);
      // The status is what counts: a body cut short still leaves a complete answer.
      response.on('error', done);
      response.on('aborted', done);
    });
    request.end(input.body);
  });
}
