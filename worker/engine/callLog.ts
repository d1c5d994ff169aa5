/**
 * The answers of calls other tabs forwarded (docs/architecture.md#arch-tabs): a call replayed after
 * the leading tab closed is answered with the answer it already had, never applied twice. Answers
 * are stored with the commit that applied them; the newest few hundred are kept, older ones are
 * forgotten in a later commit (a tab replays only what was in flight a moment ago).
 */
import type { ActionResult } from '../api';

const KEEP = 256;

export class CallLog {
  private readonly answers = new Map<string, ActionResult | null>();

  /** A call answered in an earlier session: its answer stays in the store until forgotten. */
  remember(id: string): void {
    this.answers.set(id, null);
  }

  answer(id: string): ActionResult | undefined {
    return this.answers.get(id) ?? undefined;
  }

  /** Records an answer; returns the ids now old enough to forget. */
  add(id: string, result: ActionResult): string[] {
    this.answers.set(id, result);
    const forget: string[] = [];
    for (const old of this.answers.keys()) {
      if (this.answers.size - forget.length <= KEEP) break;
      forget.push(old);
    }
    for (const old of forget) this.answers.delete(old);
    return forget;
  }

  /** The call's commit did not land: it was never applied. */
  drop(id: string): void {
    this.answers.delete(id);
  }
}
