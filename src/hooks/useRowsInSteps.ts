/**
 * A table's rows mounted a few at a time (docs/views.md#the-users-path). React renders a transition
 * in time slices, but commits it in one task: the first answer of /captures mounted its 150 rows
 * (LIST_CAP) in one commit, 130–245 ms on a loaded 2-core machine, and the first rows waited for
 * it. Here the first commit holds half a screen of rows, and each later one the next step, in its own
 * transition after the one before has committed, so no commit holds more than a step. Once grown,
 * the count stays: a new answer of the same length updates its rows in place.
 */
import { startTransition, useEffect, useState } from 'react';

/**
 * Rows per commit: half a screen of 64 px rows at 800 px, at about 1.5–2.5 ms each beside a busy
 * worker. A whole screen (16) made the first commit, layout included, a task of 64 ms once in
 * seven reloads at 100 000 surveys.
 */
export const ROW_STEP = 8;

/** How many of `total` rows to render now; grows by ROW_STEP after each commit until all are. */
export function useRowsInSteps(total: number): number {
  const [limit, setLimit] = useState(ROW_STEP);
  useEffect(() => {
    if (limit >= total) return;
    startTransition(() => setLimit((l) => l + ROW_STEP));
  }, [limit, total]);
  return Math.min(limit, total);
}
