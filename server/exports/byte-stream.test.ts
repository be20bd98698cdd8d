import { describe, expect, it } from 'vitest';
import { byteStream } from './byte-stream';

/** A turn of the event loop, as a database query takes. */
const query = () => Promise.resolve();

async function* counted(pulled: number[], count: number) {
  for (let index = 1; index <= count; index++) {
    await query();
    pulled.push(index);
    yield `chunk ${index}\n`;
  }
}

describe('byteStream', () => {
  it('reads a chunk only when the reader asks for one', async () => {
    const pulled: number[] = [];
    const reader = byteStream(counted(pulled, 1000), () => undefined).getReader();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(pulled).toEqual([]);
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('chunk 1\n');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(pulled).toEqual([1]);
    await reader.cancel();
  });

  it('ends the chunks when the reader goes away', async () => {
    let ended = false;
    async function* endless() {
      try {
        for (;;) {
          await query();
          yield 'row\n';
        }
      } finally {
        ended = true;
      }
    }
    const reader = byteStream(endless(), () => undefined).getReader();
    await reader.read();
    await reader.cancel();
    expect(ended).toBe(true);
  });

  it('skips empty chunks and ends with the last', async () => {
    async function* some() {
      await query();
      yield '';
      yield 'a';
      yield '';
    }
    const text = await new Response(byteStream(some(), () => undefined)).text();
    expect(text).toBe('a');
  });

  it('errors the stream, and says so, when a chunk fails', async () => {
    const errors: unknown[] = [];
    async function* failing() {
      await query();
      yield 'header\n';
      throw new Error('database gone');
    }
    const reader = byteStream(failing(), (error) => errors.push(error)).getReader();
    await reader.read();
    await expect(reader.read()).rejects.toThrow('database gone');
    expect(errors).toHaveLength(1);
  });
});
