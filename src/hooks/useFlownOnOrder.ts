/**
 * A capture's surveys in a stated order: by flown-on date, newest first by default, the survey id
 * breaking ties so the order never shuffles. The answer keeps its identity while the order is
 * unchanged, so progress ticks do not re-render the rows.
 */
import { useMemo, useRef } from 'react';
import type { Id } from '../../worker/domain/types';
import { engineClient } from '../engine/client';
import { useKindVersion } from '../engine/hooks';

export type FlownOnOrder = 'newest' | 'oldest';

export function useFlownOnOrder(ids: Id[], order: FlownOnOrder | undefined): Id[] {
  const version = useKindVersion('surveys');
  const last = useRef<Id[]>([]);
  return useMemo(() => {
    if (!order) return ids;
    const { model } = engineClient();
    const flown = (id: Id) => model.get('surveys', id)?.flownOn ?? '';
    const sign = order === 'newest' ? -1 : 1;
    const sorted = [...ids].sort((a, b) => {
      const fa = flown(a);
      const fb = flown(b);
      if (fa !== fb) return fa < fb ? -sign : sign;
      return a < b ? -1 : a > b ? 1 : 0;
    });
    const prev = last.current;
    if (prev.length === sorted.length && prev.every((id, i) => id === sorted[i])) return prev;
    last.current = sorted;
    return sorted;
  }, [ids, order, version]);
}
