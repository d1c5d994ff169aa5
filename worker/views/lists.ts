/**
 * The answers of the list screens (docs/requirements.md#req-screen-captures): the capture table in a window, /surveys and /media
 * (the first LIST_CAP), the drives, the users and the projects. Sorting, caps and counts over the
 * whole world are done here, where the world is; the page receives the rows it draws.
 */
import { LIST_CAP } from '../domain/constants';
import { isStarOwner } from '../domain/favourites';
import type { MediaFilter } from '../domain/mediaFilter';
import { compareCaptures, type CaptureSortKey, type SortDir } from '../domain/sort';
import type { Capture, Id, Survey } from '../domain/types';
import type { World } from '../engine/world';
import type { CaptureRow, DriveRow, MediaRow, ProjectRow, RowWindow, RowsOf, SurveyRow, UserRow } from '../screens';
import { captureRow, driveRow, mediaRow, surveyRow, userRow } from './rows';
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

/**
 * The capture table's order for each sort and stage filter, kept while no capture joins, leaves
 * or changes what it is sorted or filtered by: a tick that ends a dozen stages re-derives a dozen
 * captures, and sorting 10 000 of them again each time would cost the worker every tick.
 */
export class CaptureOrder {
  private cache = new Map<string, { ids: Id[]; keys: Map<Id, string> }>();

  constructor(private readonly world: World) {}

  /** Forget what the changed captures may have moved (their lists or their sort keys). */
  invalidate(listsChanged: boolean, changed: ReadonlySet<Id> | undefined): void {
    if (listsChanged) {
      this.cache.clear();
      return;
    }
    if (!changed?.size) return;
    for (const [key, entry] of this.cache) {
      for (const id of changed) {
        const c = this.world.index.captures[id];
        if (!c || entry.keys.get(id) !== sortKeyOf(c)) {
          this.cache.delete(key);
          break;
        }
      }
    }
  }

  ids(by: CaptureSortKey, dir: SortDir, stage: string | null): Id[] {
    const key = `${by} ${dir} ${stage ?? ''}`;
    let entry = this.cache.get(key);
    if (!entry) {
      const { index, ids } = this.world;
      let captures = ids.captures.map((id) => index.captures[id]!).filter(Boolean);
      if (stage !== null) captures = captures.filter((c) => c.stage.statusLabel === stage);
      const sorted = captures.sort(compareCaptures(by, dir));
      // Keys of every capture (not only the listed ones): a capture may enter the stage filter.
      const keys = new Map(ids.captures.map((id) => [id, sortKeyOf(index.captures[id]!)]));
      entry = { ids: sorted.map((c) => c.captureId), keys };
      this.cache.set(key, entry);
    }
    return entry.ids;
  }
}

/** What a capture's place in any order or filter depends on. */
function sortKeyOf(c: Capture | undefined): string {
  return c ? `${c.cpid}\u0000${c.lastReceivedOn ?? ''}\u0000${c.stage.statusLabel}` : '';
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
  const rows = ids.slice(start, start + count).map((id) => captureRow(world.index.captures[id]!));
  return { total: ids.length, start, rows };
}

/** A person's starred surveys a list displays (not those at the hidden `new` stage), in the list's order. */
export function starredSurveys(world: World, email: string): Id[] {
  return inListOrder(world, 'surveys', world.favourites.ids(email, 'surveys')).filter((id) => isShown(world.index.surveys[id]));
}

export function surveyList(world: World, stage: string | null, starredBy: string | null = null): RowsOf<SurveyRow> {
  const { index, ids } = world;
  // Capped after leaving out the surveys no list displays, so "the first 150" are 150 rows.
  const rows: SurveyRow[] = [];
  let total = 0;
  // "My favorites": the person's few stars, not the 100 000 surveys.
  for (const id of starredBy ? starredSurveys(world, starredBy) : ids.surveys) {
    const s = index.surveys[id];
    if (!isShown(s) || (stage !== null && s.display !== stage)) continue;
    total++;
    if (rows.length < LIST_CAP) rows.push(surveyRow(world, s));
  }
  return { total, start: 0, rows };
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
