/**
 * A history as its page would be answered (worker/views/history.ts), over a real engine: the
 * records are read through the engine's queue, so the answer is awaited until it is no longer
 * loading.
 */
import type { Engine } from '../../worker/engine/engine';
import type { HistoryAnswer, HistoryOf } from '../../worker/screens';
import type { HistoryGroup } from '../../worker/domain/history';
import { history } from '../../worker/views/history';

export async function historyOf(engine: Engine, of: HistoryOf, id: string, filter: { person?: string; group?: HistoryGroup } = {}): Promise<HistoryAnswer> {
  const spec = { of, id, person: filter.person ?? null, group: filter.group ?? null };
  for (let i = 0; i < 5; i++) {
    const answer = history(engine.world, engine.history, spec);
    if (!answer.loading) return answer;
    await engine.settled();
  }
  throw new Error('the history was never read');
}

/** Oldest first, as "what (who)": the shape a walk through the demo is read back in. */
export function told(answer: HistoryAnswer): string[] {
  return [...answer.rows].reverse().map((r) => `${r.what}${r.by ? ` (${r.by.name})` : r.automatic ? ' (automatic)' : ''}`);
}
