/**
 * Capture table order (docs/requirements.md#req-screen-captures): by capture id (its cpid) or last received date, either direction;
 * a capture never received sorts last in both directions.
 */
import type { Capture } from './types';

export type CaptureSortKey = 'captureId' | 'lastReceivedOn';
export type SortDir = 'asc' | 'desc';

type Sortable = Pick<Capture, 'cpid' | 'captureId' | 'lastReceivedOn'>;

export function compareCaptures(by: CaptureSortKey, dir: SortDir): (a: Sortable, b: Sortable) => number {
  const sign = dir === 'asc' ? 1 : -1;
  if (by === 'captureId') {
    return (a, b) => sign * (cmp(a.cpid, b.cpid) || cmp(a.captureId, b.captureId));
  }
  return (a, b) => {
    const x = a.lastReceivedOn;
    const y = b.lastReceivedOn;
    if (!x && !y) return cmp(a.cpid, b.cpid);
    if (!x) return 1;
    if (!y) return -1;
    return sign * (cmp(x, y) || cmp(a.cpid, b.cpid));
  };
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
