/**
 * Collects concurrent calls and runs them as batches (one query instead of one per request), the
 * DataLoader pattern: calls made while batches run form the next one. Under load batches grow and
 * the database does a fraction of the round trips; a lone call waits only for the turn of the event
 * loop. Up to `concurrency` batches run at once, so one batch's round trips do not idle the rest.
 */
export class MicroBatcher<Input, Output> {
  private queue: { input: Input; resolve: (output: Output) => void; reject: (error: unknown) => void }[] = [];
  private running = 0;
  private scheduled = false;

  /**
   * @param run answers a batch, one output per input in the same order; a throw fails the whole batch.
   */
  constructor(
    private readonly run: (inputs: readonly Input[]) => Promise<readonly Output[]>,
    private readonly options: { maxBatch?: number; concurrency?: number } = {},
  ) {}

  load(input: Input): Promise<Output> {
    return new Promise<Output>((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.running >= (this.options.concurrency ?? 1)) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.next();
    });
  }

  private async next(): Promise<void> {
    if (this.queue.length === 0 || this.running >= (this.options.concurrency ?? 1)) return;
    const batch = this.queue.splice(0, this.options.maxBatch ?? 256);
    this.running++;
    // More waiting than this batch takes: another batch may start beside it.
    if (this.queue.length > 0) this.schedule();
    try {
      const outputs = await this.run(batch.map((entry) => entry.input));
      if (outputs.length !== batch.length) throw new Error('a batch answered the wrong number of results');
      batch.forEach((entry, index) => entry.resolve(outputs[index]!));
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    } finally {
      this.running--;
      if (this.queue.length > 0) this.schedule();
    }
  }
}
