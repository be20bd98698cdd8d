import { setImmediate as turnOfTheLoop } from 'node:timers/promises';

/**
 * A long read cut in steps: the generator yields after each record, so the one who runs it may let
 * the event loop turn in between (a 5 MB statement is read without holding every other request up),
 * or run it to its end at once (tests, small files). A yield costs a fraction of a microsecond; the
 * loop is given back only when a time slice is spent, so records of any cost are handled alike.
 */
export type Steps<T> = Generator<void, T, undefined>;

/** Work between two turns of the event loop: far below the 50 ms a request may be held up. */
export const TIME_SLICE_MS = 10;

export function runToEnd<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

export async function runYielding<T>(steps: Steps<T>): Promise<T> {
  let sliceStart = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStart >= TIME_SLICE_MS) {
      await turnOfTheLoop();
      sliceStart = performance.now();
    }
  }
}
