/**
 * Frame flags and the reject reason (issue 8): a reviewer flags frames of a survey under QC with a
 * reason, unflags them, rejects a survey for a reason; every refusal changes nothing; a reload
 * (a second engine on the same store) keeps it all.
 */
import { describe, expect, it } from 'vitest';
import { harness, type Harness } from '../helpers/engineHarness';
import { ManualClock } from '../helpers/manualClock';
import { ANN, T0, aSurvey, aWorld } from '../helpers/builders';
import type { Action } from '../../worker/api';
import type { Survey } from '../../worker/domain/types';

function qcWorld() {
  const w = aWorld();
  aSurvey(w, { surveyId: 's-qc', mediaId: 'M1', stage: 'survey-qc', qc: 'started' });
  aSurvey(w, { surveyId: 's-ready', mediaId: 'M1', stage: 'survey-qc' });
  return w;
}

const survey = (h: Harness, id = 's-qc'): Survey => h.engine.world.index.surveys[id]!;
const frame = { surveyId: 's-qc', line: 1, camera: 'Cam02', frame: 7 };

async function expectUnchanged(h: Harness, action: Action, error: string, field?: string) {
  const before = h.engine.serialise();
  expect(await h.do(action)).toEqual(field ? { ok: false, error, field } : { ok: false, error });
  expect(h.engine.serialise()).toBe(before);
}

describe('flag a frame', () => {
  it('stores the reason, the note, who and when, and says so', async () => {
    const h = await harness({ world: qcWorld() });
    const r = await h.do({ type: 'flagFrame', ...frame, reason: 'Cloud shadow', note: '  shadow over the river ' });
    expect(r).toMatchObject({ ok: true, flash: { category: 'warning', text: 'frame 7 flagged: Cloud shadow' } });
    expect(survey(h).frameFlags).toEqual([
      { line: 1, camera: 'Cam02', frame: 7, reason: 'Cloud shadow', note: 'shadow over the river', by: ANN, at: h.clock.now() },
    ]);
  });

  it('flagging again replaces the flag; flags stay in line, frame, camera order', async () => {
    const h = await harness({ world: qcWorld() });
    await h.do({ type: 'flagFrame', ...frame, reason: 'Cloud' });
    await h.do({ type: 'flagFrame', ...frame, frame: 2, reason: 'Blur' });
    await h.do({ type: 'flagFrame', ...frame, reason: 'Other', note: 'bird' });
    expect(survey(h).frameFlags.map((f) => [f.frame, f.reason, f.note])).toEqual([
      [2, 'Blur', ''],
      [7, 'Other', 'bird'],
    ]);
  });

  it('unflags a flagged frame', async () => {
    const h = await harness({ world: qcWorld() });
    await h.do({ type: 'flagFrame', ...frame, reason: 'Blur' });
    expect(await h.do({ type: 'unflagFrame', ...frame })).toMatchObject({ ok: true, flash: { category: 'info', text: 'frame 7 unflagged' } });
    expect(survey(h).frameFlags).toEqual([]);
  });

  it('every refusal changes nothing', async () => {
    const h = await harness({ world: qcWorld() });
    await h.do({ type: 'flagFrame', ...frame, frame: 3, reason: 'Blur' });
    await expectUnchanged(h, { type: 'flagFrame', ...frame, surveyId: 'nope', reason: 'Cloud' }, 'No survey nope');
    await expectUnchanged(h, { type: 'flagFrame', ...frame, surveyId: 's-ready', reason: 'Cloud' }, 'This action is no longer available for survey S-READY');
    await expectUnchanged(h, { type: 'flagFrame', ...frame, reason: 'Rain' as never }, 'Choose a reason', 'reason');
    await expectUnchanged(h, { type: 'flagFrame', ...frame, reason: 'Cloud', note: 'x'.repeat(501) }, 'The note is longer than 500 characters', 'note');
    await expectUnchanged(h, { type: 'flagFrame', ...frame, reason: 'Cloud', note: 5 as never }, 'The note must be text', 'note');
    await expectUnchanged(h, { type: 'flagFrame', ...frame, frame: 0, reason: 'Cloud' }, 'No such frame');
    await expectUnchanged(h, { type: 'flagFrame', ...frame, camera: '', reason: 'Cloud' }, 'No such frame');
    await expectUnchanged(h, { type: 'flagFrame', ...frame, line: 1.5, reason: 'Cloud' }, 'No such frame');
    await expectUnchanged(h, { type: 'unflagFrame', ...frame }, 'frame 7 is not flagged');
    await expectUnchanged(h, { type: 'unflagFrame', ...frame, frame: 3, surveyId: 's-ready' }, 'This action is no longer available for survey S-READY');
    await h.do({ type: 'logout' });
    await expectUnchanged(h, { type: 'flagFrame', ...frame, reason: 'Cloud' }, 'Log in to flag frames');
  });
});

describe('reject for a reason', () => {
  it('a reason is required, and stored', async () => {
    const h = await harness({ world: qcWorld() });
    await expectUnchanged(h, { type: 'rejectSurveyQc', surveyId: 's-qc', reason: '  ' }, 'A reason is required', 'reason');
    await expectUnchanged(h, { type: 'rejectSurveyQc', surveyId: 's-qc' } as never, 'A reason is required', 'reason');
    await expectUnchanged(h, { type: 'rejectSurveyQc', surveyId: 's-qc', reason: 'x'.repeat(501) }, 'The reason is longer than 500 characters', 'reason');
    expect(await h.do({ type: 'rejectSurveyQc', surveyId: 's-qc', reason: ' Cloud ' })).toMatchObject({ ok: true, flash: { text: 'QC rejected for survey S-QC' } });
    expect(survey(h)).toMatchObject({ qc: 'rejected', rejectReason: 'Cloud' });
  });
});

describe('a reload keeps them', () => {
  it('flags and the reject reason survive a second engine on the same store', async () => {
    const h = await harness({ world: qcWorld() });
    await h.do({ type: 'flagFrame', ...frame, reason: 'Over-exposed', note: 'sun glint' });
    await h.do({ type: 'flagFrame', ...frame, camera: 'Cam05', reason: 'Under-exposed / black' });
    await h.do({ type: 'rejectSurveyQc', surveyId: 's-qc', reason: 'Too much cloud on line 2' });
    const flags = survey(h).frameFlags;
    const again = await harness({ store: h.store, clock: new ManualClock(h.clock.now()), login: false, world: '{"broken":' });
    expect(survey(again).frameFlags).toEqual(flags);
    expect(survey(again).rejectReason).toBe('Too much cloud on line 2');
    expect(survey(again).frameFlags[0]!.at).toBeGreaterThanOrEqual(T0);
  });

  it('a stored copy with a malformed flag is refused by restore', async () => {
    const w = qcWorld();
    (w.index.surveys['s-qc'] as unknown as Record<string, unknown>).frameFlags = [{ line: 1, camera: 'Cam01', frame: 1, reason: 'Rain' }];
    const h = await harness({ world: w });
    expect(h.engine.world.index.surveys['s-qc']).toBeUndefined();
  });
});
