/**
 * The synced form (issue 21): the world as one document per entity and per frame flag. It
 * round-trips through restore(), writes its keys in one order, and holds neither derived fields
 * nor child id lists.
 */
import { FAVOURITE_KIND } from '../../worker/sync/doc/docIds';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { restore } from '../../worker/domain/restore';
import { contentOf, contentOfBuilt } from '../../worker/sync/doc/revisions';
import { CHILD_LISTS, DERIVED_FIELDS } from '../../worker/domain/storedFields';
import type { EntityKind } from '../../worker/domain/types';
import type { Db } from '../../worker/domain/dataFile';
import { canonical, SAMPLE_STAMP, syncedDocs, type EntityDoc, type FlagDoc, type SyncedDoc } from '../../worker/sync/doc/syncedForm';
import type { SyncStamp } from '../../worker/sync/doc/syncStamp';
import { takeIntoWorld, type TakenIntoWorld } from '../../worker/sync/in/takenIntoWorld';
import { World } from '../../worker/engine/world';
import { entityDocId, flagDocId, FLAG_KIND, SPEED_ID } from '../../worker/sync/doc/docIds';
import { aSurvey, aWorld, ANN, T0 } from '../helpers/builders';

const ALL_JSON = fileURLToPath(new URL('../../public/data/all.json', import.meta.url));
const STAMP: SyncStamp = { by: ANN, laptop: 'van-2', at: T0, tx: 'tx-1', n: 1 };

function sampleWorld(): Db {
  const result = restore(readFileSync(ALL_JSON, 'utf8'), T0);
  if (!result.ok) throw new Error(result.error);
  return result.db;
}

/** A small world with a survey under QC holding two flags. */
function flaggedWorld(): Db {
  const world = aWorld();
  const survey = aSurvey(world, { surveyId: 's-1', mediaId: 'MD-1', captureId: 'cap-1', stage: 'survey-qc', qc: 'started' });
  survey.frameFlags = [
    { line: 1, camera: 'Cam02', frame: 3, reason: 'Blur', note: '', by: ANN, at: T0 },
    { line: 2, camera: 'Cam01', frame: 1, reason: 'Cloud', note: 'north edge', by: ANN, at: T0 + 1 },
  ];
  const result = restore(world, T0);
  if (!result.ok) throw new Error(result.error);
  return result.db;
}

/**
 * The world the documents give, read as every laptop reads a team document (the one reading,
 * takenIntoWorld): an empty world that takes them all, in any order they arrive.
 */
function read(docs: readonly SyncedDoc[], version: number): { db: Db; taken: TakenIntoWorld } {
  const empty = restore({ version, index: { projects: {}, captures: {}, flightPlans: {}, surveys: {}, media: {}, drives: {}, users: {} } }, T0);
  if (!empty.ok) throw new Error(empty.error);
  const world = new World();
  world.load(empty.db);
  const places = new Map(docs.map((d) => [d._id, (d as EntityDoc).at]));
  const taken = takeIntoWorld(world, docs.map((d) => ({ ...d, _rev: '1-read' })), T0, (id) => places.get(id));
  world.takeChange(T0);
  return { db: world.toDb(T0), taken };
}

function roundTrip(db: Db): Db {
  const { db: back, taken } = read(syncedDocs(db, 1, STAMP), db.version);
  expect([...taken.refused, ...taken.waiting]).toEqual([]);
  return back;
}

describe('the synced form (issue 21)', () => {
  it('round-trips the sample data through restore(): every entity, field and order', () => {
    const db = sampleWorld();
    const back = roundTrip(db);
    expect(back.ids).toEqual(db.ids);
    expect(back.index).toEqual(db.index);
  });

  it('keeps frame flags as documents of their own, and brings them back in review order', () => {
    const db = flaggedWorld();
    const docs = syncedDocs(db, 1, STAMP);
    const flags = docs.filter((d): d is FlagDoc => d.kind === FLAG_KIND);
    expect(flags.map((d) => d._id)).toEqual([flagDocId('s-1', { line: 1, camera: 'Cam02', frame: 3 }), flagDocId('s-1', { line: 2, camera: 'Cam01', frame: 1 })]);
    const survey = docs.find((d) => d._id === entityDocId('surveys', 's-1')) as EntityDoc;
    expect(survey.e).not.toHaveProperty('frameFlags');
    // Two laptops' flags arrive in any order; the survey shows them in review order.
    expect(read([...docs].reverse(), db.version).db.index.surveys['s-1']!.frameFlags).toEqual(db.index.surveys['s-1']!.frameFlags);
    expect(roundTrip(db).index).toEqual(db.index);
  });

  it('holds no derived field and no child id list', () => {
    for (const doc of syncedDocs(sampleWorld(), 1, SAMPLE_STAMP)) {
      if (doc.kind === FLAG_KIND || doc.kind === SPEED_ID || doc.kind === FAVOURITE_KIND) continue;
      const kind: EntityKind = doc.kind;
      for (const field of [...(DERIVED_FIELDS[kind] ?? []), ...Object.keys(CHILD_LISTS[kind] ?? {})]) expect(doc.e, `${doc._id} ${field}`).not.toHaveProperty(field);
    }
  });

  it('writes every key in one order, whatever order the entity had them in', () => {
    const keysInOrder = (v: unknown): boolean => {
      if (Array.isArray(v)) return v.every(keysInOrder);
      if (typeof v !== 'object' || v === null) return true;
      const keys = Object.keys(v);
      // Inserted sorted; JavaScript itself puts integer-like keys first.
      const sorted = Object.keys(Object.fromEntries([...keys].sort().map((k) => [k, 0])));
      return keys.join('\u0000') === sorted.join('\u0000') && Object.values(v).every(keysInOrder);
    };
    const docs = syncedDocs(sampleWorld(), 1, SAMPLE_STAMP);
    expect(docs.every(keysInOrder)).toBe(true);
    // The same bodies give the same JSON, so the same revision on every laptop.
    expect(JSON.stringify(syncedDocs(sampleWorld(), 1, SAMPLE_STAMP))).toBe(JSON.stringify(docs));
    // So what a document says hashes alike without ordering its keys again (the outbox's shortcut),
    // flag documents and a world's edge cases included.
    for (const doc of [...docs, ...syncedDocs(flaggedWorld(), 10, STAMP)]) expect(contentOfBuilt({ ...doc, stamp: STAMP })).toBe(contentOf(doc as unknown as Record<string, unknown>));
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 })), (value) => {
        const shuffled = Object.fromEntries(Object.entries(value).reverse());
        expect(JSON.stringify(canonical(shuffled))).toBe(JSON.stringify(canonical(value)));
        expect(keysInOrder(canonical(value))).toBe(true);
      }),
    );
  });

  it('keeps a flag whose survey has not arrived waiting for it, rather than losing it silently', () => {
    const db = flaggedWorld();
    const docs = syncedDocs(db, 1, STAMP).filter((d) => d._id !== entityDocId('surveys', 's-1'));
    const { db: back, taken } = read(docs, db.version);
    expect(back.index.surveys['s-1']).toBeUndefined();
    expect(taken.waiting.map((w) => [w.doc._id, w.needs])).toEqual(db.index.surveys['s-1']!.frameFlags.map((f) => [flagDocId('s-1', f), [entityDocId('surveys', 's-1')]]));
  });
});
