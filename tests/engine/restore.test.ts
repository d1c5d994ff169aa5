/** restore(): a clear message naming what is wrong; defaults filled; references repaired. */
import { describe, expect, it } from 'vitest';
import { restore } from '../../worker/domain/restore';
import { aSurvey, aWorld, T0 } from '../helpers/builders';

/** Parsed JSON, poked at freely to break it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const world = (): Json => {
  const w = aWorld();
  aSurvey(w, { surveyId: 's-1', mediaId: 'M1', stage: 'survey-qc' });
  return JSON.parse(JSON.stringify(w)) as Json;
};
const error = (raw: unknown) => {
  const r = restore(raw, T0, { source: 'all.json' });
  return r.ok ? null : r.error;
};

describe('restore', () => {
  it('accepts a good world, as text or object', () => {
    expect(restore(JSON.stringify(world()), T0).ok).toBe(true);
    expect(restore(world(), T0).ok).toBe(true);
  });

  it.each<[string, (w: Json) => unknown, string]>([
    ['not JSON', () => '{', 'all.json is not valid JSON'],
    ['not an object', () => [1, 2], 'all.json: the file is not an object'],
    ['no version', (w) => (delete w.version, w), 'all.json: version is missing'],
    ['no surveys', (w) => (delete w.index.surveys, w), 'all.json: surveys is missing'],
    ['no workflow', (w) => (delete w.index.surveys['s-1'].workflow, w), 'all.json: surveys.s-1.workflow is missing'],
    ['empty stages', (w) => ((w.index.surveys['s-1'].workflow.stages = []), w), 'all.json: surveys.s-1.workflow.stages is empty'],
    ['a bad state', (w) => ((w.index.surveys['s-1'].workflow.stages[2].state = 'done'), w), 'all.json: surveys.s-1.workflow.stages.2.state "done" is not a stage state'],
    ['current out of range', (w) => ((w.index.media.M1.workflow.current = 9), w), 'all.json: media.M1.workflow.current is out of range'],
    ['a missing capture', (w) => ((w.index.surveys['s-1'].captureId = 'nope'), w), 'all.json: surveys.s-1.captureId names a missing capture nope'],
    ['a key mismatch', (w) => ((w.index.captures['cap-1'].captureId = 'other'), w), 'all.json: captures.cap-1.captureId does not match its key'],
    ['a bad qc', (w) => ((w.index.surveys['s-1'].qc = 'maybe'), w), 'all.json: surveys.s-1.qc is not a QC state'],
    ['ids not a list', (w) => ((w.ids.surveys = 'x'), w), 'all.json: ids.surveys is not a list of ids'],
  ])('%s', (_name, mutate, message) => {
    expect(error(mutate(world()))).toBe(message);
  });

  it('fills defaults, derives, and repairs references and id lists', () => {
    const w = world();
    delete w.index.users['ann.lee@example.com'].name;
    delete w.index.surveys['s-1'].display;
    delete w.index.surveys['s-1'].flags;
    w.index.captures['cap-1'].surveyIds = ['ghost'];
    w.ids.surveys = [];
    w.index.drives['drive-01'].mediaId = 'missing';
    const r = restore(w, T0);
    if (!r.ok) throw new Error(r.error);
    const { index, ids } = r.db;
    expect(index.users['ann.lee@example.com']).toMatchObject({ name: 'Ann Lee', initials: 'AL' });
    expect(index.surveys['s-1']).toMatchObject({ display: 'Ready for QC', flags: { qcReady: true } });
    expect(index.captures['cap-1']!.surveyIds).toEqual(['s-1']);
    expect(index.captures['cap-1']!.counts.qcReady).toBe(1);
    expect(ids.surveys).toEqual(['s-1']);
    expect(index.drives['drive-01']).toMatchObject({ mediaId: null, status: 'Empty' });
    expect(r.db.loadedAt).toBe(T0);
  });

  it('places a working stage without times relative to load time, from its progress', () => {
    const w = world();
    const wf = w.index.surveys['s-1'].workflow;
    wf.current = 5;
    wf.stages[5] = { name: 'frame-extraction', automatic: true, state: 'working', durationS: 60, progress: 25 };
    for (let i = 6; i < wf.stages.length; i++) wf.stages[i].state = 'future';
    const r = restore(w, T0, { speed: 10 });
    if (!r.ok) throw new Error(r.error);
    expect(r.db.index.surveys['s-1']!.workflow.stages[5]).toMatchObject({ startedAt: T0 - 1500, expectedEndAt: T0 + 4500, progress: 25 });
  });
});
