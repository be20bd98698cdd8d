import { describe, expect, it } from 'vitest';
import { MicroBatcher } from './batcher';

describe('MicroBatcher', () => {
  it('answers concurrent calls from one batch, in order', async () => {
    const batches: number[][] = [];
    const batcher = new MicroBatcher<number, number>((inputs) => {
      batches.push([...inputs]);
      return Promise.resolve(inputs.map((input) => input * 2));
    });
    const outputs = await Promise.all([1, 2, 3].map((input) => batcher.load(input)));
    expect(outputs).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('gathers calls made while a batch runs into the next batch, up to the maximum size', async () => {
    const batches: number[][] = [];
    let release: () => void = () => undefined;
    const batcher = new MicroBatcher<number, number>(
      async (inputs) => {
        batches.push([...inputs]);
        if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
        return inputs;
      },
      { maxBatch: 2 },
    );
    const first = batcher.load(1);
    await new Promise((resolve) => setImmediate(resolve));
    const later = [2, 3, 4].map((input) => batcher.load(input));
    release();
    expect(await Promise.all([first, ...later])).toEqual([1, 2, 3, 4]);
    expect(batches).toEqual([[1], [2, 3], [4]]);
  });

  it('runs up to `concurrency` batches at once', async () => {
    let inFlight = 0;
    let most = 0;
    const batcher = new MicroBatcher<number, number>(
      async (inputs) => {
        most = Math.max(most, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 10));
        inFlight--;
        return inputs;
      },
      { maxBatch: 1, concurrency: 3 },
    );
    expect(await Promise.all([1, 2, 3, 4, 5, 6].map((input) => batcher.load(input)))).toEqual([
      1, 2, 3, 4, 5, 6,
    ]);
    expect(most).toBe(3);
  });

  it('fails every call of a failed batch and carries on with the next', async () => {
    let calls = 0;
    const batcher = new MicroBatcher<number, number>((inputs) => {
      calls++;
      return calls === 1 ? Promise.reject(new Error('database away')) : Promise.resolve(inputs);
    });
    const failed = await Promise.allSettled([batcher.load(1), batcher.load(2)]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await batcher.load(3)).toBe(3);
  });
});
