import 'server-only';

/** The content types a statement may come as: CSV, or camt.053 XML. */
const STATEMENT_TYPE = /^(?:text\/csv|application\/xml|text\/xml)\s*(?:;|$)/i;

export type StatementBody =
  { ok: true; text: string; contentType: string } | { ok: false; status: 413 | 415; detail: string };

/**
 * A statement file's text from the console's request, read at most `maxBytes` far: a declared or
 * streamed body over the limit stops reading at once (the API would refuse it anyway), and only
 * CSV or XML passes, with the content type it came with.
 */
export async function readStatementBody(request: Request, maxBytes: number): Promise<StatementBody> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!STATEMENT_TYPE.test(contentType))
    return { ok: false, status: 415, detail: 'Send the statement as text/csv or application/xml.' };
  const tooLarge = {
    ok: false,
    status: 413,
    detail: `The statement is larger than ${maxBytes} bytes.`,
  } as const;
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > maxBytes) return tooLarge;
  if (!request.body) return { ok: true, text: '', contentType };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return tooLarge;
    }
    chunks.push(value);
  }
  return { ok: true, text: Buffer.concat(chunks).toString('utf8'), contentType };
}
