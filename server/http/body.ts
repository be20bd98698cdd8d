import 'server-only';
import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError, parseOrThrow } from '../errors';
import { header, incomingOf } from './request-info';

export const MAX_BODY_BYTES = 64 * 1024;
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function tooLarge(maxBytes: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `Request bodies here are limited to ${maxBytes} bytes.`);
}

/** 413 at once when the request says (Content-Length) it carries more than the route takes. */
export function assertDeclaredSize(c: Context, maxBytes: number): void {
  const declared = header(c, 'content-length');
  if (declared !== undefined && Number(declared) > maxBytes) throw tooLarge(maxBytes);
}

/**
 * The request's bytes, at most `maxBytes` (413 beyond, also for a chunked body that grows past it).
 * Read straight from Node's IncomingMessage when the request came over a socket: going through the
 * Fetch Request would first build a Request, an AbortController and a web stream around the
 * socket, a cost on every create (docs/decisions/050).
 */
export async function readBody(c: Context, maxBytes: number): Promise<Uint8Array> {
  assertDeclaredSize(c, maxBytes);
  const incoming = incomingOf(c);
  if (!incoming) {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.byteLength > maxBytes) throw tooLarge(maxBytes);
    return bytes;
  }
  if (incoming.readableEnded) return new Uint8Array(0);
  return new Promise<Uint8Array>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (outcome: () => void) => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
      outcome();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        // The rest is not read: the connection closes after the answer.
        incoming.pause();
        done(() => reject(tooLarge(maxBytes)));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => done(() => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size)));
    const onError = (error: Error) => done(() => reject(error));
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
  });
}

/**
 * The body as text, refused (400 MALFORMED_JSON) when its bytes are not UTF-8: JSON is UTF-8 (RFC
 * 8259), and a lenient decoder would store U+FFFD where a payer's name was. A byte-order mark is
 * kept, so a signature over the body checks the bytes that were sent.
 */
export async function readUtf8Body(c: Context, refusal: string, maxBytes = MAX_BODY_BYTES): Promise<string> {
  const bytes = await readBody(c, maxBytes);
  try {
    return UTF8.decode(bytes);
  } catch {
    throw new AppError('MALFORMED_JSON', refusal);
  }
}
const JSON_CONTENT_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * Reads a JSON body (at most the route's limit, 64 KiB by default) and parses it
 * with the route's schema. Unknown properties are dropped by the schemas, never refused. An
 * optional body left empty is read as `{}`.
 */
export async function readJsonBody<S extends z.ZodType>(
  c: Context,
  schema: S,
  options: { optional?: boolean | undefined; maxBytes?: number | undefined } = {},
): Promise<z.output<S>> {
  const type = header(c, 'content-type');
  if (type !== undefined && !JSON_CONTENT_TYPE.test(type)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.');
  }
  const text = await readUtf8Body(c, 'The request body is not valid UTF-8.', options.maxBytes);
  if (text.trim() === '' && options.optional) return parseOrThrow(schema, {});
  if (text.trim() === '')
    throw new AppError('VALIDATION_FAILED', 'A JSON body is required.', {
      errors: [{ field: '', message: 'Required.' }],
    });
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new AppError('MALFORMED_JSON', 'The request body is not valid JSON.');
  }
  return parseOrThrow(schema, json);
}
