/**
 * The first look of a boot from the store (issue 11): the capture table, the projects and the
 * users, read from their own records alone (a capture's row record carries its last derived row), so a
 * page can show the capture table while the surveys, media and flight plans — most of a large
 * world — are still being read, checked and derived. Anything doubtful (no meta, another version,
 * an expired demo, a record without its row, a field that breaks its rule) answers null, and the
 * boot takes its whole path, which repairs the world, says what it repaired and writes it again.
 */
import { DEMO_EXPIRY_MS } from '../domain/constants';
import { isOtherVersion } from '../domain/dataVersion';
import { makeCapture, makeProject, makeUser } from '../domain/entities';
import type { Capture, Current, EntityKind, Flags, Id, Project, User } from '../domain/types';
import { byFavourite, favouriteOf, favouriteProblem, type Favourite } from '../domain/favourites';
import type { ChangeKind } from './worldChange';
import { parseCurrent, parseFlags } from './persistence';
import { checkedFields, isObj, keyRule, type Obj } from '../domain/storedFields';
import { byPlace, decode } from './store/storedForm';
import { captureFromRow } from './store/captureRow';
import { unpackRows } from './store/rowBuckets';
import { CAPTURE_ROWS, FAVOURITES_KIND, holdsKept, type RecordName, type StoredKind, type WorldStore } from './store/worldStore';

/** How long the rest of the world waits for a first view to be asked for and answered. */
export const FIRST_LOOK_GRACE_MS = 300;

/** The kinds a first look answers for: the capture table (with its "My favorites"), the projects, the users. */
export const FIRST_LOOK_KINDS: readonly ChangeKind[] = ['captures', 'projects', 'users', 'favourites'];

export interface FirstLook {
  captures: Record<Id, Capture>;
  projects: Record<Id, Project>;
  users: Record<Id, User>;
  ids: Record<'captures' | 'projects' | 'users', Id[]>;
  favourites: Favourite[];
  current: Current;
  flags: Flags;
}

const blank = makeCapture({ captureId: 'x', cpid: 'x', projectId: 'x' });
const ZERO_COUNTS = Object.fromEntries(Object.keys(blank.counts).map((k) => [k, 0]));
const NO_FLAGS = Object.fromEntries(Object.keys(blank.flags).map((k) => [k, false]));

export async function firstLook(store: WorldStore, now: number, kept?: RecordName): Promise<FirstLook | null> {
  let read: Awaited<ReturnType<WorldStore['readKinds']>>;
  let captures: number;
  let team: boolean;
  try {
    // The captures' row records, packed in 128 buckets, not the captures: a tenth of the bytes at
    // 100 000 surveys, in 128 records rather than 10 000.
    [read, captures, team] = await Promise.all([store.readKinds([CAPTURE_ROWS, 'projects', 'users', FAVOURITES_KIND]), store.count('captures'), holdsKept(store, kept)]);
  } catch {
    return null;
  }
  const meta = read.meta;
  if (!meta || isOtherVersion(meta.version) || (!team && now - meta.loadedAt > DEMO_EXPIRY_MS)) return null;
  // A store written before row records were packed (or missing any): the whole path, which writes them.
  const rows = unpackRows(read.records[CAPTURE_ROWS] ?? []);
  if (rows?.length !== captures) return null;
  const sorted = (kind: StoredKind) => [...(read.records[kind] ?? [])].sort(byPlace);
  const out: FirstLook = {
    captures: {},
    projects: {},
    users: {},
    ids: { captures: [], projects: [], users: [] },
    favourites: [],
    current: parseCurrent(JSON.stringify(meta.current)),
    flags: parseFlags(JSON.stringify(meta.flags)),
  };
  for (const [id, record] of rows.sort(byPlace)) {
    const capture = captureFromRow(id, record, ZERO_COUNTS, NO_FLAGS);
    if (!capture || !trusted('captures', id, capture) || !keyRule('captures').ok(capture.cpid) || !isStageView(capture.stage)) return null;
    out.captures[id] = capture as unknown as Capture;
    out.ids.captures.push(id);
  }
  for (const [id, record] of sorted('projects')) {
    const raw = decode('projects', id, record) as Partial<Project>;
    if (!trusted('projects', id, raw)) return null;
    out.projects[id] = makeProject({ ...raw, projectId: id, captureIds: [] });
    out.ids.projects.push(id);
  }
  for (const [id, record] of sorted('users')) {
    const raw = decode('users', id, record) as Partial<User>;
    if (!trusted('users', id, raw)) return null;
    out.users[id] = makeUser(id, typeof raw.name === 'string' ? raw.name : undefined);
    out.ids.users.push(id);
  }
  for (const [, record] of read.records[FAVOURITES_KIND] ?? []) {
    const star = { email: record.email, kind: record.kind, id: record.id };
    if (favouriteProblem(star)) return null;
    out.favourites.push(favouriteOf(star as Favourite));
  }
  out.favourites.sort(byFavourite);
  // A project lists its captures in their order, as restore() would.
  for (const id of out.ids.captures) out.projects[out.captures[id]!.projectId]?.captureIds.push(id);
  return out;
}

/** An entity whose id and stored fields all meet their rules (storedFields.ts), as restore() checks them. */
function trusted(kind: EntityKind, id: string, entity: object): boolean {
  let ok = keyRule(kind).ok(id);
  checkedFields(kind, entity as Obj, kind, () => (ok = false));
  return ok;
}

/** The row's stage view is shown as it is: text where the page reads text. */
function isStageView(stage: unknown): boolean {
  return isObj(stage) && typeof stage.name === 'string' && typeof stage.state === 'string' && typeof stage.statusLabel === 'string';
}
