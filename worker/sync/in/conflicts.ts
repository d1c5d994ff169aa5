/**
 * Conflicts (issue 21, docs/sync.md#conflicts): a document two laptops changed from one version.
 * They are found from all of a document's leaves (`open_revs: 'all'`), not from `_conflicts`,
 * which leaves out deleted leaves: a removal against an edit would otherwise look settled, and the
 * edit would win without anyone seeing it. A leaf a person has resolved away is a tombstone marked
 * `resolved`; every other leaf, live or deleted, is a version still standing.
 */
import type { Leaf, StoredDoc, SyncDatabase, WrittenDoc } from '../doc/database';
import { isObj } from '../../domain/storedFields';
import { bodyOf, childRevision, closing, contentOf, generationOf } from '../doc/revisions';
import { canonical, SAMPLE_STAMP } from '../doc/syncedForm';
import type { SyncStamp } from '../doc/syncStamp';

export interface Version {
  rev: string;
  deleted: boolean;
  doc: StoredDoc;
}

export interface Conflict {
  id: string;
  /** the versions standing, the one CouchDB shows by default first */
  versions: Version[];
}

/** CouchDB's winner first: live before deleted, then the longer history, then the greater revision. */
function byWinner(a: Version, b: Version): number {
  if (a.deleted !== b.deleted) return a.deleted ? 1 : -1;
  const g = generationOf(b.rev) - generationOf(a.rev);
  if (g) return g;
  return a.rev < b.rev ? 1 : a.rev > b.rev ? -1 : 0;
}

/** The versions of a document still standing: every leaf but those resolved away. */
export function standing(leaves: readonly Leaf[]): Version[] {
  const versions: Version[] = [];
  for (const leaf of leaves) {
    if (!('ok' in leaf)) continue;
    const doc = leaf.ok;
    if (doc._deleted && doc.resolved === true) continue;
    versions.push({ rev: doc._rev, deleted: doc._deleted === true, doc });
  }
  return versions.sort(byWinner);
}

/**
 * Whether standing versions disagree. Versions that say the same (two laptops made the same
 * change) are not a conflict: nothing is there for a person to choose.
 */
export const disagree = (versions: readonly Version[]): boolean => new Set(versions.map((v) => contentOf(v.doc))).size > 1;

/**
 * A version nobody made: the sample data's, as a laptop or the server loaded it. Two copies of
 * the sample loaded at different instants differ where stages moved on; neither is a person's
 * change, so they are never a conflict, and a person's change always goes before them.
 */
const nobodys = (v: Version): boolean => (v.doc.stamp as { tx?: unknown } | undefined)?.tx === SAMPLE_STAMP.tx;

/** The versions people made, in CouchDB's winner order. */
const peoples = (versions: readonly Version[]): Version[] => versions.filter((v) => !nobodys(v));

/** The version the world takes: the first a person made, in CouchDB's winner order; else the first. */
export function chosenVersion(versions: readonly Version[]): Version | undefined {
  return peoples(versions)[0] ?? versions[0];
}

/**
 * Whether a document's standing versions are a conflict for a person (people made versions that
 * disagree), and the tombstones that close the versions that are nobody's choice: those that say
 * what the chosen one says (two laptops made one change), and the sample's beside a person's.
 */
export function settling(id: string, versions: readonly Version[], chosen: Version, as: SyncStamp = SETTLED): { conflict: boolean; settle: WrittenDoc[] } {
  const people = peoples(versions);
  if (people.length > 1 && disagree(people)) return { conflict: true, settle: versions.filter(nobodys).map((v) => closing(id, v.rev, as)) };
  return { conflict: false, settle: versions.filter((v) => v !== chosen).map((v) => closing(id, v.rev, as)) };
}

export async function conflictOf(db: SyncDatabase, id: string): Promise<Conflict | null> {
  const versions = standing(await db.get(id, { open_revs: 'all' }));
  const people = peoples(versions);
  return people.length > 1 && disagree(people) ? { id, versions: people } : null;
}

/** Every conflicted document of the database. */
export async function allConflicts(db: SyncDatabase): Promise<Conflict[]> {
  const { results } = await db.changes({ since: 0, style: 'all_docs' });
  const found: Conflict[] = [];
  for (const change of results) {
    if (change.changes.length < 2) continue;
    const conflict = await conflictOf(db, change.id);
    if (conflict) found.push(conflict);
  }
  return found.sort((a, b) => (a.id < b.id ? -1 : 1));
}

/** Fields compared whole, never by their parts: an entity's workflow (`e.w`), its places in its parents' lists (`at`). */
const WHOLE_FIELDS: ReadonlySet<string> = new Set(['e.w', 'at']);

/**
 * The fields in which the versions differ, as paths ("e.description", "flag.reason"), leaving
 * out the revision and the stamp: what a person compares. A removal has no fields to compare:
 * against an edit it differs in `_deleted`, and the live versions are compared among themselves.
 */
export function differingFields(versions: readonly Version[]): string[] {
  const paths = new Set<string>();
  const walk = (values: unknown[], path: string) => {
    // A workflow and a child's places are one field each to a person: the stage, where it stands.
    if (values.every(isObj) && !WHOLE_FIELDS.has(path)) {
      const keys = new Set(values.flatMap((v) => Object.keys(v)));
      for (const key of keys) walk(values.map((v) => v[key]), path ? `${path}.${key}` : key);
      return;
    }
    const first = JSON.stringify(values[0]);
    if (values.some((v) => JSON.stringify(v) !== first)) paths.add(path);
  };
  if (new Set(versions.map((v) => v.deleted)).size > 1) paths.add('_deleted');
  const live = versions.filter((v) => !v.deleted).map(({ doc }) => bodyOf(doc));
  if (live.length > 1) walk(live, '');
  return [...paths].sort();
}

/** A copy of `body` with `path` ("e.description") set to `value`, or taken out if `value` is undefined. */
function withValue(body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [key = '', ...rest] = path.split('.');
  const copy = { ...body };
  if (rest.length) copy[key] = withValue(isObj(body[key]) ? body[key] : {}, rest.join('.'), value);
  else if (value === undefined) delete copy[key];
  else copy[key] = value;
  return copy;
}

const valueAt = (body: unknown, path: string): unknown => path.split('.').reduce<unknown>((v, key) => (isObj(v) ? v[key] : undefined), body);

/**
 * A body a person merged field by field: version `base`'s, with each field of `choices` (a path
 * differingFields names, to the revision of the version chosen for it) taken from that version.
 * Null if a version or a field named is not one of the conflict's.
 */
export function mergedBody(conflict: Conflict, base: string, choices: Readonly<Record<string, string>>): Record<string, unknown> | null {
  const live = conflict.versions.filter((v) => !v.deleted);
  const from = live.find((v) => v.rev === base);
  if (!from) return null;
  const fields = new Set(differingFields(conflict.versions));
  let body = bodyOf(from.doc);
  for (const [path, rev] of Object.entries(choices)) {
    const chosen = live.find((v) => v.rev === rev);
    if (!chosen || path === '_deleted' || !fields.has(path)) return null;
    body = withValue(body, path, valueAt(bodyOf(chosen.doc), path));
  }
  return canonical(body);
}

/**
 * What settles a conflict: the kept body (one version's, or fields merged by a person) written as
 * a child of the first standing version, or a removal if `keep` is null; every other standing
 * version closed by a tombstone marked `resolved`. Written like any change, they replicate.
 */
export function resolution(conflict: Conflict, keep: Record<string, unknown> | null, stamp: SyncStamp): WrittenDoc[] {
  const [first, ...others] = conflict.versions;
  if (!first) return [];
  const id = conflict.id;
  const kept = keep ? { ...keep, _id: id, stamp } : { _id: id, _deleted: true, stamp };
  return [{ ...kept, ...childRevision(first.rev, kept) }, ...others.map((v) => closing(id, v.rev, stamp))];
}

/**
 * The stamp of what sync itself writes where no team account signs it: the same on every laptop, so
 * their revisions agree. A laptop signed in to a team server signs its tombstones as its account
 * (the server accepts no other), and two laptops' tombstones of one version are then two, both
 * closing it.
 */
export const SETTLED: SyncStamp = { by: 'sync', laptop: '', at: 0, tx: 'the same change', n: 0 };
