/**
 * A team's history (issue 34, docs/history.md#sync): each entry one immutable team document, so
 * entries made offline on two laptops end as the same union on both, in one order (time, then
 * laptop), each saying when this laptop learnt of it; a conflict a person settles is in both
 * laptops' histories with both versions and how it was settled.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../worker/domain/history';
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
    const settling = rows.filter((r) => r.doc.stamp?.tx.startsWith('resolve:'));
    expect(settling.map((r) => r.id.split(':')[0]).sort()).toEqual(['frameFlag', 'history']);
    expect(settling.map((r) => r.doc.stamp!.n)).toEqual([2, 2]);
  }, 30_000);
});
