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
/** The world with media M1 under another id (its survey and the list follow). */
function renameMedia(w: Json, id: string): Json {
  w.index.media[id] = { ...w.index.media.M1, mediaId: id };
  delete w.index.media.M1;
  w.index.surveys['s-1'].mediaId = id;
  w.ids.media = [id];
  return w;
}
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
    // Issue 19: every stored field against its type and the rules actions apply.
    ['a description that is an object', (w) => ((w.index.captures['cap-1'].description = { a: 1 }), w), 'all.json: captures.cap-1.description is not text of at most 1000 characters'],
    ['a user name that is a number', (w) => ((w.index.users['ann.lee@example.com'].name = 5), w), 'all.json: users.ann.lee@example.com.name is not a name'],
    ['a flown-on day that is no day', (w) => ((w.index.surveys['s-1'].flownOn = '2024-99-99'), w), 'all.json: surveys.s-1.flownOn is not a calendar day (yyyy-MM-dd) from 1990'],
    ['a flown-on day in year 1', (w) => ((w.index.surveys['s-1'].flownOn = '0001-01-01'), w), 'all.json: surveys.s-1.flownOn is not a calendar day (yyyy-MM-dd) from 1990'],
    ['a received-on that is a number', (w) => ((w.index.surveys['s-1'].receivedOn = 20240101), w), 'all.json: surveys.s-1.receivedOn is not a calendar day (yyyy-MM-dd) from 1990, or empty'],
    ['a stage label that is an object', (w) => ((w.index.surveys['s-1'].workflow.stages[1].label = { x: 1 }), w), 'all.json: surveys.s-1.workflow.stages.1.label is not text of at most 200 characters'],
    ['an assignee that is no email', (w) => ((w.index.surveys['s-1'].assignedTo = 'nobody'), w), 'all.json: surveys.s-1.assignedTo is not an email address, or empty'],
    ['a 100 000-character media id', (w) => renameMedia(w, 'B'.repeat(100_000)), `all.json: media.${'B'.repeat(40)}…: its id is not a media id (letters, digits and -, 1 to 16 characters)`],
    ['a label typed at receive that is no media id', (w) => ((w.index.media.M1.itemIds = ['../etc']), w), 'all.json: media.M1.itemIds is not a list of media ids'],
    ['a capture keyed __proto__', (w) => JSON.parse(JSON.stringify(w).replace('"cap-2":', '"__proto__":')) as Json, 'all.json: captures.__proto__: its id is not an id of 1 to 100 characters'],
    ['a user keyed by no email', (w) => ((w.index.users['not an email'] = { name: 'X' }), w), 'all.json: users.not an email: its id is not an email address of at most 254 characters'],
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

  it('takes nothing but the entity\'s own fields: a field of no entity is not kept', () => {
    const w = world();
    w.index.captures['cap-1'].script = '<img src=x>';
    const r = restore(w, T0);
    if (!r.ok) throw new Error(r.error);
    expect(r.db.index.captures['cap-1']).not.toHaveProperty('script');
  });
});

describe('restore with repair: a stored copy (issue 19)', () => {
  const repaired = (w: Json) => {
    const r = restore(w, T0, { source: 'stored data', repair: true });
    if (!r.ok) throw new Error(r.error);
    return r;
  };

  it('a field of the wrong type is reset to its default, and named', () => {
    const w = world();
    w.index.captures['cap-1'].description = { a: 1 };
    w.index.users['ann.lee@example.com'].name = ['x'];
    w.index.surveys['s-1'].size = 'big';
    const r = repaired(w);
    expect(r.db.index.captures['cap-1']!.description).toBe('');
    expect(r.db.index.users['ann.lee@example.com']!.name).toBe('Ann Lee');
    expect(r.db.index.surveys['s-1']!.size).toBe(60);
    expect(r.repaired).toEqual([
      'users.ann.lee@example.com.name was a list, not a name, so it was reset',
      'captures.cap-1.description was an object, not text of at most 1000 characters, so it was reset',
      'surveys.s-1.size was text that cannot be used, not a number of seconds, so it was reset',
    ]);
  });

  it('an entity that cannot be read is dropped with what needed it, and named', () => {
    const w = renameMedia(world(), 'B'.repeat(100_000));
    const r = repaired(w);
    const media = `media.${'B'.repeat(40)}…`;
    expect(r.repaired).toEqual([
      `${media}: its id is not a media id (letters, digits and -, 1 to 16 characters), so ${media} was dropped`,
      `surveys.s-1.mediaId names a missing media set ${'B'.repeat(40)}…, so surveys.s-1 was dropped`,
    ]);
    expect(r.db.ids.media).toEqual([]);
    expect(r.db.ids.surveys).toEqual([]);
    expect(r.db.index.captures['cap-1']!.surveyIds).toEqual([]);
  });

  it('a good copy needs no repair', () => {
    expect(repaired(world()).repaired).toEqual([]);
  });
});
