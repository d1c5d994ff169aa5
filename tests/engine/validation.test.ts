/**
 * Every validation message of docs/requirements.md#req-validation and docs/workflow-rules.md, every remaining flash text of
 * docs/requirements.md#req-flash-texts, and: an error changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { harness, type Harness } from '../helpers/engineHarness';
import { ANN, T0, aSurvey, aWorld, aCaptureAt, aMedia } from '../helpers/builders';
import type { Action } from '../../worker/api';
import { samplePodconfig } from '../helpers/podconfigFiles';

async function expectUnchanged(h: Harness, action: Action, error: string, field?: string) {
  h.engine.tick();
  const before = h.engine.serialise();
  const session = JSON.stringify([h.engine.world.current, h.engine.world.flags]);
  const r = await h.do(action);
  expect(r).toEqual(field ? { ok: false, error, field } : { ok: false, error });
  expect(h.engine.serialise()).toBe(before);
  expect(JSON.stringify([h.engine.world.current, h.engine.world.flags])).toBe(session);
}

describe('login (docs/requirements.md#req-validation-login)', () => {
  it.each([
    ['', 'demo', 'missing email', 'email'],
    ['   ', 'demo', 'missing email', 'email'],
    ['ann', 'demo', 'invalid email', 'email'],
    ['ann@example', 'demo', 'invalid email', 'email'],
    ['a b@example.com', 'demo', 'invalid email', 'email'],
    [ANN, '', 'missing password', 'password'],
    [ANN, 'Demo', 'invalid password', 'password'],
  ])('%j / %j → %s', async (email, password, error, field) => {
    const h = await harness({ login: false });
    await expectUnchanged(h, { type: 'login', email, password }, error, field);
    expect(h.engine.world.current.loggedIn).toBe(false);
  });

  it.each([
    ['', '', { email: 'missing email', password: 'missing password' }],
    ['ann', '', { email: 'invalid email', password: 'missing password' }],
    ['', 'nope', { email: 'missing email', password: 'invalid password' }],
    ['ann', 'nope', { email: 'invalid email', password: 'invalid password' }],
  ])('%j / %j: both fields are named at once (issue 19)', async (email, password, fields) => {
    const h = await harness({ login: false });
    h.engine.tick();
    const before = h.engine.serialise();
    expect(await h.do({ type: 'login', email, password })).toEqual({ ok: false, error: fields.email, field: 'email', fields });
    expect(h.engine.serialise()).toBe(before);
    expect(h.engine.world.current.loggedIn).toBe(false);
  });

  it('logs in a known user, or one derived from the email (added to the assign list)', async () => {
    const h = await harness({ login: false });
    expect(await h.do({ type: 'login', email: ANN, password: 'demo' })).toMatchObject({ ok: true, session: { current: { loggedIn: true } } });
    expect(h.engine.world.current).toEqual({ loggedIn: true, user: { email: ANN, name: 'Ann Lee', initials: 'AL' } });
    await h.do({ type: 'logout' });
    expect(h.engine.world.current).toEqual({ loggedIn: false, user: null });
    await h.do({ type: 'login', email: 'Zoe.Quinn@Example.com', password: 'demo' });
    expect(h.engine.world.current.user).toEqual({ email: 'zoe.quinn@example.com', name: 'Zoe Quinn', initials: 'ZQ' });
    expect(h.engine.world.index.users['zoe.quinn@example.com']).toBeDefined();
    const last = h.events[h.events.length - 1]!;
    expect(last.current?.loggedIn).toBe(true);
    expect(last.changed.users?.['zoe.quinn@example.com']).toBeDefined();
  });
});

describe('insert and receive (docs/requirements.md#req-validation-insert)', () => {
  it.each([
    ['2024-99-99', 'Flown-on date 2024-99-99 is not a day of the calendar'],
    ['2023-02-29', 'Flown-on date 2023-02-29 is not a day of the calendar'],
    ['0001-01-01', 'Flown-on date cannot be before 1990'],
    ['1989-12-31', 'Flown-on date cannot be before 1990'],
  ])('insert with a flown-on date %s is refused beside that date (issue 19)', async (flownOn, error) => {
    const h = await harness();
    const ok = { flightPlanId: 'fp-1', size: 'tiny', flownOn: '2026-06-15' } as const;
    await expectUnchanged(h, { type: 'insertMedia', host: 'drive-01', bays: [1], surveys: [ok, { ...ok, flownOn }] }, error, 'survey:1:flownOn');
  });

  it('insert takes a flown-on date from 1 January 1990 to today', async () => {
    const h = await harness();
    const at = (flownOn: string): Action => ({ type: 'insertMedia', host: 'drive-01', bays: [1], surveys: [{ flightPlanId: 'fp-1', size: 'tiny', flownOn }] });
    expect(await h.do(at('1990-01-01'))).toMatchObject({ ok: true });
    expect(await h.do(at('2024-02-29'))).toMatchObject({ ok: false, error: 'Drive drive-01 is not empty' });
  });

  it('insert needs a bay, a survey, a flight plan, a date not in the future, an empty drive; each refusal names its input', async () => {
    const h = await harness();
    const ok = { flightPlanId: 'fp-1', size: 'tiny', flownOn: '2026-06-15' } as const;
    await expectUnchanged(h, { type: 'insertMedia', host: 'drive-01', bays: [1], surveys: [] }, 'At least one survey is required', 'surveys');
    await expectUnchanged(h, { type: 'insertMedia', host: 'drive-01', bays: [], surveys: [ok] }, 'Please choose at least one bay', 'bays');
    await expectUnchanged(
      h,
      { type: 'insertMedia', host: 'drive-01', bays: [1], surveys: [ok, { ...ok, flownOn: '2026-06-16' }] },
      'Flown-on date cannot be in the future',
      'survey:1:flownOn',
    );
    await expectUnchanged(h, { type: 'insertMedia', host: 'drive-01', bays: [1], surveys: [{ ...ok, flownOn: '' }] }, 'Please enter the flown-on date', 'survey:0:flownOn');
    await expectUnchanged(h, { type: 'insertMedia', host: 'drive-01', bays: [1], surveys: [{ ...ok, flightPlanId: '' }] }, 'Please choose a flight plan', 'survey:0:flightPlan');
    await expectUnchanged(h, { type: 'insertMedia', host: 'drive-02', bays: [2], surveys: [ok] }, 'Drive drive-02 has bays 1 to 1', 'bays');
    await h.do({ type: 'insertMedia', host: 'drive-02', bays: [1], surveys: [{ flightPlanId: 'fp-1', size: 'tiny', flownOn: '2026-06-15' }] });
    await expectUnchanged(h, { type: 'insertMedia', host: 'drive-02', bays: [1], surveys: [{ flightPlanId: 'fp-1', size: 'tiny', flownOn: '2026-06-15' }] }, 'Drive drive-02 is not empty');
  });

  it('receive needs a media id for every bay holding media', async () => {
    const h = await harness();
    await h.do({ type: 'insertMedia', host: 'drive-01', bays: [1, 2], surveys: [{ flightPlanId: 'fp-1', size: 'tiny', flownOn: '2026-06-15' }] });
    await expectUnchanged(h, { type: 'receiveMedia', host: 'drive-01', itemIds: ['A1'] }, 'missing media id');
    await expectUnchanged(h, { type: 'receiveMedia', host: 'drive-01', itemIds: ['A1', '  '] }, 'missing media id');
    await expectUnchanged(h, { type: 'receiveMedia', host: 'drive-02', itemIds: ['A1'] }, 'This action is no longer available for drive drive-02');
    expect((await h.do({ type: 'receiveMedia', host: 'drive-01', itemIds: [' A1 ', 'B2'] })).ok).toBe(true);
    await expectUnchanged(h, { type: 'receiveMedia', host: 'drive-01', itemIds: ['A1', 'B2'] }, 'This action is no longer available for drive drive-01');
    await expectUnchanged(h, { type: 'ejectMedia', host: 'drive-01' }, 'This action is no longer available for drive drive-01');
  });
});

describe('surveys and captures (docs/requirements.md#req-states, #req-validation)', () => {
  function world() {
    const w = aWorld();
    aSurvey(w, { surveyId: 's-apx', mediaId: 'M1', stage: 'applanix' });
    aSurvey(w, { surveyId: 's-pod', mediaId: 'M1', stage: 'podconfig' });
    aSurvey(w, { surveyId: 's-ready', mediaId: 'M1', stage: 'survey-qc' });
    aSurvey(w, { surveyId: 's-ok', mediaId: 'M1', stage: 'survey-qc', state: 'completed', qc: 'approved' });
    aCaptureAt(w, 'cap-1', 'receive');
    return w;
  }

  it('PodConfig takes one .xml file', async () => {
    const h = await harness({ world: world() });
    await expectUnchanged(h, { type: 'processPodconfig', surveyId: 's-pod', files: [] }, 'Please choose a PodConfig file', 'file');
    await expectUnchanged(
      h,
      { type: 'processPodconfig', surveyId: 's-pod', files: [...samplePodconfig('a.xml'), ...samplePodconfig('b.xml')] },
      'Only one file can be uploaded',
      'file',
    );
    await expectUnchanged(h, { type: 'processPodconfig', surveyId: 's-pod', files: samplePodconfig('a.txt') }, 'Only .xml files are accepted', 'file');
    await expectUnchanged(h, { type: 'processPodconfig', surveyId: 's-apx', files: samplePodconfig('a.xml') }, 'This action is no longer available for survey S-APX');
    await expectUnchanged(h, { type: 'processApplanix', surveyId: 's-pod' }, 'This action is no longer available for survey S-POD');
  });

  it('processing needs a selected survey, and only QC-approved ones', async () => {
    const h = await harness({ world: world() });
    expect(h.engine.world.index.captures['cap-1']!.flags.canProcess).toBe(true);
    await expectUnchanged(h, { type: 'processCapture', captureId: 'cap-1', surveyIds: [] }, 'Please select at least one survey for processing');
    await expectUnchanged(h, { type: 'processCapture', captureId: 'cap-1', surveyIds: ['s-ok', 's-ready'] }, 'Only QC-approved surveys can be processed');
    await expectUnchanged(h, { type: 'processCapture', captureId: 'cap-2', surveyIds: ['s-ok'] }, 'This action is no longer available for capture CP002');
    await expectUnchanged(h, { type: 'startCaptureQc', captureId: 'cap-1' }, 'This action is no longer available for capture CP001');
    await expectUnchanged(h, { type: 'publishCapture', captureId: 'cap-1' }, 'This action is no longer available for capture CP001');
    await expectUnchanged(h, { type: 'approveSurveyQc', surveyId: 's-ok' }, 'This action is no longer available for survey S-OK');
    await expectUnchanged(h, { type: 'startSurveyQc', surveyId: 's-apx' }, 'This action is no longer available for survey S-APX');
  });

  it('assign only at the waiting assign stage', async () => {
    const w = aWorld();
    aMedia(w, { mediaId: 'M2', stage: 'assign', host: 'drive-01' });
    aSurvey(w, { surveyId: 's-1', mediaId: 'M2', stage: 'applanix' });
    aMedia(w, { mediaId: 'M3', stage: 'copy', host: 'drive-02', startedAt: T0 });
    const h = await harness({ world: w });
    await expectUnchanged(h, { type: 'assignSurveys', mediaId: 'M3' }, 'This action is no longer available for media M3');
    await expectUnchanged(h, { type: 'assignSurveys', mediaId: 'M2', assignments: [{ surveyId: 's-1', email: 'nobody@x.com' }] }, 'Unknown user nobody@x.com');
    await h.do({ type: 'logout' });
    await expectUnchanged(h, { type: 'assignSurveys', mediaId: 'M2' }, 'Please sign in first');
  });
});

describe('data operations (docs/requirements.md#req-flash-texts)', () => {
  function world() {
    const w = aWorld();
    aMedia(w, { mediaId: 'M2', stage: 'assign', host: 'drive-01' });
    aSurvey(w, { surveyId: 's-1', mediaId: 'M2', stage: 'applanix' });
    aSurvey(w, { surveyId: 's-2', mediaId: 'TS007', stage: 'survey-qc', captureId: 'cap-2' });
    aCaptureAt(w, 'cap-1', 'receive');
    aCaptureAt(w, 'cap-2', 'receive');
    return w;
  }

  it('Clean Demo removes every media set and survey and resets captures', async () => {
    const h = await harness({ world: world() });
    expect(await h.do({ type: 'cleanDemo' })).toEqual({ ok: true, flash: { category: 'success', text: 'The demo has been cleaned' } });
    const w = h.engine.world;
    expect(w.ids.surveys).toEqual([]);
    expect(w.ids.media).toEqual([]);
    expect(Object.values(w.index.drives).every((d) => d.status === 'Empty')).toBe(true);
    expect(w.index.captures['cap-1']).toMatchObject({ surveyIds: [], lastReceivedOn: null, stage: { name: 'waiting' } });
  });

  it('a capture clean: "{cpid} cleaned"', async () => {
    const h = await harness({ world: world() });
    expect(await h.do({ type: 'cleanCapture', captureId: 'cap-1' })).toMatchObject({ ok: true, flash: { category: 'success', text: 'CP001 cleaned' } });
    const w = h.engine.world;
    expect(w.index.surveys['s-1']).toBeUndefined();
    expect(w.index.media['M2']).toBeUndefined();
    expect(w.index.drives['drive-01']!.mediaId).toBeNull();
    expect(w.index.surveys['s-2']).toBeDefined();
  });

  it('SAMPLE ONLY keeps the sample project only', async () => {
    const w = world();
    w.index.projects.SAMPLE = { projectId: 'SAMPLE', url: '/projects/SAMPLE', captureIds: [] };
    w.ids.projects.push('SAMPLE');
    w.index.captures['cap-2']!.projectId = 'SAMPLE';
    w.index.captures['cap-2']!.cpid = 'SAMPLE007';
    w.index.projects.P1!.captureIds = ['cap-1'];
    const h = await harness({ world: w });
    expect((await h.do({ type: 'sampleOnly' })).ok).toBe(true);
    expect(h.engine.world.ids.projects).toEqual(['SAMPLE']);
    expect(h.engine.world.ids.captures).toEqual(['cap-2']);
    expect(h.engine.world.ids.surveys).toEqual(['s-2']);
    expect(h.engine.world.ids.flightPlans).toEqual(['fp-2']);
  });

  it('Reset Demo reloads all.json with a cache-buster and logs out; reload keeps the session', async () => {
    const h = await harness({ world: world() });
    await h.do({ type: 'cleanDemo' });
    h.advance(1000);
    const r = await h.do({ type: 'resetDemo' });
    expect(r).toMatchObject({ ok: true, flash: { category: 'info', text: 'The demo has been reset.' } });
    expect(h.fetched[h.fetched.length - 1]).toBe(`http://app.test/data/all.json?v=${h.clock.now()}`);
    expect(h.engine.world.current.loggedIn).toBe(false);
    expect(h.engine.world.ids.surveys).toHaveLength(2);
    const snap = h.events[h.events.length - 1]!;
    expect(snap.kind).toBe('snapshot');
    await h.do({ type: 'login', email: ANN, password: 'demo' });
    expect((await h.do({ type: 'reloadData' })).ok).toBe(true);
    expect(h.engine.world.current.loggedIn).toBe(true);
  });
});
