import 'server-only';
import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError, parseOrThrow } from '../errors';
import { header } from './request-info';

export const MAX_BODY_BYTES = 64 * 1024;
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The body as text, refused (400 MALFORMED_JSON) when its bytes are not UTF-8: JSON is UTF-8 (RFC
 * 8259), and a lenient decoder would store U+FFFD where a payer's name was. A byte-order mark is
 * kept, so a signature over the body checks the bytes that were sent.
 */
export async function readUtf8Body(c: Context, refusal: string): Promise<string> {
  try {
    return UTF8.decode(await c.req.arrayBuffer());
  } catch {
    throw new AppError('MALFORMED_JSON', refusal);
  }
}
const JSON_CONTENT_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * Reads a JSON body (at most 64 KiB; bodyLimit has already stopped larger streams) and parses it
 * with the route's schema. Unknown properties are dropped by the schemas, never refused. An
 * optional body left empty is read as `{}`.
 */
export async function readJsonBody<S extends z.ZodType>(
  c: Context,
  schema: S,
  options: { optional?: boolean | undefined } = {},
): Promise<z.output<S>> {
  const type = header(c, 'content-type');
  if (type !== undefined && !JSON_CONTENT_TYPE.test(type)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.');
  }
  const text = await readUtf8Body(c, 'The request body is not valid UTF-8.');
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
