import 'server-only';

/**
 * Bytes of text chunks, read one at a time on demand: the stream asks for the next chunk only when
 * its reader wants one (no queue ahead: high-water mark 0), and the HTTP response reads only while
 * the socket drains, so a slow client holds one chunk in memory, never the export
 * (docs/decisions/045). A reader that goes away ends the chunks (their `finally` runs); a chunk that
 * fails errors the stream, which ends the response without its last chunk: the client sees a cut
 * transfer, never a short file that looks whole.
 */
export function byteStream(
  chunks: AsyncIterator<string, unknown>,
  onError: (error: unknown) => void,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          for (;;) {
            const next = await chunks.next();
            if (next.done) {
              controller.close();
              return;
            }
            if (next.value.length === 0) continue;
            controller.enqueue(encoder.encode(next.value));
            return;
          }
        } catch (error) {
          onError(error);
          controller.error(error);
        }
      },
      async cancel() {
        await chunks.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}
