/**
 * The dashboard's three lists (docs/requirements.md#req-screen-dashboard: in progress, recent, mine), picked in one pass over the
 * surveys so they stay cheap with 100 000 of them. Each keeps only its first DASHBOARD_ROWS rows
 * and counts the rest.
 */
import { LIST_CAP } from '../domain/constants';
import type { Id, Survey } from '../domain/types';
import type { World } from '../engine/world';
import type { DashboardAnswer, DashboardListName } from '../screens';
import { surveyRow } from './rows';

export const DASHBOARD_ROWS = 10;

export interface DashboardList {
  ids: Id[];
  total: number;
}

export interface Dashboard {
  /** Surveys whose current stage is working (copying, receiving, extracting, processing…). */
  inProgress: DashboardList;
  /** The most recently received surveys, newest first. */
  recent: DashboardList;
  /** Surveys assigned to the current user, published ones too (they show their state). */
  mine: DashboardList;
  /** Surveys by displayed stage (docs/requirements.md#req-displayed-stages), for the pipeline overview. */
  surveysByStage: Record<string, number>;
}

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
  const surveysByStage: Record<string, number> = {};
  const inProgress: Survey[] = [];
  const recent: Survey[] = [];
  const mine: Survey[] = [];
  let inProgressTotal = 0;
  let recentTotal = 0;
  let mineTotal = 0;
  for (const id of ids) {
    const s = get(id);
    if (!s) continue;
    surveysByStage[s.display] = (surveysByStage[s.display] ?? 0) + 1;
    if (s.stage.state === 'working') {
      inProgressTotal++;
      if (inProgress.length < cap('inProgress')) inProgress.push(s);
    }
    if (s.receivedOn) {
      recentTotal++;
      pushRecent(recent, s, cap('recent'));
    }
    // Published surveys stay: "Mine" is the work I did as well as the work I have to do.
    if (myEmail && s.assignedTo === myEmail) {
      mineTotal++;
      if (mine.length < cap('mine')) mine.push(s);
    }
  }
  const list = (surveys: Survey[], total: number): DashboardList => ({ ids: surveys.map((s) => s.surveyId), total });
  return { inProgress: list(inProgress, inProgressTotal), recent: list(recent, recentTotal), mine: list(mine, mineTotal), surveysByStage };
}

/** The dashboard's answer: its lists as survey rows, and surveys and captures by stage. */
export function dashboard(world: World, spec: { email: string | null; full: DashboardListName | null }): DashboardAnswer {
  const { index, ids } = world;
  const email = typeof spec.email === 'string' ? spec.email : null;
  const full = spec.full === 'inProgress' || spec.full === 'recent' || spec.full === 'mine' ? spec.full : undefined;
  const d = selectDashboard(ids.surveys, (id) => index.surveys[id], email, undefined, full, LIST_CAP);
  const capturesByStage: Record<string, number> = {};
  for (const id of ids.captures) {
    const label = index.captures[id]?.stage.statusLabel;
    if (label) capturesByStage[label] = (capturesByStage[label] ?? 0) + 1;
  }
  const rows = (list: DashboardList) => ({ total: list.total, start: 0, rows: list.ids.map((id) => surveyRow(world, index.surveys[id]!)) });
  return { inProgress: rows(d.inProgress), recent: rows(d.recent), mine: rows(d.mine), surveysByStage: d.surveysByStage, capturesByStage };
}
