/**
 * The capture table's order (SPEC §2) by the engine's own comparator (capture id or last received
 * date, either way, never-received last). Re-sorts only when a capture's sort keys change, not at
 * every progress tick.
 */
import { useMemo, useRef } from 'react';
import { compareCaptures, type CaptureSortKey, type SortDir } from '../../worker/domain/sort';
import type { Id } from '../../worker/domain/types';
import { engineClient } from '../engine/client';
import { useKindVersion } from '../engine/hooks';

export function useSortedCaptureIds(by: CaptureSortKey, dir: SortDir): Id[] {
  const version = useKindVersion('captures');
  const last = useRef<{ signature: string; ids: Id[] } | null>(null);
  return useMemo(() => {
    const captures = engineClient().model.list('captures');
    const signature = `${by}:${dir}:${captures.map((c) => `${c.captureId}|${c.cpid}|${c.lastReceivedOn ?? ''}`).join(',')}`;
    if (last.current?.signature === signature) return last.current.ids;
    const ids = [...captures].sort(compareCaptures(by, dir)).map((c) => c.captureId);
    last.current = { signature, ids };
    return ids;
  }, [version, by, dir]);
}
