/**
 * One of team sync's lists as the worker answers it (the conflicts, the team), read again whenever
 * `moved` changes (sync's status, a count, a person's step); null until the first answer, and
 * while `on` is false (nothing to ask). `pick` is the page's part of the answer, a module's
 * function, so it never changes between renders.
 */
import { useEffect, useState } from 'react';
import type { TeamSyncAnswer } from '../../worker/api';
import { engineClient } from '../engine/client';

export function useTeamSyncRead<T>(op: 'conflicts' | 'team', pick: (answer: TeamSyncAnswer) => T, on: boolean, moved: string): T | null {
  const [read, setRead] = useState<T | null>(null);
  useEffect(() => {
    if (!on) return;
    // An answer that comes after the page moved on, or after a later ask, is not shown.
    let latest = true;
    void engineClient()
      .teamSync({ op })
      .then((answer) => latest && setRead(pick(answer)));
    return () => {
      latest = false;
    };
  }, [op, pick, on, moved]);
  return read;
}
