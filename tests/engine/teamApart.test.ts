/**
 * Two laptops apart, then together again, through the team server (issues 21 and 50): the conflict
 * combinations a team meets in a day, shown here in Node rather than in two browsers. One laptop
 * approves a survey the other cancels, each flags one frame its own way, and one inserts and
 * receives media: exactly two conflicts on both, the media crosses without one, both worlds are the
 * same, and settled on one laptop, both are settled alike.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUp, laptop, teamServer, until, type TeamLaptop } from '../helpers/teamLaptops';
import { comparableExport } from '../helpers/comparableExport';
import type { Action } from '../../worker/api';
import { ANN, BOB, aSurvey, aWorld } from '../helpers/builders';

afterEach(cleanUp);

/** Two surveys under QC on drive-less media, and two empty drives. */
function twoSurveysWorld(): string {
  const w = aWorld();
  aSurvey(w, { surveyId: 's-qc', mediaId: 'M1', stage: 'survey-qc', qc: 'started' });
  aSurvey(w, { surveyId: 's-two', mediaId: 'M2', stage: 'survey-qc', qc: 'started' });
  return JSON.stringify(w);
}

async function ok(l: TeamLaptop, action: Action): Promise<void> {
  expect(await l.engine.dispatch(action)).toMatchObject({ ok: true });
}

/** The world a laptop exports, without what is its own: when it saved, when it joined, when each entry arrived. */
async function world(l: TeamLaptop): Promise<Record<string, unknown>> {
  const { history, ...rest } = comparableExport(await l.engine.exportWorld(), { loadedAt: false }) as Record<string, unknown> & { history: { since?: number } };
  const { since: _since, ...entries } = history;
  return { ...rest, history: entries };
}

const frame = { surveyId: 's-qc', line: 1, camera: 'Cam02', frame: 8 };

describe('two laptops apart, then together again (issue 50: from the browser to Node)', () => {
  it('approve against cancel, one frame flagged two ways, media inserted and received on one: exactly two conflicts, the same world, settled alike', async () => {
    const server = await teamServer();
    await server.world('team-apart');
    const a = await laptop(server.url, ANN, twoSurveysWorld());
    const b = await laptop(server.url, BOB, twoSurveysWorld());
    expect(await a.join('team-apart')).toEqual({ ok: true });
    expect(await b.join('team-apart')).toEqual({ ok: true });
    await until(() => expect([a.sync.status.state, b.sync.status.state]).toEqual(['up-to-date', 'up-to-date']), a, b);

    await Promise.all([a.sync.stop(), b.sync.stop()]);
    await ok(a, { type: 'flagFrame', ...frame, reason: 'Blur' });
    await ok(a, { type: 'approveSurveyQc', surveyId: 's-two' });
    await ok(a, { type: 'insertMedia', host: 'drive-02', bays: [1], surveys: [{ flightPlanId: 'fp-1', size: 'small', flownOn: '2026-06-01' }] });
    await ok(a, { type: 'receiveMedia', host: 'drive-02', itemIds: ['HD9021'] });
    await ok(b, { type: 'flagFrame', ...frame, reason: 'Over-exposed' });
    await ok(b, { type: 'cancelSurvey', surveyId: 's-two' });
    await a.sync.start();
    await b.sync.start();

    await until(() => {
      expect([a.sync.status.state, b.sync.status.state]).toEqual(['up-to-date', 'up-to-date']);
      expect([a.sync.status.conflicts, b.sync.status.conflicts]).toEqual([2, 2]);
    }, a, b);
    // The media crossed without a conflict: nobody else touched that drive.
    expect(b.engine.world.index.drives['drive-02']!.mediaId).toBe(a.engine.world.index.drives['drive-02']!.mediaId);
    expect(b.engine.world.index.drives['drive-02']!.mediaId).toBeTruthy();
    for (const l of [a, b]) {
      const conflicts = await l.sync.conflicts();
      expect(conflicts.map((c) => c.what).sort()).toEqual(['Frame flag: survey s-qc, line 1, frame 8, Cam02', 'Survey s-two']);
      for (const c of conflicts) expect(c.versions.map((v) => v.by).sort()).toEqual([ANN, BOB]);
    }
    await until(async () => expect(await world(b)).toEqual(await world(a)), a, b);

    // Settled on A, one by one: Ann's approval, Bob's flag. B hears both.
    const conflicts = await a.sync.conflicts();
    const survey = conflicts.find((c) => c.what === 'Survey s-two')!;
    expect(await a.sync.resolve(survey.id, survey.versions.find((v) => v.by === ANN)!.rev)).toEqual({ ok: true });
    const flag = conflicts.find((c) => c.what.startsWith('Frame flag'))!;
    expect(await a.sync.resolve(flag.id, flag.versions.find((v) => v.by === BOB)!.rev)).toEqual({ ok: true });
    await until(() => {
      expect([a.sync.status.conflicts, b.sync.status.conflicts]).toEqual([0, 0]);
      expect([a.sync.status.state, b.sync.status.state]).toEqual(['up-to-date', 'up-to-date']);
      expect(b.engine.world.index.surveys['s-two']!.flags.canProcess).toBe(true);
      expect(b.engine.world.index.surveys['s-two']!.workflow).toEqual(a.engine.world.index.surveys['s-two']!.workflow);
      expect(b.engine.world.index.surveys['s-qc']!.frameFlags).toMatchObject([{ frame: 8, reason: 'Over-exposed' }]);
    }, a, b);
    await until(async () => expect(await world(b)).toEqual(await world(a)), a, b);
  }, 30_000);
});
