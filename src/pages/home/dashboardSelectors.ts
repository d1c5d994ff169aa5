/**
 * The dashboard's three lists (SPEC §2: in progress, recent, mine), picked in one pass over the
 * surveys so they stay cheap with 100 000 of them. Each keeps only its first DASHBOARD_ROWS rows
 * and counts the rest.
 */
import type { Id, Survey } from '../../../worker/domain/types';

export const DASHBOARD_ROWS = 10;

export interface DashboardList {
  surveys: Survey[];
  total: number;
}

export interface Dashboard {
  /** Surveys whose current stage is working (copying, receiving, extracting, processing…). */
  inProgress: DashboardList;
  /** The most recently received surveys, newest first. */
  recent: DashboardList;
  /** Surveys assigned to the current user, published ones too (they show their state). */
  mine: DashboardList;
  /** Surveys by displayed stage (SPEC §4), for the pipeline overview. */
  byStage: Map<string, number>;
}

export type DashboardListName = 'inProgress' | 'recent' | 'mine';

/** Keeps the newest `limit` received surveys by insertion into a short sorted array. */
function pushRecent(top: Survey[], s: Survey, limit: number): void {
  const day = s.receivedOn!;
  if (top.length === limit && day <= top[top.length - 1].receivedOn!) return;
  let i = top.length;
  while (i > 0 && top[i - 1].receivedOn! < day) i--;
  top.splice(i, 0, s);
  if (top.length > limit) top.pop();
}

export function selectDashboard(
  ids: Id[],
  get: (id: Id) => Survey | undefined,
  myEmail: string | null,
  limit = DASHBOARD_ROWS,
  /** A list opened in full (up to `fullLimit` rows). */
  full?: DashboardListName,
  fullLimit = Infinity,
): Dashboard {
  const cap = (name: DashboardListName) => (name === full ? fullLimit : limit);
  const byStage = new Map<string, number>();
  const inProgress: DashboardList = { surveys: [], total: 0 };
  const recent: DashboardList = { surveys: [], total: 0 };
  const mine: DashboardList = { surveys: [], total: 0 };
  for (const id of ids) {
    const s = get(id);
    if (!s) continue;
    byStage.set(s.display, (byStage.get(s.display) ?? 0) + 1);
    if (s.stage.state === 'working') {
      inProgress.total++;
      if (inProgress.surveys.length < cap('inProgress')) inProgress.surveys.push(s);
    }
    if (s.receivedOn) {
      recent.total++;
      pushRecent(recent.surveys, s, cap('recent'));
    }
    // Published surveys stay: "Mine" is the work I did as well as the work I have to do.
    if (myEmail && s.assignedTo === myEmail) {
      mine.total++;
      if (mine.surveys.length < cap('mine')) mine.surveys.push(s);
    }
  }
  return { inProgress, recent, mine, byStage };
}
