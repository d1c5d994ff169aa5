/**
 * The surveys a list shows: a survey still at its hidden `new` stage (on media inserted but not yet
 * received) is never displayed (SPEC §4), so a capture with only such surveys reads 'No surveys
 * have been received.'. The answer keeps its identity while the shown set is unchanged, so rows
 * are not re-rendered by progress ticks.
 */
import { useMemo, useRef } from 'react';
import type { Id } from '../../worker/domain/types';
import { engineClient } from '../engine/client';
import { useKindVersion } from '../engine/hooks';

export function useShownSurveyIds(ids: Id[]): Id[] {
  const version = useKindVersion('surveys');
  const last = useRef<Id[]>([]);
  return useMemo(() => {
    const { model } = engineClient();
    const shown = ids.filter((id) => {
      const s = model.get('surveys', id);
      return s !== undefined && !s.workflow.stages[s.workflow.current]?.hidden;
    });
    const prev = last.current;
    if (prev.length === shown.length && prev.every((id, i) => id === shown[i])) return prev;
    last.current = shown;
    return shown;
  }, [ids, version]);
}
