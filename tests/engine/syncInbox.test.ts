/**
 * The inbox holds an action back until all of it has arrived (issue 21, docs/sync.md#taking-changes-into-the-world):
 * each document's stamp says which action wrote it and how many documents that action wrote.
 */
import { describe, expect, it } from 'vitest';
import PouchDB from 'pouchdb-core';
import memory from 'pouchdb-adapter-memory';
import { takeIn } from '../../worker/sync/inbox';
import type { Held } from '../../worker/sync/outbox';
import { childRevision } from '../../worker/sync/revisions';

PouchDB.plugin(memory);
const Db = PouchDB.defaults({ adapter: 'memory' });
let dbs = 0;

const stamp = (tx: string, n: number) => ({ by: 'ann.lee@example.com', laptop: 'van-a', at: 1, tx, n });

/** A document as another laptop's action wrote it. */
function written(id: string, tx: string, n: number, description: string) {
  const body = { _id: id, kind: 'captures', e: { o: 0, description }, at: {}, stamp: stamp(tx, n) };
  return { ...body, ...childRevision(undefined, body) };
}

describe('the inbox holds an action back until it has arrived whole (issue 21)', () => {
  it('takes nothing of an action that arrived in part, and all of it once the rest has', async () => {
    const db = new Db(`inbox-${++dbs}`);
    const held = new Map<string, Held>();
    await db.bulkDocs([written('captures:c1', 'tx-1', 2, 'first half'), written('captures:c9', 'tx-9', 1, 'a whole action')], { new_edits: false });
    const first = await takeIn(db, 0, held, { whole: false });
    expect(first.docs.map((d) => d._id)).toEqual(['captures:c9']);
    expect(first.waiting).toEqual(['captures:c1']);
    expect(held.has('captures:c1')).toBe(false);

    await db.bulkDocs([written('captures:c2', 'tx-1', 2, 'second half')], { new_edits: false });
    const second = await takeIn(db, first.since, held, { again: new Set(first.waiting), whole: false });
    expect(second.docs.map((d) => d._id).sort()).toEqual(['captures:c1', 'captures:c2']);
    expect(second.waiting).toEqual([]);
    expect([...held.keys()].sort()).toEqual(['captures:c1', 'captures:c2', 'captures:c9']);
  });

  it('once replication has caught up, what is still missing is not coming: the part is taken', async () => {
    const db = new Db(`inbox-${++dbs}`);
    const held = new Map<string, Held>();
    await db.bulkDocs([written('captures:c1', 'tx-1', 3, 'one of three')], { new_edits: false });
    const apart = await takeIn(db, 0, held, { whole: false });
    expect(apart.waiting).toEqual(['captures:c1']);
    const caughtUp = await takeIn(db, apart.since, held, { again: new Set(apart.waiting), whole: true });
    expect(caughtUp.docs.map((d) => d._id)).toEqual(['captures:c1']);
    expect(caughtUp.waiting).toEqual([]);
  });
});
