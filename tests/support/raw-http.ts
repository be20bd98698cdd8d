import { connect, type Socket } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Everything the server sent before closing or the deadline. */
  raw: string;
  /** Whether the server closed the connection. */
  closed: boolean;
}

/** Opens a TCP connection to the server (for requests no HTTP client would send). */
export function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

function parse(raw: string, closed: boolean): RawResponse {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body: rest.join('\r\n\r\n'), raw, closed };
}

/**
 * Writes `chunks` (strings sent as given, with optional pauses between them) and collects what
 * comes back until the server closes the connection, one complete response has arrived, or
 * `waitMs` passes.
 */
export async function rawExchange(
  port: number,
  chunks: (string | { pauseMs: number })[],
  waitMs = 5000,
): Promise<RawResponse> {
  const socket = await openSocket(port);
  let raw = '';
  let closed = false;
  const done = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    socket.on('data', (chunk: Buffer) => {
      raw += chunk.toString('latin1');
      const parsed = parse(raw, false);
      const length = Number(parsed.headers['content-length'] ?? NaN);
      const bodyless = parsed.status === 204 || parsed.status === 304;
      const expected = bodyless ? 0 : Number.isNaN(length) ? Infinity : length;
      if (raw.includes('\r\n\r\n') && Buffer.byteLength(parsed.body, 'latin1') >= expected) {
        clearTimeout(timer);
        resolve();
      }
    });
    socket.on('close', () => {
      closed = true;
      clearTimeout(timer);
      resolve();
    });
    socket.on('error', () => undefined);
  });
  for (const chunk of chunks) {
    if (typeof chunk === 'string') socket.write(chunk, 'latin1');
    else await new Promise((resolve) => setTimeout(resolve, chunk.pauseMs));
  }
  await done;
  socket.destroy();
  return parse(raw, closed);
}
