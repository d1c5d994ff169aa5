/**
 * Views (issue 11): the worker answers what a screen needs. Their answers are the rows the pages
 * showed when they worked over the whole world (order with never-received captures last, the
 * LIST_CAP caps, counts, hidden surveys left out), and a page's copy — open views and the entities
 * it holds — stays equal to a fresh answer after any random sequence of actions and ticks.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LIST_CAP } from '../../worker/domain/constants';
import { restore } from '../../worker/domain/restore';
import type { EntityKind, Id } from '../../worker/domain/types';
import { answerView, isShown } from '../../worker/views/answer';
import { viewHub } from '../../worker/views/hub';
import type { EntityRef, ViewSpec } from '../../worker/views/types';
import { World } from '../../worker/engine/world';
import { sentForm } from '../../worker/engine/sent';
import type { Engine } from '../../worker/engine/engine';
import { ReadModel } from '../../src/engine/readModel';
import { generateWorld } from '../../scripts/generate/world';
import { harness } from '../helpers/engineHarness';
import { ANN, T0, aWorld } from '../helpers/builders';
import { intent, toAction } from '../helpers/randomActions';

function generated(surveys: number): World {
  const r = restore(generateWorld({ surveys, activeWorkflows: 20 }), T0);
  if (!r.ok) throw new Error(r.error);
  const w = new World();
  w.load(r.db);
  return w;
}

describe('view answers', () => {
  const world = generated(600);
  const { index, ids } = world;

  it('captureTable: by received date either way, never-received captures last; by capture id; at one stage', () => {
    for (const dir of ['asc', 'desc'] as const) {
      const got = (answerView(world, { view: 'captureTable', by: 'lastReceivedOn', dir, stage: null }).result as { ids: Id[] }).ids;
      expect(new Set(got)).toEqual(new Set(ids.captures));
      const dates = got.map((id) => index.captures[id]!.lastReceivedOn);
      const firstNever = dates.findIndex((d) => !d);
      if (firstNever >= 0) expect(dates.slice(firstNever).every((d) => !d)).toBe(true);
      const received = dates.filter((d): d is string => !!d);
      const sorted = [...received].sort();
      expect(received).toEqual(dir === 'asc' ? sorted : sorted.reverse());
    }
    const byId = (answerView(world, { view: 'captureTable', by: 'captureId', dir: 'asc', stage: null }).result as { ids: Id[] }).ids;
    const cpids = byId.map((id) => index.captures[id]!.cpid);
    expect(cpids).toEqual([...cpids].sort());
    const label = index.captures[ids.captures[0]!]!.stage.statusLabel;
    const at = (answerView(world, { view: 'captureTable', by: 'captureId', dir: 'asc', stage: label }).result as { ids: Id[] }).ids;
    expect(at.length).toBe(ids.captures.filter((id) => index.captures[id]!.stage.statusLabel === label).length);
  });

  it('surveyList: the first LIST_CAP displayed surveys in the engine order, the total counted without the hidden ones', () => {
    const answer = answerView(world, { view: 'surveyList', stage: null });
    const shown = ids.surveys.filter((id) => isShown(index.surveys[id]));
    expect(shown.length).toBeGreaterThan(LIST_CAP);
    expect(answer.result).toEqual({ ids: shown.slice(0, LIST_CAP), total: shown.length });
    // The rows it renders first come with it: surveys and their flight plans.
    expect(answer.refs.filter((r) => r[0] === 'surveys')).toHaveLength(60);
    expect(answer.refs.some((r) => r[0] === 'flightPlans')).toBe(true);
    const stage = index.surveys[shown[0]!]!.display;
    const atStage = answerView(world, { view: 'surveyList', stage }).result as { ids: Id[]; total: number };
    expect(atStage.total).toBe(shown.filter((id) => index.surveys[id]!.display === stage).length);
    expect(atStage.ids.every((id) => index.surveys[id]!.display === stage)).toBe(true);
  });

  it('shownSurveys: hidden surveys left out, newest or oldest flown first, ties by id', () => {
    const capture = Object.values(index.captures).sort((a, b) => b.surveyIds.length - a.surveyIds.length)[0]!;
    const newest = (answerView(world, { view: 'shownSurveys', surveyIds: capture.surveyIds, order: 'newest' }).result as { ids: Id[] }).ids;
    const oldest = (answerView(world, { view: 'shownSurveys', surveyIds: capture.surveyIds, order: 'oldest' }).result as { ids: Id[] }).ids;
    expect(newest.length).toBe(capture.surveyIds.filter((id) => isShown(index.surveys[id])).length);
    const flown = (list: Id[]) => list.map((id) => index.surveys[id]!.flownOn);
    expect(flown(newest)).toEqual([...flown(newest)].sort().reverse());
    expect(flown(oldest)).toEqual([...flown(oldest)].sort());
  });

  it('mediaList and the dashboard: capped lists with their totals, counts by stage', () => {
    const media = answerView(world, { view: 'mediaList' }).result as { ids: Id[]; total: number };
    expect(media).toEqual({ ids: ids.media.slice(0, LIST_CAP), total: ids.media.length });
    const email = Object.values(index.surveys).find((s) => s.assignedTo)?.assignedTo ?? ANN;
    const d = answerView(world, { view: 'dashboard', email, full: null }).result as {
      inProgress: { ids: Id[]; total: number };
      recent: { ids: Id[]; total: number };
      mine: { ids: Id[]; total: number };
      surveysByStage: Record<string, number>;
      capturesByStage: Record<string, number>;
    };
    const surveys = Object.values(index.surveys);
    expect(d.mine.total).toBe(surveys.filter((s) => s.assignedTo === email).length);
    expect(d.recent.total).toBe(surveys.filter((s) => s.receivedOn).length);
    expect(d.recent.ids.length).toBe(Math.min(10, d.recent.total));
    const days = d.recent.ids.map((id) => index.surveys[id]!.receivedOn!);
    expect(days).toEqual([...days].sort().reverse());
    expect(Object.values(d.surveysByStage).reduce((a, b) => a + b, 0)).toBe(surveys.length);
    expect(Object.values(d.capturesByStage).reduce((a, b) => a + b, 0)).toBe(ids.captures.length);
    const full = answerView(world, { view: 'dashboard', email, full: 'recent' }).result as { recent: { ids: Id[] } };
    expect(full.recent.ids.length).toBe(Math.min(LIST_CAP, d.recent.total));
  });
});

const SPECS: ViewSpec[] = [
  { view: 'captureTable', by: 'lastReceivedOn', dir: 'desc', stage: null },
  { view: 'captureTable', by: 'captureId', dir: 'asc', stage: 'Receiving' },
  { view: 'surveyList', stage: null },
  { view: 'shownSurveys', surveyIds: [], order: 'newest' },
  { view: 'mediaList' },
  { view: 'allOf', kind: 'drives' },
  { view: 'projectRows' },
  { view: 'dashboard', email: ANN, full: null },
  { view: 'captureMap', captureId: 'cap-1' },
  { view: 'flightPlanChoices' },
];

/** What a held entity looks like without its progress (patched by the page, computed by the engine). */
function settledForm(entity: unknown): unknown {
  // The engine updates the seconds left in place when the text they show stays the same: not sent.
  return JSON.parse(JSON.stringify(entity, (key, value) => (key === 'remainingS' ? undefined : value)));
}

/** A page's read model wired to a hub over the engine, in process (the worker boundary is tested in comlink.test.ts). */
function pageOf(engine: Engine) {
  const hub = viewHub(engine);
  const model = new ReadModel(engine.world.current, engine.world.flags, {
    openView: (id, spec) => void hub.openView(id, spec),
    closeView: (id) => void hub.closeView(id),
    fetch: (refs) => void hub.fetch(refs),
    release: (refs, seq) => void hub.release(refs, seq),
  });
  return { hub, model };
}

const settle = async () => {
  for (let i = 0; i < 6; i++) await new Promise((r) => setTimeout(r, 0));
};

describe('a page kept by views', () => {
  it('keeps every open view equal to a fresh answer and every held entity equal to the world, whatever happens', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(intent, { minLength: 20, maxLength: 80 }), fc.array(fc.nat(50), { maxLength: 6 }), async (intents, picks) => {
        const h = await harness({ world: aWorld() });
        const { hub, model } = pageOf(h.engine);
        await hub.subscribe((e) => model.apply(e));
        const offs = SPECS.map((spec) => model.subscribeView(spec, () => {}));
        const held: EntityRef[] = [];
        for (const [n, i] of intents.entries()) {
          h.advance(i.dt % 2 ? i.dt : 500);
          h.engine.tick();
          // Now and then the world is replaced (Reset Demo): the page follows a reset.
          const action = i.op === 25 && i.b % 4 === 0 ? ({ type: 'resetDemo' } as const) : toAction(h, i);
          if (action) await h.do(action);
          // Rows mounting: a component reads one more entity now and then.
          if (picks.includes(n)) {
            const surveys = h.engine.world.ids.surveys;
            const ref: EntityRef = surveys.length ? ['surveys', surveys[n % surveys.length]!] : ['captures', 'cap-2'];
            held.push(ref);
            offs.push(model.subscribeEntity(ref[0], ref[1], () => {}));
          }
        }
        h.engine.tick();
        await h.engine.settled();
        await settle();
        const world = h.engine.world;
        for (const spec of SPECS) expect(model.view(spec)).toEqual(answerView(world, spec).result);
        for (const [kind, id] of held) {
          const entity = (world.index[kind as EntityKind] as Record<Id, unknown>)[id];
          if (entity === undefined) expect(model.known(kind, id)).toBe(true);
          else expect(settledForm(model.get(kind, id))).toEqual(settledForm(sentForm(entity as object, true)));
        }
        expect(model.current).toEqual(world.current);
        offs.forEach((off) => off());
        h.engine.stop();
      }),
      { numRuns: 30 },
    );
  }, 120_000);

  it('holds only what its views and rows read: a page of the captures table holds 60 captures of a large world', async () => {
    const w = generated(3_000);
    const h = await harness({ world: { version: 45, index: w.index, ids: w.ids } as never, login: false });
    const { hub, model } = pageOf(h.engine);
    const events: number[] = [];
    await hub.subscribe((e) => {
      events.push(JSON.stringify(e).length);
      model.apply(e);
    });
    const spec: ViewSpec = { view: 'captureTable', by: 'lastReceivedOn', dir: 'desc', stage: null };
    model.subscribeView(spec, () => {});
    await settle();
    expect(model.view(spec)?.ids.length).toBe(h.engine.world.ids.captures.length);
    expect(model.size).toBe(60);
    h.engine.stop();
  }, 60_000);
});
