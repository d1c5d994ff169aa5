/**
 * Views (issue 20): the worker answers what a screen draws, as rows. Their answers keep the rules
 * the pages had (order with never-received captures last, the LIST_CAP caps, counts, hidden
 * surveys left out), and a page's copy of every open view — windows and detail views included —
 * stays equal to a fresh answer after any random sequence of actions, ticks and resets, fed only by
 * the patches and progress the registry sends.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LIST_CAP } from '../../worker/domain/constants';
import { restore } from '../../worker/domain/restore';
import { applyPatch, diffValue } from '../../worker/domain/valuePatch';
import { World } from '../../worker/engine/world';
import type { ViewSpec } from '../../worker/screens';
import { CaptureOrder } from '../../worker/views/captureOrder';
import { isShown } from '../../worker/views/lists';
import { VIEWS, type AnswerContext } from '../../worker/views/table';
import { MediaSelection } from '../../worker/views/mediaFilter';
import { NO_MEDIA_FILTER } from '../../worker/domain/mediaFilter';
import { generateWorld } from '../../scripts/generate/world';
import { bootInput, harness } from '../helpers/engineHarness';
import { pagesOver } from '../helpers/pages';
import { ANN, BOB, T0, aWorld } from '../helpers/builders';
import { intent, toAction } from '../helpers/randomActions';

function generated(surveys: number): World {
  const r = restore(generateWorld({ surveys, activeWorkflows: 20 }), T0);
  if (!r.ok) throw new Error(r.error);
  const w = new World();
  w.load(r.db);
  return w;
}

/** What answering uses beside the world, with nothing kept yet. */
const ctxOf = (world: World): AnswerContext => ({ world, captureOrder: new CaptureOrder(world), mediaSelection: new MediaSelection(world) });

/** A view's answer computed afresh from the world. */
function fresh<S extends ViewSpec>(world: World, spec: S): unknown {
  const ctx = ctxOf(world);
  return (VIEWS[spec.view].answer as (c: AnswerContext, p: unknown) => unknown)(ctx, spec);
}

describe('view answers', () => {
  const world = generated(600);
  const { index, ids } = world;
  const all = { start: 0, count: 500 };

  it('captures: by received date either way, never-received captures last; by capture id; at one stage; a window of it', () => {
    for (const dir of ['asc', 'desc'] as const) {
      const got = VIEWS.captures.answer(ctxOf(world), { by: 'lastReceivedOn', dir, stage: null, starredBy: null, ...all }).rows.map((r) => r.captureId);
      expect(new Set(got)).toEqual(new Set(ids.captures));
      const dates = got.map((id) => index.captures[id]!.lastReceivedOn);
      const firstNever = dates.findIndex((d) => !d);
      if (firstNever >= 0) expect(dates.slice(firstNever).every((d) => !d)).toBe(true);
      const received = dates.filter((d): d is string => !!d);
      const sorted = [...received].sort();
      expect(received).toEqual(dir === 'asc' ? sorted : sorted.reverse());
    }
    const ctx = ctxOf(world);
    const byId = VIEWS.captures.answer(ctx, { by: 'captureId', dir: 'asc', stage: null, starredBy: null, ...all });
    const cpids = byId.rows.map((r) => r.cpid);
    expect(cpids).toEqual([...cpids].sort());
    const label = index.captures[ids.captures[0]!]!.stage.statusLabel;
    const at = VIEWS.captures.answer(ctx, { by: 'captureId', dir: 'asc', stage: label, starredBy: null, ...all });
    expect(at.total).toBe(ids.captures.filter((id) => index.captures[id]!.stage.statusLabel === label).length);
    // A window: the rows from `start`, as many as asked, the total of all of them.
    const window = VIEWS.captures.answer(ctx, { by: 'captureId', dir: 'asc', stage: null, starredBy: null, start: 3, count: 5 });
    expect(window).toMatchObject({ total: ids.captures.length, start: 3 });
    expect(window.rows.map((r) => r.key)).toEqual(byId.rows.slice(3, 8).map((r) => r.key));
    // A hostile window is a safe one.
    const wild = VIEWS.captures.answer(ctx, { by: 'captureId', dir: 'asc', stage: null, starredBy: null, start: -5, count: 1e9 });
    expect(wild.start).toBe(0);
    expect(wild.rows.length).toBeLessThanOrEqual(500);
  });

  it('surveys: the first LIST_CAP displayed surveys in the engine order, the total counted without the hidden ones', () => {
    const ctx = ctxOf(world);
    const answer = VIEWS.surveys.answer(ctx, { stage: null, starredBy: null });
    const shown = ids.surveys.filter((id) => isShown(index.surveys[id]));
    expect(shown.length).toBeGreaterThan(LIST_CAP);
    expect(answer.total).toBe(shown.length);
    expect(answer.rows.map((r) => r.surveyId)).toEqual(shown.slice(0, LIST_CAP));
    // A row is what the table draws: the flight plan's code and planned lines, the assignee's initials.
    const row = answer.rows.find((r) => r.assigned)!;
    expect(row.flightPlan?.code).toBe(index.flightPlans[index.surveys[row.surveyId]!.flightPlanId]!.code);
    expect(row.assigned).toMatchObject({ email: index.surveys[row.surveyId]!.assignedTo, initials: expect.any(String) });
    const stage = index.surveys[shown[0]!]!.display;
    const atStage = VIEWS.surveys.answer(ctx, { stage, starredBy: null });
    expect(atStage.total).toBe(shown.filter((id) => index.surveys[id]!.display === stage).length);
    expect(atStage.rows.every((r) => r.display === stage)).toBe(true);
  });

  it("capture: the header, the map's plans, hidden surveys left out, newest or oldest flown first; unknown ids answer null", () => {
    const ctx = ctxOf(world);
    const capture = Object.values(index.captures).sort((a, b) => b.surveyIds.length - a.surveyIds.length)[0]!;
    const spec = { captureId: capture.captureId, tab: 'surveys' as const, ...all };
    const newest = VIEWS.capture.answer(ctx, { ...spec, order: 'newest' });
    const oldest = VIEWS.capture.answer(ctx, { ...spec, order: 'oldest' });
    expect(newest.capture?.cpid).toBe(capture.cpid);
    expect(newest.plans.map((p) => p.flightPlanId)).toEqual(capture.flightPlanIds);
    expect(newest.surveys!.total).toBe(capture.surveyIds.filter((id) => isShown(index.surveys[id])).length);
    const flown = (a: typeof newest) => a.surveys!.rows.map((r) => r.flownOn);
    expect(flown(newest)).toEqual([...flown(newest)].sort().reverse());
    expect(flown(oldest)).toEqual([...flown(oldest)].sort());
    expect(VIEWS.capture.answer(ctx, { ...spec, order: 'newest', captureId: '__proto__' })).toEqual({ capture: null, plans: [], surveys: null });
    expect(VIEWS.surveyQc.answer(ctx, { surveyId: 7 as unknown as string })).toEqual({ survey: null });
  });

  it('media and the dashboard: capped lists with their totals, counts by stage', () => {
    const ctx = ctxOf(world);
    const media = VIEWS.media.answer(ctx, { filter: NO_MEDIA_FILTER });
    expect(media.total).toBe(ids.media.length);
    expect(media.rows.map((r) => r.mediaId)).toEqual(ids.media.slice(0, LIST_CAP));
    const email = Object.values(index.surveys).find((s) => s.assignedTo)?.assignedTo ?? ANN;
    const d = VIEWS.dashboard.answer(ctx, { email, full: null });
    const surveys = Object.values(index.surveys);
    expect(d.mine.total).toBe(surveys.filter((s) => s.assignedTo === email).length);
    expect(d.recent.total).toBe(surveys.filter((s) => s.receivedOn).length);
    expect(d.recent.rows.length).toBe(Math.min(10, d.recent.total));
    const days = d.recent.rows.map((r) => r.receivedOn!);
    expect(days).toEqual([...days].sort().reverse());
    expect(Object.values(d.surveysByStage).reduce((a, b) => a + b, 0)).toBe(surveys.length);
    expect(Object.values(d.capturesByStage).reduce((a, b) => a + b, 0)).toBe(ids.captures.length);
    const full = VIEWS.dashboard.answer(ctx, { email, full: 'recent' });
    expect(full.recent.rows.length).toBe(Math.min(LIST_CAP, d.recent.total));
  });
});

describe('answer patches', () => {
  const value = fc.letrec((tie) => ({
    leaf: fc.oneof(fc.integer(), fc.string({ maxLength: 3 }), fc.boolean(), fc.constant(null)),
    row: fc.record({ key: fc.constantFrom('a', 'b', 'c'), v: tie('node') }),
    node: fc.oneof({ depthSize: 'small' }, tie('leaf'), fc.array(tie('row'), { maxLength: 4 }), fc.dictionary(fc.constantFrom('x', 'y', 'z'), tie('node'), { maxKeys: 3 })),
  })).node;

  it('applying the patch from one answer to the next gives the next, and leaves what did not change as it was', () => {
    fc.assert(
      fc.property(value, value, (before, after) => {
        const patch = diffValue(before, after);
        const got = patch ? applyPatch(structuredClone(before), patch) : before;
        expect(got).toEqual(after);
      }),
      { numRuns: 2_000 },
    );
    const rows = [{ key: 'a', n: 1 }, { key: 'b', n: 2 }];
    const next = applyPatch(rows, diffValue(rows, [{ key: 'a', n: 1 }, { key: 'b', n: 3 }])!);
    expect(next[0]).toBe(rows[0]);
  });

  it('rows that moved are sent as where they were, not whole: a row received moves to the top of a window', () => {
    const row = (key: string) => ({ key, description: `${key} `.repeat(40), counts: { surveys: 20, qcApproved: 7 } });
    const before = ['a', 'b', 'c', 'd'].map(row);
    // "d" is received (to the top, changed), "c" leaves the window, "e" comes into it.
    const after = [{ ...row('d'), counts: { surveys: 21, qcApproved: 7 } }, before[0]!, before[1]!, row('e')];
    const patch = diffValue(before, after)!;
    const next = applyPatch(before, patch);
    expect(next).toEqual(after);
    expect(next[1]).toBe(before[0]);
    expect(next[2]).toBe(before[1]);
    expect(JSON.stringify(patch).length).toBeLessThan(JSON.stringify(after).length / 2);
  });
});

const SPECS: ViewSpec[] = [
  { view: 'captures', by: 'lastReceivedOn', dir: 'desc', stage: null, starredBy: null, start: 0, count: 150 },
  { view: 'captures', by: 'captureId', dir: 'asc', stage: 'Receiving Surveys and QC', starredBy: null, start: 1, count: 2 },
  { view: 'captures', by: 'captureId', dir: 'desc', stage: null, starredBy: ANN, start: 0, count: 150 },
  { view: 'surveys', stage: null, starredBy: null },
  { view: 'surveys', stage: null, starredBy: BOB },
  { view: 'media', filter: NO_MEDIA_FILTER },
  { view: 'media', filter: { ...NO_MEDIA_FILTER, status: 'received' } },
  { view: 'media', filter: { ...NO_MEDIA_FILTER, status: 'copying', season: '2026' } },
  { view: 'media', filter: { ...NO_MEDIA_FILTER, receivedFrom: '2026-06-01', cpid: 'cp00' } },
  { view: 'media', filter: { ...NO_MEDIA_FILTER, projectId: 'P1', starredBy: ANN } },
  { view: 'mediaFilterChoices' },
  { view: 'favourites', email: ANN },
  { view: 'starred', email: ANN },
  { view: 'starred', email: BOB },
  { view: 'drives' },
  { view: 'capture', captureId: 'cap-1', tab: 'surveys', order: 'newest', start: 0, count: 150 },
  { view: 'capture', captureId: 'cap-2', tab: 'flight-plans', order: 'oldest', start: 0, count: 150 },
  { view: 'captureQc', captureId: 'cap-1' },
  { view: 'processChoices', captureId: 'cap-1' },
  { view: 'surveyQc', surveyId: 'id000001-0000-4000-8000-000000000000' },
  { view: 'projects' },
  { view: 'project', projectId: 'P1' },
  { view: 'dashboard', email: ANN, full: null },
  { view: 'flightPlanChoices' },
  { view: 'users' },
];

/** What the page holds without the seconds left (the engine may move them in place when the text stays). */
function settledForm(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (key, v) => (key === 'remainingS' ? undefined : v)));
}

describe('a page kept by views', () => {
  it('keeps every open view equal to a fresh answer, whatever happens', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(intent, { minLength: 20, maxLength: 80 }), async (intents) => {
        const h = await harness({ world: aWorld() });
        const { leader, page } = pagesOver(h.engine);
        const tab = page();
        const booted = await leader.boot(tab.tab, bootInput());
        tab.answers.boot(booted.current, booted.flags);
        const reads = SPECS.map((spec) => tab.open(spec));
        for (const i of intents) {
          h.advance(i.dt % 2 ? i.dt : 500);
          h.engine.tick();
          // Now and then the world is replaced (Reset Demo): the page follows.
          const action = i.op === 25 && i.b % 4 === 0 ? ({ type: 'resetDemo' } as const) : toAction(h, i);
          if (action) await h.do(action);
        }
        h.engine.tick();
        await h.engine.settled();
        SPECS.forEach((spec, n) => expect(settledForm(reads[n]!()), JSON.stringify(spec)).toEqual(settledForm(fresh(h.engine.world, spec))));
        expect(tab.answers.current).toEqual(h.engine.world.current);
        h.engine.stop();
      }),
      { numRuns: 30 },
    );
  }, 120_000);

  it('keeps the capture table equal to a fresh answer while captures progress between the changes that answer it again', async () => {
    // The sample data: a capture is in its automatic processing stages.
    const h = await harness({ world: readFileSync('public/data/all.json', 'utf8'), login: false });
    expect(h.engine.world.active.of('captures').count).toBeGreaterThan(0);
    const { page } = pagesOver(h.engine);
    const tab = page();
    const spec = { view: 'captures', by: 'lastReceivedOn', dir: 'desc', stage: null, starredBy: null, start: 0, count: 500 } as const;
    const read = tab.open(spec);
    // Ticks move the working captures' figures (sent as progress alone) and now and then end a
    // stage (a change: the table is answered again, its unchanged rows as they were kept).
    for (let i = 0; i < 120; i++) {
      h.advance(5_000);
      h.engine.tick();
      await h.engine.settled();
      expect(settledForm(read()), `tick ${i}`).toEqual(settledForm(fresh(h.engine.world, spec)));
    }
    expect(tab.events.filter((e) => e.progress).length).toBeGreaterThan(10);
    expect(tab.events.filter((e) => e.views).length).toBeGreaterThan(2);
    h.engine.stop();
  }, 60_000);

  it('holds what its screen draws: a window of the captures table of a large world is its rows only', async () => {
    const w = generated(3_000);
    const h = await harness({ world: { version: 45, index: w.index, ids: w.ids } as never, login: false });
    const { page } = pagesOver(h.engine);
    const tab = page();
    const read = tab.open({ view: 'captures', by: 'lastReceivedOn', dir: 'desc', stage: null, starredBy: null, start: 0, count: 60 });
    expect(read()!.total).toBe(h.engine.world.ids.captures.length);
    expect(read()!.rows).toHaveLength(60);
    expect(JSON.stringify(tab.events).length).toBeLessThan(150_000);
    h.engine.stop();
  }, 60_000);
});
