import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setImmediate as turnOfTheLoop } from 'node:timers/promises';

export interface Check {
  name: string;
  value: number;
  target: string;
  pass: boolean;
}

/** Prints results and ratio checks, writes bench-results/<name>.json, exits non-zero if a check fails. */
export function report(name: string, results: Record<string, number | string>, checks: Check[]): void {
  for (const [key, value] of Object.entries(results))
    console.log(`  ${key.padEnd(44)} ${typeof value === 'number' ? value.toFixed(2) : value}`);
  for (const check of checks)
    console.log(
      `  ${check.pass ? 'PASS' : 'FAIL'} ${check.name}: ${check.value.toFixed(3)} (target ${check.target})`,
    );
  writeFileSync(
    `bench-results/${name}.json`,
    `${JSON.stringify({ name, at: new Date().toISOString(), results, checks }, null, 2)}\n`,
  );
  if (checks.some((check) => !check.pass)) process.exitCode = 1;
}

/** Mean microseconds per call of fn over at least `minMs` milliseconds (after a warm-up). */
export async function microsPerOp(fn: () => unknown, minMs = 1000): Promise<number> {
  const deadlineWarm = performance.now() + 200;
  while (performance.now() < deadlineWarm) await fn();
  let ops = 0;
  const start = performance.now();
  while (performance.now() - start < minMs) {
    for (let i = 0; i < 100; i++) await fn();
    ops += 100;
  }
  return ((performance.now() - start) * 1000) / ops;
}

/**
 * Runs `work` several times (after one warm-up round) with a 1 ms timer ticking, as other requests'
 * timers and sockets would be: the longest event-loop delay seen is the longest stretch `work` held
 * every other request up. Also the mean time `work` took and its last result.
 */
export async function loopDelayOf<T>(
  work: (round: number) => Promise<T> | T,
  rounds = 5,
): Promise<{ maxDelayMs: number; meanMs: number; result: T }> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  let total = 0;
  let result: T | undefined;
  for (let round = 0; round <= rounds; round++) {
    if (round === 1) delay.enable();
    const ticking = setInterval(() => undefined, 1);
    const started = performance.now();
    result = await work(round);
    if (round > 0) total += performance.now() - started;
    clearInterval(ticking);
    await turnOfTheLoop();
  }
  delay.disable();
  return { maxDelayMs: delay.max / 1e6, meanMs: total / rounds, result: result as T };
}
