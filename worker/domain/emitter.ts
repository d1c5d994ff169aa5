/**
 * Fan-out to listeners, written once for the engine's changes (heard by the Leader, which answers
 * every tab's views), the tab coordinator's role and the UI's small stores. A listener that
 * throws, or whose returned promise rejects, is dropped: one dead listener never stops the others.
 */
export type Listener<T> = (value: T) => unknown;

export class Emitter<T = void> {
  private readonly listeners = new Set<Listener<T>>();

  /** Adds a listener; answers the function that removes it. */
  on(listener: Listener<T>): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  emit(value: T): void {
    for (const listener of this.listeners) {
      try {
        const answer = listener(value);
        if (answer instanceof Promise) answer.catch(() => this.listeners.delete(listener));
      } catch {
        this.listeners.delete(listener);
      }
    }
  }

  get size(): number {
    return this.listeners.size;
  }
}
