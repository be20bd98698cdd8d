import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { periodicWorker } from './worker';

const logger = createLogger('silent');
const until = async (condition: () => boolean) => {
  for (let index = 0; index < 200 && !condition(); index++)
    await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('periodicWorker', () => {
  it('runs at start, then waits its interval unless woken, and a wake during a tick runs it once more', async () => {
    let ticks = 0;
    let release: (() => void) | undefined;
    const worker = periodicWorker({
      name: 'test',
      intervalMs: 60_000,
      logger,
      tick: async () => {
        ticks++;
        if (ticks === 2) await new Promise<void>((resolve) => (release = resolve));
        return false;
      },
    });
    worker.start();
    await until(() => ticks === 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ticks).toBe(1);

    worker.wake();
    await until(() => release !== undefined);
    expect(ticks).toBe(2);
    // Woken twice while the second tick runs: one more tick right after it, not two.
    worker.wake();
    worker.wake();
    release!();
    await until(() => ticks === 3);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ticks).toBe(3);

    await worker.stop();
    worker.wake();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ticks).toBe(3);
  });
});
