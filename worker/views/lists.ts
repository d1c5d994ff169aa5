/**
 * The answers of the list screens (docs/requirements.md#req-screen-captures): the capture table in a window, /surveys and /media
 * (the first LIST_CAP), the drives, the users and the projects. Sorting, caps and counts over the
 * whole world are done here, where the world is; the page receives the rows it draws.
 */
import { LIST_CAP } from '../domain/constants';
import { isStarOwner } from '../domain/favourites';
import type { MediaFilter } from '../domain/mediaFilter';
import type { CaptureSortKey, SortDir } from '../domain/sort';
import type { CaptureOrder } from './captureOrder';
import type { Id, Survey } from '../domain/types';
import type { World } from '../engine/world';
import type { CaptureRow, DriveRow, MediaRow, ProjectRow, RowWindow, RowsOf, SurveyRow, UserRow } from '../screens';
import { driveRow, mediaRow, surveyRow, userRow } from './rows';
import type { MediaSelection } from './mediaFilter';
import { inListOrder } from './listOrder';

/** "My favorites" on a list: the person whose stars it shows, if the spec names one soundly. */
export const starredByOf = (value: unknown): string | null => (isStarOwner(value) ? value : null);

/** Rows of a windowed table sent when the page asks for more than that (a hostile or broken spec). */
export const MAX_WINDOW = 500;

/** A window as asked, made safe: whole numbers, inside the list, at most MAX_WINDOW rows. */
export function windowOf(total: number, asked: Partial<RowWindow>): RowWindow {
  const start = Math.max(0, Math.min(total, Math.floor(Number(asked.start) || 0)));
  const count = Math.max(0, Math.min(MAX_WINDOW, Math.floor(Number(asked.count) || 0)));
  return { start, count };
}

/** A survey a list displays: not at the hidden `new` stage (docs/requirements.md#req-displayed-stages). */
export function isShown(s: Survey | undefined): s is Survey {
  return s !== undefined && !s.workflow.stages[s.workflow.current]?.hidden;
}

export function captureTable(
  world: World,
  order: CaptureOrder,
  spec: { by: CaptureSortKey; dir: SortDir; stage: string | null; starredBy: string | null } & RowWindow,
): RowsOf<CaptureRow> {
  const by: CaptureSortKey = spec.by === 'captureId' ? 'captureId' : 'lastReceivedOn';
  const dir: SortDir = spec.dir === 'asc' ? 'asc' : 'desc';
  const stage = typeof spec.stage === 'string' ? spec.stage : null;
  const starredBy = starredByOf(spec.starredBy);
  let ids = order.ids(by, dir, stage);
  if (starredBy) {
    const mine = world.favourites.ids(starredBy, 'captures');
    ids = ids.filter((id) => mine.has(id));
  }
  const { start, count } = windowOf(ids.length, spec);
  const rows = ids.slice(start, start + count).map((id) => order.rowOf(id));
  return { total: ids.length, start, rows };
}

/** A person's starred surveys a list displays (not those at the hidden `new` stage), in the list's order. */
export function starredSurveys(world: World, email: string): Id[] {
  return inListOrder(world, 'surveys', world.favourites.ids(email, 'surveys')).filter((id) => isShown(world.index.surveys[id]));
}

/**
 * /surveys: the first LIST_CAP displayed surveys in list order; `leading`, a technician whose own
 * surveys come first (ownFirst.ts), each group in list order.
 */
export function surveyList(world: World, stage: string | null, starredBy: string | null = null, leading: string | null = null): RowsOf<SurveyRow> {
  const { index, ids } = world;
  // Capped after leaving out the surveys no list displays, so "the first 150" are 150 rows.
  const own: Survey[] = [];
  const others: Survey[] = [];
  let total = 0;
  // "My favorites": the person's few stars, not the 100 000 surveys.
  for (const id of starredBy ? starredSurveys(world, starredBy) : ids.surveys) {
    const s = index.surveys[id];
    if (!isShown(s) || (stage !== null && s.display !== stage)) continue;
    total++;
    const group = leading !== null && s.assignedTo === leading ? own : others;
    if (group.length < LIST_CAP) group.push(s);
  }
  return { total, start: 0, rows: [...own, ...others].slice(0, LIST_CAP).map((s) => surveyRow(world, s)) };
}

/** /media: the first LIST_CAP media sets the filter matches (every set when none is set), and how many match. */
export function mediaList(world: World, selection: MediaSelection, filter: MediaFilter): RowsOf<MediaRow> {
  const ids = selection.ids(filter);
  const rows = ids.slice(0, LIST_CAP).flatMap((id) => {
    const m = world.index.media[id];
    return m ? [mediaRow(world, m)] : [];
  });
  return { total: ids.length, start: 0, rows };
}

export function drives(world: World): { rows: DriveRow[] } {
  return { rows: world.ids.drives.flatMap((host) => (world.index.drives[host] ? [driveRow(world, world.index.drives[host])] : [])) };
}

export function users(world: World): { rows: UserRow[] } {
  return { rows: world.ids.users.flatMap((email) => (world.index.users[email] ? [userRow(world.index.users[email])] : [])) };
}

export function projects(world: World): { rows: ProjectRow[] } {
  const { index } = world;
  const rows = world.ids.projects.flatMap((id) => {
    const p = index.projects[id];
    if (!p) return [];
    let surveys = 0;
    for (const cid of p.captureIds) surveys += index.captures[cid]?.counts.surveys ?? 0;
    return [{ key: id, projectId: p.projectId, url: p.url, captures: p.captureIds.length, surveys }];
  });
  return { rows };
}
