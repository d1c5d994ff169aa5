/**
 * `npm run bench`'s row for issue 52 (docs/requirements.md#req-team-roles): what a role costs an action.
 */
import type { Action } from '../worker/api';
import { roleRefusalOf } from '../worker/engine/roleRefusal';
import type { SyncPort } from '../worker/engine/syncPort';
import type { World } from '../worker/engine/world';

/**
 * What holding roles adds to an action (issue 52's budget: ≤ 0.5 ms on an action's durable p95):
 * the engine's one role check (`roleRefusalOf`, before the action runs, actionCommit.ts), timed over
 * the world's surveys as a technician in a team world, each kind of action that names a survey.
 */
export function roleCheck(w: World): { what: string; p95: number } {
  const sync = { role: 'technician', author: 'bench@example.com' } as unknown as SyncPort;
  const kinds = ['startSurveyQc', 'approveSurveyQc', 'processApplanix', 'cancelSurvey', 'reassignSurvey', 'flagFrame'] as const;
  const ids = w.ids.surveys;
  const times: number[] = [];
  for (let i = 0; i < 20_000; i++) {
    const action = { type: kinds[i % kinds.length]!, surveyId: ids[(i * 7919) % ids.length]! } as unknown as Action;
    const t = performance.now();
    roleRefusalOf(action, w, sync);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const p95 = times[Math.floor(times.length * 0.95)]!;
  return { what: `role check per action, p95 (${ids.length.toLocaleString('en')} surveys, a technician)`, p95 };
}

