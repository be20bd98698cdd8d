/**
 * Collects concurrent calls and runs them as one batch (one query instead of one per request), the
 * DataLoader pattern with one batch in flight: calls made while a batch runs form the next one.
 * Under load batches grow and the database does a fraction of the round trips; a lone call waits
 * only for the turn of the event loop.
 */
export class MicroBatcher<Input, Output> {
  private queue: { input: Input; resolve: (output: Output) => void; reject: (error: unknown) => void }[] = [];
  private running = false;

  /**
   * @param run answers a batch, one output per input in the same order; a throw fails the whole batch.
   * @param maxBatch the largest batch handed to `run`.
   */
  constructor(
    private readonly run: (inputs: readonly Input[]) => Promise<readonly Output[]>,
    private readonly maxBatch = 256,
  ) {}

  load(input: Input): Promise<Output> {
    return new Promise<Output>((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      if (!this.running) {
        this.running = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      try {
        const outputs = await this.run(batch.map((entry) => entry.input));
        if (outputs.length !== batch.length) throw new Error('a batch answered the wrong number of results');
        batch.forEach((entry, index) => entry.resolve(outputs[index]!));
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    this.running = false;
  }
}
