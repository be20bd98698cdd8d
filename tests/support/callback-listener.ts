import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ListenerHit {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  /** Address the request came in on (which local address the sender reached). */
  localAddress: string;
}

/** What the listener answers: a response, or 'hang' (never answer: a stuck receiver). */
export type ListenerAnswer =
  { status: number; headers?: Record<string, string>; body?: string; delayMs?: number } | 'hang';
export type Responder = (hit: ListenerHit, index: number) => ListenerAnswer;

export interface CallbackListener {
  port: number;
  /** A URL on 127.0.0.1 (or the host given) to this listener. */
  url(path?: string): string;
  /** Every request received, in order. */
  readonly hits: ListenerHit[];
  /** Changes how later requests are answered. */
  respond(responder: Responder): void;
  /** Waits (polling, with a deadline) until `accept` holds for the hits. */
  waitFor(accept: (hits: readonly ListenerHit[]) => boolean, timeoutMs?: number): Promise<ListenerHit[]>;
  /** Drops connections left hanging. */
  releaseHanging(): void;
  close(): Promise<void>;
}

function flatHeaders(request: IncomingMessage): Record<string, string> {
  return Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(', ') : (value ?? ''),
    ]),
  );
}

/**
 * A real HTTP receiver for callbacks, started by a test: records every request and answers as
 * told (200 by default). Listening on "::" (dual stack) it is also the canary for every loopback
 * and local-address spelling in SSRF tests.
 */
export async function startCallbackListener(
  options: { host?: string; urlHost?: string } = {},
): Promise<CallbackListener> {
  const hits: ListenerHit[] = [];
  let responder: Responder = () => ({ status: 200, body: 'ok' });
  const hanging = new Set<Socket>();
  const sockets = new Set<Socket>();

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const hit: ListenerHit = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: flatHeaders(request),
        body: Buffer.concat(chunks).toString('utf8'),
        localAddress: request.socket.localAddress ?? '',
      };
      hits.push(hit);
      const answer = responder(hit, hits.length - 1);
      if (answer === 'hang') {
        hanging.add(request.socket);
        return;
      }
      const send = () =>
        response
          .writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers })
          .end(answer.body ?? '');
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = options.urlHost ?? (host === '::' ? '127.0.0.1' : host);

  return {
    port,
    hits,
    url: (path = '/callbacks') => `http://${urlHost}:${port}${path}`,
    respond(next) {
      responder = next;
    },
    async waitFor(accept, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (!accept(hits)) {
        if (Date.now() > deadline)
          throw new Error(`listener: condition not met within ${timeoutMs} ms (${hits.length} hits)`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return [...hits];
    },
    releaseHanging() {
      for (const socket of hanging) socket.destroy();
      hanging.clear();
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Verifies a received callback with the standardwebhooks library; throws when it does not verify. */
export function verifyHit(hit: ListenerHit, callbackSecret: string): Record<string, unknown> {
  return new Webhook(callbackSecret).verify(hit.body, hit.headers) as Record<string, unknown>;
}
