import 'server-only';
import type { Logger } from '../logger';

/** Work the process does on its own, started by main (not by traffic) and stopped on shutdown. */
export interface BackgroundWorker {
  readonly name: string;
  start(): void;
  stop(): Promise<void>;
}

/** A periodic worker that can also be asked to run now (work it waits for has come). */
export interface PeriodicWorker extends BackgroundWorker {
  /** Runs the tick at once, or right after the one running now; nothing once stopped. */
  wake(): void;
}

/**
 * A worker that runs `tick` every `intervalMs`, never overlapping itself, logging failures and
 * carrying on. `tick` returns true when it found work, to run again at once instead of waiting.
 */
export function periodicWorker(options: {
  name: string;
  intervalMs: number;
  logger: Logger;
  tick: () => Promise<boolean>;
}): PeriodicWorker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let ticking = false;
  let woken = false;
  let stopped = true;

  const schedule = (delay: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      ticking = true;
      woken = false;
      running = (async () => {
        let again = false;
        try {
          again = await options.tick();
        } catch (error) {
          options.logger.error({ err: error, worker: options.name }, 'background work failed');
        }
        ticking = false;
        schedule(again || woken ? 0 : options.intervalMs);
      })();
    }, delay);
    timer.unref();
  };

  return {
    name: options.name,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    wake() {
      if (ticking) woken = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
