/**
 * The Team page's record of whom this laptop has heard from (issue 52, docs/sync.md#the-team-page):
 * the take keeps, per person and laptop, the latest stamp's time (and the role the stamp said), so
 * the page never reads the team's documents. Several people and laptops, a later stamp moving the
 * time on and an earlier one not, garbage and hostile stamps passed over, the records kept across a
 * new leading tab, and the page's members as this laptop's person and the others see them.
 */
import { describe, expect, it } from 'vitest';
import { childRevision } from '../../worker/sync/doc/revisions';
import type { StoredDoc } from '../../worker/sync/doc/database';
import { HEARD_KIND } from '../../worker/sync/records';
import { HEARD_KEPT, LAPTOPS_KEPT, LastHeard } from '../../worker/sync/in/lastHeard';
import { teamShown } from '../../worker/sync/in/teamShown';
import { handover, laptop, type Laptop } from '../helpers/syncLaptops';
import { ANN, BOB, aWorld } from '../helpers/builders';

const CLEO = 'cleo.park@example.com';
const WORLD = JSON.stringify(aWorld());

const doc = (stamp: unknown, id = 'captures:cap-1'): StoredDoc => ({ _id: id, _rev: '1-a', kind: 'captures', stamp });
const stamp = (by: string, laptop: string, at: number, more: Record<string, unknown> = {}) => ({ by, laptop, at, tx: `t-${at}`, n: 1, ...more });

/** What a list holds, as a person would read it: who, on which laptop, when, in which role. */
const seen = (list: LastHeard) => list.all().map((h) => `${h.by} ${h.laptop} ${h.at}${h.role ? ` ${h.role}` : ''}`).sort();

/** Takes `docs` into a list, as a take that landed does, and answers the records it wrote. */
function take(list: LastHeard, docs: StoredDoc[], own = 'here') {
  const change = list.heard(docs, own);
  change.apply();
  return change.records;
}

describe('whom this laptop has heard from, per person and laptop (issue 52)', () => {
  it('keeps one record per person and laptop, with the latest time each was heard from', () => {
    const list = new LastHeard();
    take(list, [doc(stamp(ANN, 'van-a', 5)), doc(stamp(ANN, 'van-c', 7)), doc(stamp(CLEO, 'van-d', 3)), doc(stamp(ANN, 'van-a', 4))]);
    expect(seen(list)).toEqual([`${ANN} van-a 5`, `${ANN} van-c 7`, `${CLEO} van-d 3`]);
    // Later moves it on; earlier (a document written before, arriving late) does not, and writes nothing.
    const records = take(list, [doc(stamp(ANN, 'van-a', 9)), doc(stamp(CLEO, 'van-d', 1))]);
    expect(seen(list)).toEqual([`${ANN} van-a 9`, `${ANN} van-c 7`, `${CLEO} van-d 3`]);
    expect(records.put.map((r) => r.record)).toEqual([{ o: 0, by: ANN, laptop: 'van-a', at: 9 }]);
    expect(take(list, [doc(stamp(ANN, 'van-a', 9))]).put).toEqual([]);
  });

  it('passes over this laptop’s own stamps, the sample data’s and a settling’s, which name no laptop', () => {
    const list = new LastHeard();
    take(list, [doc(stamp(BOB, 'here', 5)), doc(stamp('sample data', '', 0)), doc(stamp('sync', '', 0))]);
    expect(list.all()).toEqual([]);
  });

  it('passes over garbage and hostile stamps without failing, and keeps the good one beside them', () => {
    const list = new LastHeard();
    const garbage = [
      undefined, null, 'ann', 42, [], {}, { by: ANN }, stamp(ANN, 'van-a', Number.NaN), stamp(ANN, 'van-a', Number.POSITIVE_INFINITY), stamp(ANN, 'van-a', -1),
      stamp(ANN, 'van-a', '5' as unknown as number), stamp('', 'van-a', 5), stamp(ANN, 'x'.repeat(101), 5), stamp('x'.repeat(5_000), 'van-a', 5),
      stamp(ANN, { toString: () => 'van-a' } as unknown as string, 5), { ...stamp(ANN, 'van-a', 5), n: -1 },
    ].map((s) => doc(s));
    expect(() => take(list, [...garbage, doc(stamp(CLEO, 'van-d', 3))])).not.toThrow();
    expect(seen(list)).toEqual([`${CLEO} van-d 3`]);
  });

  it('keeps the role the latest stamp said, takes nothing from a document saying a role there is not, and an older stamp’s role only where none was said', () => {
    const list = new LastHeard();
    // A stamp saying a role the team does not have refuses its document, on every laptop (teamRules.js): no one is heard from by it.
    take(list, [doc(stamp(ANN, 'van-a', 5, { role: 'technician' })), doc(stamp(CLEO, 'van-d', 5, { role: 'admin' })), doc(stamp(BOB, 'van-b', 5, { role: { coordinator: true } }))]);
    expect(seen(list)).toEqual([`${ANN} van-a 5 technician`]);
    take(list, [doc(stamp(BOB, 'van-b', 5)), doc(stamp(CLEO, 'van-d', 5))]);
    // Made a coordinator by the admin: the next stamp says so.
    take(list, [doc(stamp(ANN, 'van-a', 8, { role: 'coordinator' }))]);
    // A later stamp of an older console (no role) keeps the role last said; an older one saying a role fills one in.
    take(list, [doc(stamp(ANN, 'van-a', 9)), doc(stamp(BOB, 'van-b', 2, { role: 'technician' }))]);
    expect(seen(list)).toEqual([`${ANN} van-a 9 coordinator`, `${BOB} van-b 5 technician`, `${CLEO} van-d 5`]);
  });

  it('keeps a person’s latest laptops and a bounded number of records, whatever a member stamps', () => {
    const list = new LastHeard();
    const many = Array.from({ length: LAPTOPS_KEPT + 5 }, (_, i) => doc(stamp(ANN, `van-${i}`, 100 + i)));
    take(list, many);
    expect(list.all()).toHaveLength(LAPTOPS_KEPT);
    expect(Math.min(...list.all().map((h) => h.at))).toBe(105);
    // One more, later: the oldest kept goes, and its record is deleted with the take.
    const records = take(list, [doc(stamp(ANN, 'van-new', 200))]);
    expect(records.del).toEqual([{ kind: HEARD_KIND, id: JSON.stringify([ANN, 'van-5']) }]);
    const people = Array.from({ length: HEARD_KEPT + 10 }, (_, i) => doc(stamp(`p${i}@example.com`, 'van', 1)));
    take(list, people);
    expect(list.all()).toHaveLength(HEARD_KEPT);
  });

  it('reads back what it wrote, and leaves out a stored record that is not one', () => {
    const list = new LastHeard();
    const records = take(list, [doc(stamp(ANN, 'van-a', 5, { role: 'coordinator' })), doc(stamp(CLEO, 'van-d', 3))]);
    const stored = records.put.map((r): [string, typeof r.record] => [r.id, r.record]);
    const again = new LastHeard([...stored, ['junk', { o: 0, by: 3 }], [JSON.stringify([BOB, 'x']), { o: 0, by: ANN, laptop: 'van-a', at: 1 }]]);
    expect(seen(again)).toEqual(seen(list));
  });
});

/** A teammate's change in `l`'s database: a capture's document written again by `who` on `on`, at `at`. */
async function changedBy(l: Laptop, captureId: string, who: string, on: string, at: number, docs = 1) {
  const [leaf] = await l.db.get(`captures:${captureId}`, { open_revs: 'all' });
  if (!leaf || !('ok' in leaf)) throw new Error(`${captureId} is not in the database`);
  const { _rev, ...before } = leaf.ok as unknown as { _id: string; _rev: string; e: Record<string, unknown> };
  const body = { ...before, e: { ...before.e, description: `changed at ${at}` }, stamp: stamp(who, on, at, { n: docs }) };
  await l.db.bulkDocs([{ ...body, ...childRevision(_rev, body) }], { new_edits: false });
}

describe('the Team page’s members, from what the takes kept (issue 52)', () => {
  it('shows this laptop’s person first with their session’s role, then each teammate with their laptops, last heard and what was not taken', async () => {
    const b = await laptop('van-b', BOB, WORLD);
    await changedBy(b, 'cap-1', ANN, 'van-a', 5_000);
    await changedBy(b, 'cap-2', ANN, 'van-c', 9_000);
    await b.session.takeIn();
    // One document of an action of Cleo's of two: heard from, and counted as arriving from her laptop.
    await changedBy(b, 'cap-1', CLEO, 'van-d', 7_000, 2);
    await b.session.takeIn(false);
    // A capture of Cleo's that breaks a rule (its description is no text), which this laptop does not hold: not taken.
    const [leaf] = await b.db.get('captures:cap-2', { open_revs: 'all' });
    const { _rev: _r, ...cap2 } = (leaf as { ok: StoredDoc }).ok as unknown as { _rev: string; e: Record<string, unknown> };
    const bad = { ...cap2, _id: 'captures:cap-9', e: { ...cap2.e, description: 42 }, stamp: stamp(CLEO, 'van-d', 6_000) };
    await b.db.bulkDocs([{ ...bad, ...childRevision(undefined, bad) }], { new_edits: false });
    await b.session.takeIn(false);
    const here = { account: BOB, laptop: 'van-b', role: 'technician' as const };
    expect(teamShown(here, b.session)).toEqual([
      { account: BOB, role: 'technician', you: true, laptops: [{ laptop: 'van-b', here: true, lastHeard: null, notTaken: 0, arriving: 0 }] },
      { account: ANN, role: null, you: false, laptops: [{ laptop: 'van-c', here: false, lastHeard: 9_000, notTaken: 0, arriving: 0 }, { laptop: 'van-a', here: false, lastHeard: 5_000, notTaken: 0, arriving: 0 }] },
      { account: CLEO, role: null, you: false, laptops: [{ laptop: 'van-d', here: false, lastHeard: 7_000, notTaken: 1, arriving: 1 }] },
    ]);
    // The next leading tab reads the same from the store.
    const next = await handover(b);
    expect(teamShown(here, next.session)).toEqual(teamShown(here, b.session));
    expect(next.session.lastHeard.all()).toHaveLength(3);
  });
});
