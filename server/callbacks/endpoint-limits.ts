/** How many endpoints' adapted limits are remembered; beyond it, the least recently used is forgotten. */
const REMEMBERED = 10_000;

/**
 * Each endpoint's concurrency, adapted to its answers (docs/decisions/047), as TCP adapts its window
 * (additive increase, multiplicative decrease): it starts at `initial`; after as many fast successes
 * in a row as its current limit (a full window of them) it grows by one, up to `max`; an error, a
 * refusal or a slow answer (`slowMs` or more) halves it, down to 1. A fast receiver thus gets many
 * attempts at once, and a failing or slow one holds a single slot, whatever its backlog.
 */
export class EndpointLimits {
  private readonly state = new Map<string, { limit: number; streak: number }>();

  constructor(private readonly options: { initial: number; max: number; slowMs: number }) {}

  /** The endpoint's current limit (undefined: an endpoint not seen yet). */
  limitOf(endpoint: string | undefined): number {
    return (endpoint !== undefined && this.state.get(endpoint)?.limit) || this.options.initial;
  }

  /** Endpoints whose limit has moved from the initial one. */
  known(): IterableIterator<string> {
    return this.state.keys();
  }

  /** One finished attempt to the endpoint: how it went. */
  record(endpoint: string, attempt: { ok: boolean; durationMs: number }): void {
    const current = this.state.get(endpoint) ?? { limit: this.options.initial, streak: 0 };
    this.state.delete(endpoint);
    let next: { limit: number; streak: number };
    if (!attempt.ok || attempt.durationMs >= this.options.slowMs)
      next = { limit: Math.max(1, Math.floor(current.limit / 2)), streak: 0 };
    else if (current.streak + 1 >= current.limit)
      next = { limit: Math.min(this.options.max, current.limit + 1), streak: 0 };
    else next = { limit: current.limit, streak: current.streak + 1 };
    // Map order is insertion order: re-inserting keeps the most recently used last.
    this.state.set(endpoint, next);
    if (this.state.size > REMEMBERED) {
      const oldest = this.state.keys().next().value;
      if (oldest !== undefined) this.state.delete(oldest);
    }
  }

  /** Nothing in flight to the endpoint any more: an endpoint back at the initial limit is forgotten. */
  idle(endpoint: string): void {
    const current = this.state.get(endpoint);
    if (current && current.limit === this.options.initial && current.streak === 0)
      this.state.delete(endpoint);
  }
}
