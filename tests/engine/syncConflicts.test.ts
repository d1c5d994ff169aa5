/**
 * Two laptops, one world (issue 21): each with a PouchDB memory database, replicating in process.
 * What one laptop changed reaches the other; what both changed from one version is a conflict,
 * seen from every leaf, deletes included; resolving it settles it on both.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import PouchDB from 'pouchdb-core';
import memory from 'pouchdb-adapter-memory';
import replication from 'pouchdb-replication';
import { restore } from '../../worker/domain/restore';
import { allConflicts, conflictOf, differingFields, resolution } from '../../worker/sync/in/conflicts';
import type { Held } from '../../worker/sync/doc/held';
import { drain, outboxRecords } from '../../worker/sync/out/outbox';
import { flagDocs, SAMPLE_STAMP, syncedDocs, type EntityDoc, type SyncedDoc } from '../../worker/sync/doc/syncedForm';
import type { SyncStamp } from '../../worker/sync/doc/syncStamp';
import { ANN, BOB, T0 } from '../helpers/builders';

PouchDB.plugin(memory).plugin(replication);

const ALL_JSON = fileURLToPath(new URL('../../public/data/all.json', import.meta.url));
const sampleDocs = (() => {
  const result = restore(readFileSync(ALL_JSON, 'utf8'), T0);
  if (!result.ok) throw new Error(result.error);
  return syncedDocs(result.db, 1, SAMPLE_STAMP);
})();

let names = 0;
interface Laptop {
  db: PouchDB;
  held: Map<string, Held>;
  stamp(tx: string): SyncStamp;
  /** An action: writes documents and removes others, through the outbox. */
  act(tx: string, written: SyncedDoc[], removed?: string[]): Promise<void>;
}

async function laptop(by: string, docs: readonly SyncedDoc[] = sampleDocs): Promise<Laptop> {
  const db = new PouchDB(`laptop-${++names}`, { adapter: 'memory' }) ;
  const held = new Map<string, Held>();
  const seed = outboxRecords(docs, [], SAMPLE_STAMP, held);
  await drain(db, seed);
  const self: Laptop = {
    db,
    held,
    stamp: (tx) => ({ by, laptop: `van of ${by}`, at: T0, tx, n: 1 }),
    act: (tx, written, removed = []) => drain(db, outboxRecords(written, removed, self.stamp(tx), held)),
  };
  return self;
}

const captureDoc = (i: number) => sampleDocs.filter((d): d is EntityDoc => d.kind === 'captures')[i]!;
const edited = (doc: EntityDoc, stamp: SyncStamp, fields: Record<string, unknown>): EntityDoc => ({ ...doc, e: { ...doc.e, ...fields }, stamp });

/** Replicates both ways, and the world of each laptop takes in what its database now holds. */
async function reconnect(a: Laptop, b: Laptop) {
  await PouchDB.replicate(a.db, b.db);
  await PouchDB.replicate(b.db, a.db);
}

/** Ann and Bob each describe the first capture their own way, offline, then reconnect. */
async function describedOnBoth() {
  const [a, b] = [await laptop(ANN), await laptop(BOB)];
  const doc = captureDoc(0);
  await a.act('a1', [edited(doc, a.stamp('a1'), { description: 'North strip' })]);
  await b.act('b1', [edited(doc, b.stamp('b1'), { description: 'Northern strip' })]);
  await reconnect(a, b);
  return { a, b, doc };
}

describe('two laptops, one world (issue 21)', () => {
  it('laptops seeded from the same sample hold the same revisions: the first sync moves no document', async () => {
    const [a, b] = [await laptop(ANN), await laptop(BOB)];
    expect([...a.held]).toEqual([...b.held]);
    const moved = await PouchDB.replicate(a.db, b.db);
    expect(moved.docs_written).toBe(0);
    expect(moved.docs_read).toBe(0);
  });

  it('changes to different documents reach both laptops with no conflict', async () => {
    const [a, b] = [await laptop(ANN), await laptop(BOB)];
    await a.act('a1', [edited(captureDoc(0), a.stamp('a1'), { description: 'North strip' })]);
    await b.act('b1', [edited(captureDoc(1), b.stamp('b1'), { description: 'South hills' })]);
    await reconnect(a, b);
    for (const { db } of [a, b]) {
      expect(await allConflicts(db)).toEqual([]);
      expect(((await db.get(captureDoc(0)._id)) as unknown as EntityDoc).e.description).toBe('North strip');
      expect(((await db.get(captureDoc(1)._id)) as unknown as EntityDoc).e.description).toBe('South hills');
    }
  });

  it('one document changed on both laptops is a conflict on both, with both versions and the field that differs', async () => {
    const { a, b, doc } = await describedOnBoth();
    for (const { db } of [a, b]) {
      const conflict = await conflictOf(db, doc._id);
      expect(conflict?.versions.map((v) => (v.doc as unknown as EntityDoc).e.description).sort()).toEqual(['North strip', 'Northern strip']);
      expect(conflict?.versions.map((v) => (v.doc as unknown as EntityDoc).stamp.by).sort()).toEqual([ANN, BOB].sort());
      expect(differingFields(conflict!.versions)).toEqual(['e.description']);
      expect((await allConflicts(db)).map((c) => c.id)).toEqual([doc._id]);
    }
  });

  it('a change on a stale base is a sibling, never written on top of the latest', async () => {
    const [a, b] = [await laptop(ANN), await laptop(BOB)];
    const doc = captureDoc(0);
    await a.act('a1', [edited(doc, a.stamp('a1'), { description: 'North strip' })]);
    // Bob's database has Ann's change, but his world has not taken it in: his base is the sample's.
    await PouchDB.replicate(a.db, b.db);
    await b.act('b1', [edited(doc, b.stamp('b1'), { season: '2027' })]);
    const conflict = await conflictOf(b.db, doc._id);
    expect(conflict?.versions).toHaveLength(2);
    // Once his world has taken Ann's change in, his next change extends it: no conflict.
    const [c, d] = [await laptop(ANN), await laptop(BOB)];
    await c.act('c1', [edited(doc, c.stamp('c1'), { description: 'North strip' })]);
    await PouchDB.replicate(c.db, d.db);
    d.held.set(doc._id, c.held.get(doc._id)!);
    await d.act('d1', [edited(doc, d.stamp('d1'), { description: 'North strip', season: '2027' })]);
    expect(await conflictOf(d.db, doc._id)).toBeNull();
  });

  it('two reviewers flagging different frames of one survey do not conflict', async () => {
    const [a, b] = [await laptop(ANN), await laptop(BOB)];
    const surveyId = sampleDocs.find((d) => d.kind === 'surveys')!._id.slice('surveys:'.length);
    const flag = { line: 1, camera: 'Cam01', reason: 'Blur' as const, note: '', at: T0 };
    await a.act('a1', flagDocs(surveyId, [{ ...flag, frame: 1, by: ANN }], a.stamp('a1')));
    await b.act('b1', flagDocs(surveyId, [{ ...flag, frame: 2, by: BOB }], b.stamp('b1')));
    await reconnect(a, b);
    expect(await allConflicts(a.db)).toEqual([]);
    expect((await a.db.allDocs({ include_docs: true })).rows.filter((r) => r.id?.startsWith(`frameFlag:${surveyId}:`))).toHaveLength(2);
  });

  it('a removal against an edit is a conflict, although CouchDB lists no _conflicts for it', async () => {
    const surveyId = 'survey-x';
    const flag = { line: 1, camera: 'Cam01', frame: 3, reason: 'Blur' as const, note: '', by: ANN, at: T0 };
    const seeded = flagDocs(surveyId, [flag], SAMPLE_STAMP);
    const [a, b] = [await laptop(ANN, seeded), await laptop(BOB, seeded)];
    const id = seeded[0]!._id;
    await a.act('a1', [], [id]);
    await b.act('b1', flagDocs(surveyId, [{ ...flag, reason: 'Cloud' }], b.stamp('b1')));
    await reconnect(a, b);
    const shown = await a.db.get(id, { conflicts: true });
    expect(shown._conflicts ?? []).toEqual([]);
    const conflict = await conflictOf(a.db, id);
    expect(conflict?.versions.map((v) => v.deleted)).toEqual([false, true]);
    expect(differingFields(conflict!.versions)).toEqual(['_deleted']);
  });

  it('resolving keeps one version, closes the others, and settles both laptops', async () => {
    const { a, b, doc } = await describedOnBoth();
    const conflict = (await conflictOf(a.db, doc._id))!;
    const bobs = conflict.versions.find((v) => (v.doc as unknown as EntityDoc).stamp.by === BOB)!;
    const { _rev, _revisions, ...kept } = bobs.doc;
    await a.db.bulkDocs(resolution(conflict, kept, a.stamp('resolve')), { new_edits: false });
    await reconnect(a, b);
    for (const { db } of [a, b]) {
      expect(await conflictOf(db, doc._id)).toBeNull();
      expect(((await db.get(doc._id)) as unknown as EntityDoc).e.description).toBe('Northern strip');
    }
  });

  it('draining the same records again adds no revision (a drainer that stopped half way starts again)', async () => {
    const a = await laptop(ANN);
    const doc = captureDoc(0);
    const records = outboxRecords([edited(doc, a.stamp('a1'), { description: 'North strip' })], [], a.stamp('a1'), a.held);
    await drain(a.db, records);
    const before = await a.db.info();
    await drain(a.db, records);
    expect((await a.db.info()).update_seq).toBe(before.update_seq);
    expect(await conflictOf(a.db, doc._id)).toBeNull();
  });
});
