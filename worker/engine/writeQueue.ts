/**
 * The engine's one writer: store writes run one after another, in the order their commits were
 * made. An action's commit is `exclusive`: it waits for the writes before it, and while its own
 * write is in flight the clock holds still (`holding`), so its event is the next one sent.
 */
export class WriteQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private held = 0;

  /** Runs `work` after every write queued before it (whether they landed or failed). */
  serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.tail.then(work, work);
    this.tail = run.catch(() => undefined);
    return run;
  }

  exclusive<T>(work: () => Promise<T>): Promise<T> {
    return this.serial(async () => {
      this.held++;
      try {
        return await work();
      } finally {
        this.held--;
      }
    });
  }

  /** An action's write is in flight: the clock waits. */
  get holding(): boolean {
    return this.held > 0;
  }

  /** Resolves when every write queued so far has landed (or failed). */
  async settled(): Promise<void> {
    await this.tail;
  }
}
