import 'server-only';
import { randomUUID } from 'node:crypto';
import {
  createServer,
  STATUS_CODES,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';
import { AppError } from '../errors';
import type { Logger } from '../logger';
import { isLoopbackAddress, normaliseAddress } from '../net';
import { MAX_BODY_BYTES } from './body';
import { problemBody, PROBLEM_CONTENT_TYPE } from './problem';
import { loggablePath } from './request-info';

export type Handler = (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;

export interface FrontDoorOptions {
  logger: Logger;
  /** The payin API (Hono) for /api and /api/*. */
  api: Handler;
  /** The hosted app (Next) for everything else; absent on API-only instances. */
  web: Handler | undefined;
  /** The public address: its host stands in for the Host an HTTP/1.0 request may omit. */
  publicUrl: string;
  trustProxy: boolean;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  /** 0: no limit. */
  maxConnectionsPerAddress: number;
}

export interface FrontDoor {
  server: Server;
  /**
   * Graceful stop: stops accepting connections, lets in-flight requests finish (each answered with
   * Connection: close), gives idle keep-alive connections `idleGraceMs` to send one last request,
   * then closes them; anything still open at `deadlineMs` is cut.
   */
  stop(options: { idleGraceMs: number; deadlineMs: number }): Promise<void>;
}

const FORWARDED_HEADERS = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'forwarded'];
/** A Host (or X-Forwarded-Host) value: a name or address and an optional port, nothing else. */
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** Prometheus' conventional path, served by the API app beside /api. */
export function isMetricsPath(url: string): boolean {
  return url === '/metrics' || url.startsWith('/metrics?');
}

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function validHost(value: string | undefined): value is string {
  if (value === undefined || value.length > 255 || !HOST.test(value)) return false;
  const port = /:(\d+)$/.exec(value.startsWith('[') ? value.slice(value.indexOf(']')) : value)?.[1];
  return port === undefined || Number(port) <= 65535;
}

/** Every segment decodes as UTF-8 percent-encoding (`%` alone or `%E0%A4` would make a page throw). */
function decodablePath(path: string): boolean {
  try {
    for (const segment of path.split('/')) decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

function sendProblem(response: ServerResponse, request: IncomingMessage, error: AppError): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const requestId = randomUUID();
  const target = request.url ?? '/';
  // The path as sent; problemBody percent-encodes what a URI reference may not hold.
  const instance = target.startsWith('/') ? (target.split(/[?#]/, 1)[0] ?? '/') : '/';
  const body = JSON.stringify(problemBody(error, instance, requestId));
  response.writeHead(error.status, {
    'content-type': PROBLEM_CONTENT_TYPE,
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    'x-request-id': requestId,
    ...error.headers,
  });
  response.end(body);
}

/**
 * A whole HTTP/1.1 problem+json response written straight to a socket, for answers given before or
 * without a parsed request (a connection over the limit, a request Node's parser refused); the
 * connection is closed after it.
 */
function rawProblem(error: AppError, instance: string, headers: Record<string, string> = {}): string {
  const body = JSON.stringify(problemBody(error, instance, randomUUID()));
  const lines = Object.entries({
    'content-type': PROBLEM_CONTENT_TYPE,
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    ...headers,
    connection: 'close',
  }).map(([name, value]) => `${name}: ${value}\r\n`);
  return `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? ''}\r\n${lines.join('')}\r\n${body}`;
}

/** Node's parser errors in words a client can act on. */
const PARSER_ERRORS: Record<string, string> = {
  HPE_INVALID_METHOD: 'The request line is malformed.',
  HPE_INVALID_URL: 'The request target holds characters a URL may not (percent-encode them).',
  HPE_INVALID_VERSION: 'The request line is malformed.',
  HPE_INVALID_CONSTANT: 'The request is not HTTP/1.1.',
  HPE_INVALID_HEADER_TOKEN: 'A header name or value holds characters HTTP does not allow.',
  HPE_LF_EXPECTED: 'Lines must end with CRLF.',
  HPE_CR_EXPECTED: 'Lines must end with CRLF.',
  HPE_UNEXPECTED_CONTENT_LENGTH: 'Content-Length is repeated or sent with Transfer-Encoding.',
  HPE_INVALID_CONTENT_LENGTH: 'Content-Length is not a single number.',
  HPE_INVALID_TRANSFER_ENCODING: 'Transfer-Encoding must end with chunked.',
  HPE_INVALID_CHUNK_SIZE: 'The chunked body is malformed.',
};

/**
 * The answer to a request Node's parser refused (or that timed out) with problem+json like any
 * other error, instead of Node's bare "400 Bad Request"; undefined when the client is gone.
 */
function parserRefusal(error: Error & { code?: string; rawPacket?: Buffer }): string | undefined {
  if (error.code === 'ECONNRESET') return undefined;
  const problem =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new AppError('HEADERS_TOO_LARGE', 'The request line and headers are larger than the server takes.')
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new AppError('REQUEST_TIMEOUT', 'The request did not arrive in time.')
        : new AppError(
            'BAD_REQUEST',
            PARSER_ERRORS[error.code ?? ''] ?? 'The request is not valid HTTP/1.1.',
          );
  // The target as sent, when the request line got that far: the problem's instance.
  // Bytes off the wire (read as latin1): any beyond ASCII is written as its own escape.
  const target = /^[A-Z]+ (\/[^\s?#]*)/.exec(error.rawPacket?.toString('latin1') ?? '')?.[1] ?? '/';
  const escaped = target.replace(
    /[\u0080-\u00ff]/g,
    (byte) => `%${byte.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return rawProblem(problem, escaped);
}

/**
 * Normalises what comes off the wire before either app sees it, so no request shape they were not
 * written for reaches them: the request target (origin form only; `*` and absolute form handled
 * here), Host (required unless HTTP/1.0, where the public host stands in), forwarded headers (kept
 * only from a trusted proxy or our own loopback, else replaced by what the connection says), and on
 * the hosted app malformed percent-encoding and bodies over the API's limit.
 */
function normalise(request: IncomingMessage): AppError | 'options-asterisk' | undefined {
  const target = request.url ?? '';
  if (target === '*') {
    return request.method === 'OPTIONS'
      ? 'options-asterisk'
      : new AppError('BAD_REQUEST', 'The request target "*" is only meaningful for OPTIONS.');
  }
  if (/^https?:\/\//i.test(target)) {
    // Absolute form (RFC 9112 §3.2.2): its authority replaces Host.
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return new AppError('BAD_REQUEST', 'The request target is not a valid URL.');
    }
    request.url = `${url.pathname}${url.search}`;
    request.headers.host = url.host;
  } else if (!target.startsWith('/')) {
    return new AppError('BAD_REQUEST', 'The request target must be a path.');
  }
  return undefined;
}

/** What the front door knows of a connection, worked out once rather than per request. */
interface ConnectionState {
  /** Requests in flight on it. */
  active: number;
  /** Its peer is a proxy we trust with X-Forwarded-* (TRUST_PROXY, or our own loopback). */
  trusted: boolean;
  peer: string | undefined;
  /** The last Host it sent that passed validation (clients repeat it on every request). */
  validHost: string | undefined;
}

const STATE = Symbol('front-door connection state');
type TrackedResponse = ServerResponse & { [STATE]?: ConnectionState };

export function createFrontDoor(options: FrontDoorOptions): FrontDoor {
  const { logger } = options;
  const publicHost = new URL(options.publicUrl).host;
  const connectionsByAddress = new Map<string, number>();
  const sockets = new Map<Socket, ConnectionState>();
  let stopping = false;
  let onSocketsChanged: (() => void) | undefined;

  /** Shared by every response (no closure per request). */
  function responseClosed(this: TrackedResponse): void {
    const state = this[STATE];
    if (state) state.active--;
    onSocketsChanged?.();
  }

  function prepare(
    request: IncomingMessage,
    state: ConnectionState | undefined,
  ): AppError | 'options-asterisk' | undefined {
    // The common case, a path, skips the request-target checks.
    if (request.url?.charCodeAt(0) !== 47) {
      const targetProblem = normalise(request);
      if (targetProblem !== undefined) return targetProblem;
    }
    const { headers } = request;

    const host = headers.host;
    if (host === undefined || host === '') {
      if (request.httpVersionMajor === 1 && request.httpVersionMinor === 0) headers.host = publicHost;
      else return new AppError('BAD_REQUEST', 'HTTP/1.1 requests must carry a Host header.');
    } else if (host !== state?.validHost) {
      if (!validHost(host)) return new AppError('BAD_REQUEST', 'The Host header is malformed.');
      if (state) state.validHost = host;
    }

    const forwarded =
      headers['x-forwarded-for'] !== undefined ||
      headers['x-forwarded-host'] !== undefined ||
      headers['x-forwarded-proto'] !== undefined ||
      headers.forwarded !== undefined;
    if (forwarded) {
      if (state?.trusted ?? false) {
        if (headers['x-forwarded-host'] !== undefined && !validHost(headers['x-forwarded-host'] as string))
          delete headers['x-forwarded-host'];
        const proto = headers['x-forwarded-proto'];
        if (proto !== undefined && proto !== 'http' && proto !== 'https') delete headers['x-forwarded-proto'];
      } else {
        for (const name of FORWARDED_HEADERS) delete headers[name];
      }
    }

    const url = request.url ?? '/';
    const backslash = url.indexOf('\\');
    if (backslash !== -1 && !url.slice(0, backslash).includes('?')) {
      // URL parsers read "\\" as "/" and the two apps would disagree on the path: refused for both.
      return new AppError('BAD_REQUEST', 'The path holds a backslash: percent-encode it as %5C.');
    }
    if (!isApiPath(url)) {
      // The hosted app passes the customer's address on to the API (the API reads its own peer).
      if (headers['x-forwarded-for'] === undefined && state?.peer !== undefined)
        headers['x-forwarded-for'] = state.peer;
      if (!decodablePath(url.split('?')[0]!)) {
        return new AppError('BAD_REQUEST', 'The path is not valid percent-encoded UTF-8.');
      }
      const length = headers['content-length'];
      if (length !== undefined && Number(length) > MAX_BODY_BYTES) {
        return new AppError('PAYLOAD_TOO_LARGE', `Request bodies are limited to ${MAX_BODY_BYTES} bytes.`);
      }
      if (length === undefined && headers['transfer-encoding'] !== undefined) {
        return new AppError('LENGTH_REQUIRED', 'Send the body with a Content-Length.');
      }
    }
    return undefined;
  }

  const server = createServer(
    {
      // We answer a missing Host ourselves, with problem+json (HTTP/1.0 may omit it).
      requireHostHeader: false,
      headersTimeout: options.headersTimeoutMs,
      requestTimeout: options.requestTimeoutMs,
      // How often Node checks those timeouts (default 30 s, which would let them overrun).
      connectionsCheckingInterval: Math.min(1000, options.headersTimeoutMs),
    },
    (request, response: TrackedResponse) => {
      const state = sockets.get(request.socket);
      // A connection refused over the per-address limit was answered 503 and ended; Node would
      // still parse what the client sends on it, so a request arriving there is dropped unread.
      if (!state) {
        request.socket.destroy();
        return;
      }
      state.active++;
      response[STATE] = state;
      response.once('close', responseClosed);
      // While stopping, every answer closes its connection.
      if (stopping) response.setHeader('connection', 'close');

      const prepared = prepare(request, state);
      if (prepared === 'options-asterisk') {
        response.writeHead(204, { allow: 'GET, POST, DELETE, OPTIONS' }).end();
        return;
      }
      if (prepared !== undefined) {
        sendProblem(response, request, prepared);
        return;
      }
      const handler =
        isApiPath(request.url ?? '/') || isMetricsPath(request.url ?? '/') ? options.api : options.web;
      if (!handler) {
        sendProblem(
          response,
          request,
          new AppError('NOT_FOUND', 'This instance serves the API only (SERVE_WEB=false).'),
        );
        return;
      }
      const handled = handler(request, response);
      if (handled) {
        handled.catch((error: unknown) => {
          logger.error({ err: error, path: loggablePath(request.url ?? '/') }, 'request failed');
          sendProblem(response, request, new AppError('INTERNAL', 'Something went wrong on our side.'));
        });
      }
    },
  );
  server.keepAliveTimeout = 65_000;
  server.on('clientError', (error: Error & { code?: string }, socket: Socket) => {
    const answer = socket.writable ? parserRefusal(error) : undefined;
    if (answer === undefined) socket.destroy();
    else socket.end(answer);
  });

  server.on('connection', (socket: Socket) => {
    const address = normaliseAddress(socket.remoteAddress) ?? 'unknown';
    const count = (connectionsByAddress.get(address) ?? 0) + 1;
    if (options.maxConnectionsPerAddress > 0 && count > options.maxConnectionsPerAddress) {
      socket.end(
        rawProblem(new AppError('SERVICE_UNAVAILABLE', 'Too many open connections from this address.'), '/', {
          'retry-after': '1',
        }),
      );
      return;
    }
    connectionsByAddress.set(address, count);
    sockets.set(socket, {
      active: 0,
      trusted: options.trustProxy || isLoopbackAddress(address),
      peer: normaliseAddress(socket.remoteAddress),
      validHost: undefined,
    });
    socket.once('close', () => {
      const left = (connectionsByAddress.get(address) ?? 1) - 1;
      if (left > 0) connectionsByAddress.set(address, left);
      else connectionsByAddress.delete(address);
      sockets.delete(socket);
      onSocketsChanged?.();
    });
  });

  async function stop({ idleGraceMs, deadlineMs }: { idleGraceMs: number; deadlineMs: number }) {
    stopping = true;
    // Node's close() would also cut idle keep-alive connections at once, racing clients that are
    // sending their next request on them right now; they get a grace period here instead.
    server.closeIdleConnections = () => undefined;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    const started = Date.now();
    await new Promise<void>((resolve) => {
      const check = () => {
        const elapsed = Date.now() - started;
        if (elapsed >= idleGraceMs) {
          for (const [socket, state] of sockets) if (state.active === 0) socket.end();
        }
        if (sockets.size === 0 || elapsed >= deadlineMs) {
          onSocketsChanged = undefined;
          clearInterval(timer);
          resolve();
        }
      };
      onSocketsChanged = check;
      const timer = setInterval(check, 50);
      check();
    });
    for (const socket of sockets.keys()) socket.destroy();
    await closed;
  }

  return { server, stop };
}
