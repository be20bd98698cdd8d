import 'server-only';

/** Where an instance is in its life, as the readiness probe tells a load balancer. */
export type LifecycleState = 'starting' | 'ready' | 'stopping';

/**
 * The instance's life: starting until main has it listening with its workers running, ready then,
 * stopping from the first SIGTERM on (the readiness probe answers 503 so the load balancer sends no
 * new requests while the ones in flight finish).
 */
export class Lifecycle {
  private current: LifecycleState = 'starting';
  /** Whether background workers run in this process (BACKGROUND_WORKERS). */
  readonly workersExpected: boolean;
  private workersStarted = false;

  constructor(options: { workersExpected: boolean }) {
    this.workersExpected = options.workersExpected;
  }

  get state(): LifecycleState {
    return this.current;
  }

  get workers(): 'started' | 'not started' | 'disabled' {
    if (!this.workersExpected) return 'disabled';
    return this.workersStarted ? 'started' : 'not started';
  }

  markWorkersStarted(): void {
    this.workersStarted = true;
  }

  markReady(): void {
    if (this.current === 'starting') this.current = 'ready';
  }

  markStopping(): void {
    this.current = 'stopping';
  }
}
