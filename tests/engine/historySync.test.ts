/**
 * A team's history (issue 34, docs/history.md#sync): each entry one immutable team document, so
 * entries made offline on two laptops end as the same union on both, in one order (time, then
 * laptop), each saying when this laptop learnt of it; a conflict a person settles is in both
 * laptops' histories with both versions and how it was settled.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { historyId, proofOf, sealed, type HistoryEntry } from '../../worker/domain/history';
import { readHistoryFile } from '../../worker/domain/historyFile';
import { entryProof } from '../../worker/domain/teamHash';
import { readTeamDoc } from '../../worker/sync/doc/teamDoc';
import { hostileDocs } from '../helpers/hostileWriter';
import type { Engine } from '../../worker/engine/engine';
import { act, laptop as joined, lateJoiner, reconnect } from '../helpers/syncLaptops';
import { cleanUp, flaggedTwoWaysApart, twoJoined, until } from '../helpers/teamLaptops';
import { ANN, BOB, T0, aSurvey, aWorld } from '../helpers/builders';
import { ManualClock } from '../helpers/manualClock';

afterEach(cleanUp);

function qcWorld() {
  const w = aWorld();
  aSurvey(w, { surveyId: 's-qc', mediaId: 'M1', stage: 'survey-qc', qc: 'started' });
  aSurvey(w, { surveyId: 's-ready', mediaId: 'M1', stage: 'survey-qc' });
  return JSON.stringify(w);
}
const WORLD = qcWorld();
const frame = { surveyId: 's-qc', line: 1, camera: 'Cam02', frame: 7 };

/** Every entry a laptop keeps, oldest first, as its export holds them. */
async function entriesOf(engine: Engine): Promise<HistoryEntry[]> {
  const { history } = JSON.parse(await engine.exportWorld()) as { history: { entries: HistoryEntry[] } };
  return history.entries;
}
const withoutArrival = (entries: HistoryEntry[]) => entries.map(({ arrivedAt: _a, ...e }) => e);

describe("a team's history (issue 34)", () => {
  it('entries made offline on both laptops end as the same union on both, in one order, each saying when it arrived', async () => {
    const clock = new ManualClock(T0);
    const [a, b] = [await joined('van-a', ANN, WORLD, clock), await joined('van-b', BOB, WORLD, clock)];
    // Apart: each works on its own survey.
    expect(await act(a, { type: 'flagFrame', ...frame, reason: 'Cloud' })).toBe(true);
    expect(await act(a, { type: 'approveSurveyQc', surveyId: 's-qc' })).toBe(true);
    clock.advance(60_000);
    expect(await act(b, { type: 'startSurveyQc', surveyId: 's-ready' })).toBe(true);
    const before = await entriesOf(a.engine);
    expect(before.map((e) => e.by)).toEqual([ANN, ANN]);

    clock.advance(3_600_000);
    await reconnect(a, b);
    const [onA, onB] = [await entriesOf(a.engine), await entriesOf(b.engine)];
    expect(onA.map((e) => [e.by, e.what.kind])).toEqual([
      [ANN, 'flagged'],
      [ANN, 'qcApproved'],
      [BOB, 'qcStarted'],
    ]);
    expect(withoutArrival(onB)).toEqual(withoutArrival(onA));
    // Each took the other's when it met it: an hour after it was done, on the other laptop.
    const bobsOnA = onA.find((e) => e.by === BOB)!;
    expect(bobsOnA.arrivedAt! - bobsOnA.at).toBe(3_600_000);
    expect(onA.filter((e) => e.by === ANN).every((e) => e.arrivedAt === undefined)).toBe(true);
    // A laptop that joins now holds the same union.
    expect(withoutArrival(await entriesOf((await lateJoiner(a)).engine))).toEqual(withoutArrival(onA));
  });

  it('a conflict and its settlement appear in both histories, with both versions and how it was settled', async () => {
    const { a, b, server } = await twoJoined('history-settled');
    await flaggedTwoWaysApart(a, b, frame);
    const [conflict] = await a.sync.conflicts();
    const bobs = conflict!.versions.find((v) => v.by === BOB)!;
    expect(await a.sync.resolve(conflict!.id, bobs.rev)).toEqual({ ok: true });
    for (const l of [a, b]) {
      await until(async () => expect((await entriesOf(l.engine)).some((e) => e.what.kind === 'settled')).toBe(true), l);
      const settled = (await entriesOf(l.engine)).find((e) => e.what.kind === 'settled')!;
      expect(settled).toMatchObject({ by: ANN, on: { surveys: ['s-qc'] }, conflict: { settledBy: ANN, how: `kept the version by ${BOB}` } });
      expect(settled.conflict!.versions.map((v) => [v.by, v.what]).sort()).toEqual([
        [ANN, 'Reason: Cloud'],
        [BOB, 'Reason: Blur'],
      ]);
      // Both laptops' flags are in the history too: nothing a person did is left out.
      await until(async () => expect((await entriesOf(l.engine)).filter((e) => e.what.kind === 'flagged').map((e) => e.by).sort(), l.engine.world.current.user?.email).toEqual([ANN, BOB].sort()), l);
    }
    // The settlement and its entry are one action that counts both: a laptop takes neither without the other.
    const auth = `Basic ${Buffer.from(`${server.admin.name}:${server.admin.password}`).toString('base64')}`;
    const { rows } = (await (await fetch(`${server.url}/couch/history-settled/_all_docs?include_docs=true`, { headers: { authorization: auth } })).json()) as {
      rows: { id: string; doc: { stamp?: { tx: string; n: number } } }[];
    };
    const settling = rows.filter((r) => r.doc.stamp?.tx.startsWith('settle-'));
    expect(settling.map((r) => r.id.split(':')[0]).sort()).toEqual(['frameFlag', 'history']);
    expect(settling.map((r) => r.doc.stamp!.n)).toEqual([2, 2]);
  }, 30_000);

  it('an entry an action makes carries the proof of its content in its id', async () => {
    const a = await joined('van-a', ANN, WORLD);
    expect(await act(a, { type: 'flagFrame', ...frame, reason: 'Cloud' })).toBe(true);
    const [entry] = await entriesOf(a.engine);
    expect(entry!.id).toMatch(/^\d{15}:[^:]+:[0-9a-z]{6}:0:[0-9a-f]{16}$/);
    expect(proofOf(entry!.id)).toBe(entryProof(entry!));
  });

  it('a history document is read in either form, and one whose content does not match its proof is refused with the reason', () => {
    const stamp = { by: ANN, laptop: 'lap', at: T0, tx: '000001', n: 1 };
    const content = { at: T0, by: ANN, laptop: 'lap', tx: '000001', n: 0, what: { kind: 'applanix' as const }, on: { surveys: ['s-qc'] } };
    const entry = sealed(content);
    const old = { ...content, id: historyId(T0, 'lap', '000001', 0) };
    const doc = (e: object & { id: string }) => ({ _id: `history:${e.id}`, _rev: '1-a', kind: 'history', entry: e, stamp });
    expect(readTeamDoc(doc(entry))).toMatchObject({ is: 'history', entry });
    // The form from before entries carried their proof is still read (docs/history.md#the-entry).
    expect(readTeamDoc(doc(old))).toMatchObject({ is: 'history', entry: old });
    const bobs = { ...entry, by: BOB };
    const changed = readTeamDoc(doc(bobs));
    expect(changed).toMatchObject({ is: 'refused', why: expect.stringMatching(/content does not match its id: a history entry is never changed$/) as string });
    // Anything beside what an entry keeps is refused too, though a hash of the raw entry would hold it:
    // an event holds exactly its kind's parameters, by the rule the server checks as well (historyKinds.ts).
    const extra = { ...entry, what: { kind: 'applanix', note: 'mine' } };
    const withExtra = { ...extra, id: `${historyId(T0, 'lap', '000001', 0)}:${entryProof(extra)!}` };
    expect(readTeamDoc(doc(withExtra))).toMatchObject({ is: 'refused', why: expect.stringMatching(/is not a history entry/) as string });
    expect(readHistoryFile({ since: T0, origin: 'sample', entries: [withExtra] }, true)).toMatch(/what\.note is not what a applanix event holds/);
    // An export of either form imports.
    expect(readHistoryFile({ since: T0, origin: 'sample', entries: [entry, old] }, true)).toEqual({ since: T0, origin: 'sample', entries: [entry, old] });
    expect(readHistoryFile({ since: T0, origin: 'sample', entries: [bobs] }, true)).toMatch(/content does not match its id/);
  });

  it('an entry said otherwise under its id where no rule checks it is refused and named by every laptop, and one that joins later ends the same', async () => {
    const clock = new ManualClock(T0);
    const [a, b] = [await joined('van-a', ANN, WORLD, clock), await joined('van-b', BOB, WORLD, clock)];
    expect(await act(a, { type: 'flagFrame', ...frame, reason: 'Cloud' })).toBe(true);
    await reconnect(a, b);
    const before = withoutArrival(await entriesOf(a.engine));
    expect(before).toHaveLength(1);
    // Written straight into B's database under a parent no one wrote (hostileWriter's step 15): it may win there.
    const docs = await hostileDocs(b.db, { kind: 'hostile', into: 1, what: 15, pick: 0 }, 'mallory@example.com');
    expect(docs).toHaveLength(1);
    await b.db.bulkDocs(docs, { new_edits: false });
    await reconnect(a, b);
    const late = await lateJoiner(b);
    for (const l of [a, b, late]) {
      expect(withoutArrival(await entriesOf(l.engine))).toEqual(before);
      expect(l.session.notTaken.listed()).toEqual([
        [docs[0]!._id, expect.objectContaining({ state: 'refused', why: expect.stringMatching(/content does not match its id: a history entry is never changed$/) as string })],
      ]);
      expect(await l.session.conflicts()).toEqual([]);
    }
  }, 30_000);
});
