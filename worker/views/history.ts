/**
 * A history as its page shows it (docs/history.md#the-page): every entry that concerns a survey,
 * a capture (its surveys included), a media set or a drive, newest first, filtered by person and
 * kind of event here, in the worker; the page filters nothing. Stored entries come from the
 * records that can hold them (read when first asked for: `loading` until then); the simulation's
 * stage changes and the sample data's start are derived from the world as it stands.
 */
import { loadedEntry, stageEntries } from '../domain/derivedHistory';
import {
  describe,
  groupOf,
  HISTORY_GROUPS,
  isHistoryGroup,
  laptopLabel,
  type HistoryEntry,
  type HistoryGroup,
  type HistoryOwner,
} from '../domain/history';
import { shortId } from '../domain/shortId';
import { PROCESSING_STAGES, type Id, type Survey } from '../domain/types';
import { userFromEmail } from '../domain/users';
import type { World } from '../engine/world';
import type { HistoryAnswer, HistoryOf, HistoryRow, UserRow } from '../screens';
import { userRow } from './rows';
import { ROLE_WORDS } from '../domain/roles';

/** What a history view reads of the book: the entries of some records, or null while they are read. */
export interface HistoryReader {
  entries(owners: readonly HistoryOwner[]): HistoryEntry[] | null;
  readonly laptop: string;
}

export interface HistorySpec {
  of: HistoryOf;
  id: Id;
  /** Only this person's entries (an email); null: everyone's. */
  person: string | null;
  /** Only this kind of event; null: every kind. */
  group: HistoryGroup | null;
}

const own = <T>(map: Record<Id, T>, id: unknown): T | undefined => (typeof id === 'string' && Object.hasOwn(map, id) ? map[id] : undefined);
const MEDIA_WIDE = new Set(['inserted', 'received', 'receiveCancelled', 'ejected']);
/** A capture's history says these stages once, as the capture's, not once per survey it moved. */
const CAPTURE_SAYS = new Set<string>([...PROCESSING_STAGES, 'publish']);

/** Where an entity's entries may be kept, which of them concern it, and what is derived for it. */
interface Scope {
  title: string;
  owners: HistoryOwner[];
  concerns: (e: HistoryEntry) => boolean;
  derived: (since: number) => HistoryEntry[];
  /** Created by an action seen in its history: it did not come with the sample data. */
  created: (entries: readonly HistoryEntry[]) => boolean;
}

const inserted = (entries: readonly HistoryEntry[]) => entries.some((e) => e.what.kind === 'inserted');

function surveyScope(s: Survey): Scope {
  return {
    title: `Survey ${shortId(s.surveyId)}`,
    owners: [`s:${s.surveyId}`, `m:${s.mediaId}`, `c:${s.captureId}`],
    concerns: (e) => !!e.on.surveys?.includes(s.surveyId) || (e.on.media === s.mediaId && !e.on.surveys && MEDIA_WIDE.has(e.what.kind)),
    derived: (since) => stageEntries('surveys', s.surveyId, s.workflow, since),
    created: inserted,
  };
}

function scopeOf(world: World, of: HistoryOf, id: Id): Scope | null {
  if (of === 'surveys') {
    const s = own(world.index.surveys, id);
    return s ? surveyScope(s) : null;
  }
  if (of === 'captures') {
    const c = own(world.index.captures, id);
    if (!c) return null;
    const surveys = c.surveyIds.map((sid) => world.index.surveys[sid]).filter((s): s is Survey => !!s);
    const ids = new Set(c.surveyIds);
    const media = new Set(surveys.map((s) => s.mediaId));
    return {
      title: `Capture ${c.cpid}`,
      owners: [`c:${c.captureId}`, ...surveys.map((s) => `s:${s.surveyId}` as const), ...[...media].map((m) => `m:${m}` as const)],
      concerns: (e) => e.on.capture === c.captureId || !!e.on.surveys?.some((sid) => ids.has(sid)) || (!!e.on.media && media.has(e.on.media) && !e.on.surveys && MEDIA_WIDE.has(e.what.kind)),
      derived: (since) => [
        ...stageEntries('captures', c.captureId, c.workflow, since),
        ...surveys.flatMap((s) => stageEntries('surveys', s.surveyId, s.workflow, since, (stage) => CAPTURE_SAYS.has(stage))),
      ],
      // A capture always came with the sample data; its inserted surveys say so themselves.
      created: () => false,
    };
  }
  if (of === 'media') {
    const m = own(world.index.media, id);
    if (!m) return null;
    return {
      title: `Media ${m.mediaId}`,
      owners: [`m:${m.mediaId}`, ...m.surveyIds.map((sid) => `s:${sid}` as const)],
      concerns: (e) => e.on.media === m.mediaId,
      derived: (since) => stageEntries('media', m.mediaId, m.workflow, since),
      created: inserted,
    };
  }
  const d = own(world.index.drives, id);
  if (!d) return null;
  return { title: `Drive ${d.host}`, owners: [`d:${d.host}`], concerns: (e) => e.on.drive === d.host, derived: () => [], created: () => false };
}

function personOf(world: World, email: string): UserRow {
  const user = own(world.index.users, email);
  return user ? userRow(user) : userRow(userFromEmail(email));
}

/** The surveys an entry names, in a capture's or media set's history. */
function surveysText(e: HistoryEntry, of: HistoryOf): string {
  const surveys = e.on.surveys ?? [];
  if (of === 'surveys' || surveys.length === 0) return '';
  return surveys.length === 1 ? `Survey ${shortId(surveys[0]!)}` : `${surveys.length} surveys`;
}

function rowOf(world: World, e: HistoryEntry, of: HistoryOf, here: string): HistoryRow {
  const nameOf = (email: string) => personOf(world, email).name;
  const row: HistoryRow = {
    key: e.id,
    at: e.at,
    what: describe(e.what, e.on, nameOf),
    group: groupOf(e.what.kind),
    by: e.by ? personOf(world, e.by) : null,
    role: e.role ? ROLE_WORDS[e.role] : '',
    automatic: e.laptop === '' && e.by === '',
    laptop: laptopLabel(e.laptop, here),
    surveys: surveysText(e, of),
  };
  // When this laptop learnt of it: said only when that differs from when it was done, or it was done elsewhere.
  if (e.arrivedAt !== undefined && (e.arrivedAt !== e.at || e.laptop !== here)) row.arrivedAt = e.arrivedAt;
  if (e.conflict) {
    row.conflict = {
      versions: e.conflict.versions.map((v) => ({ by: v.by ? personOf(world, v.by) : null, laptop: laptopLabel(v.laptop, here), at: v.at, what: v.what })),
      settledBy: e.conflict.settledBy ? personOf(world, e.conflict.settledBy) : null,
      settledAt: e.conflict.settledAt,
      how: e.conflict.how,
    };
  }
  return row;
}

const EMPTY: Omit<HistoryAnswer, 'found' | 'title'> = { loading: false, rows: [], total: 0, people: [], groups: [] };

/** The history of one entity, newest first, as filtered. */
export function history(world: World, reader: HistoryReader | null, spec: HistorySpec): HistoryAnswer {
  const of: HistoryOf = spec.of === 'captures' || spec.of === 'media' || spec.of === 'drives' ? spec.of : 'surveys';
  const scope = scopeOf(world, of, spec.id);
  if (!scope) return { ...EMPTY, found: false, title: '' };
  const stored = reader ? reader.entries(scope.owners) : null;
  if (!reader || !stored) return { ...EMPTY, found: true, title: scope.title, loading: reader !== null };
  const byId = new Map<string, HistoryEntry>();
  for (const e of stored) if (scope.concerns(e)) byId.set(e.id, e);
  const mine = [...byId.values()];
  const start = world.history;
  const all = [...mine, ...scope.derived(start.since)];
  if (!scope.created(mine)) all.push(loadedEntry(of, spec.id, start));
  all.sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  const people = new Map<string, UserRow>();
  const groups = new Set<HistoryGroup>();
  for (const e of all) {
    if (e.by && !people.has(e.by)) people.set(e.by, personOf(world, e.by));
    groups.add(groupOf(e.what.kind));
  }
  const person = typeof spec.person === 'string' ? spec.person : null;
  const group = isHistoryGroup(spec.group) ? spec.group : null;
  const shown = all.filter((e) => (person === null || e.by === person) && (group === null || groupOf(e.what.kind) === group));
  const here = reader.laptop;
  return {
    found: true,
    title: scope.title,
    loading: false,
    rows: shown.map((e) => rowOf(world, e, of, here)),
    total: all.length,
    people: [...people.values()].sort((a, b) => a.name.localeCompare(b.name)),
    groups: HISTORY_GROUPS.filter((g) => groups.has(g.group)).map(({ group: g, label }) => ({ group: g, label })),
  };
}

/** The records a history of this entity reads (the benchmark opens them cold). */
export function historyOwners(world: World, of: HistoryOf, id: Id): HistoryOwner[] {
  return scopeOf(world, of, id)?.owners ?? [];
}
