/**
 * A technician's lists lead with their own surveys (issue 52, docs/requirements.md#req-team-roles):
 * the worker answers /surveys and a capture's Surveys tab with the surveys assigned to the
 * technician signed in to a team world first, each group in the order asked for; a coordinator's
 * lists and the one-laptop demo's keep the order as it was.
 */
import { describe, expect, it } from 'vitest';
import { CaptureOrder } from '../../worker/views/captureOrder';
import { MediaSelection } from '../../worker/views/mediaFilter';
import { leadingPerson } from '../../worker/views/ownFirst';
import { VIEWS, type AnswerContext } from '../../worker/views/table';
import type { RowsOf, SurveyRow } from '../../worker/screens';
import { ANN, BOB, aSurvey, aWorld } from '../helpers/builders';
import { harness } from '../helpers/engineHarness';
import { pagesOver } from '../helpers/pages';
import { inTeamAs } from '../helpers/teamPort';

/** Ann's laptop (Ann signed in), with the surveys of Ann, Bob and no one, flown on different days. */
async function annsLaptop(roles: string[] | null) {
  const w = aWorld();
  const made: [string, string | null, string][] = [
    ['s-bob-1', BOB, '2026-06-05'],
    ['s-ann-1', ANN, '2026-06-01'],
    ['s-bob-2', BOB, '2026-06-03'],
    ['s-ann-2', ANN, '2026-06-04'],
    ['s-none', null, '2026-06-02'],
  ];
  for (const [surveyId, assignedTo, flownOn] of made) aSurvey(w, { surveyId, mediaId: 'M1', stage: 'applanix', assignedTo, flownOn });
  const h = await harness({ world: w });
  // In a team world, signed in as Ann, her account holding `roles` as the server's session says them.
  if (roles) inTeamAs(h.engine, ANN, roles);
  const ctx: AnswerContext = {
    world: h.engine.world,
    captureOrder: new CaptureOrder(h.engine.world),
    mediaSelection: new MediaSelection(h.engine.world),
    leading: () => leadingPerson(h.engine.world, h.engine.teamPort),
  };
  const surveys = () => (VIEWS.surveys.answer(ctx, { stage: null, starredBy: null }) as RowsOf<SurveyRow>).rows.map((r) => r.surveyId);
  const ofCapture = (order: 'newest' | 'oldest') =>
    (VIEWS.capture.answer(ctx, { captureId: 'cap-1', tab: 'surveys', order, start: 0, count: 50 }) as { surveys: RowsOf<SurveyRow> }).surveys.rows.map((r) => r.surveyId);
  return { surveys, ofCapture, engine: h.engine };
}

describe('a technician’s lists lead with their own surveys (issue 52)', () => {
  it('a capture’s surveys: Ann’s first, each group by flown-on date as chosen', async () => {
    const ann = await annsLaptop(['technician']);
    expect(ann.ofCapture('newest')).toEqual(['s-ann-2', 's-ann-1', 's-bob-1', 's-bob-2', 's-none']);
    expect(ann.ofCapture('oldest')).toEqual(['s-ann-1', 's-ann-2', 's-none', 's-bob-2', 's-bob-1']);
  });

  it('the surveys table: Ann’s first, each group in the list’s own order; every survey still listed once', async () => {
    const demo = await annsLaptop(null);
    const ann = await annsLaptop(['technician']);
    const order = demo.surveys();
    const mine = new Set(['s-ann-1', 's-ann-2']);
    expect(ann.surveys()).toEqual([...order.filter((id) => mine.has(id)), ...order.filter((id) => !mine.has(id))]);
    expect(ann.surveys().slice(0, 2).sort()).toEqual(['s-ann-1', 's-ann-2']);
    // Not already so: the list's own order does not lead with Ann's.
    expect(order.slice(0, 2).sort()).not.toEqual(['s-ann-1', 's-ann-2']);
  });

  it('a member with no role is a technician: their own first too', async () => {
    expect((await annsLaptop([])).ofCapture('newest').slice(0, 2)).toEqual(['s-ann-2', 's-ann-1']);
  });

  it('a coordinator’s lists, and the one-laptop demo’s, keep their order', async () => {
    const demo = await annsLaptop(null);
    const coordinator = await annsLaptop(['coordinator']);
    expect(demo.ofCapture('newest')).toEqual(['s-bob-1', 's-ann-2', 's-bob-2', 's-none', 's-ann-1']);
    expect(coordinator.ofCapture('newest')).toEqual(demo.ofCapture('newest'));
    expect(coordinator.surveys()).toEqual(demo.surveys());
  });

  it('as a page draws it: the leader answers the capture’s view with Ann’s surveys first', async () => {
    const ann = await annsLaptop(['technician']);
    const page = pagesOver(ann.engine).page();
    const view = page.open({ view: 'capture', captureId: 'cap-1', tab: 'surveys', order: 'newest', start: 0, count: 50 });
    expect(view()?.surveys?.rows.map((r) => r.surveyId)).toEqual(['s-ann-2', 's-ann-1', 's-bob-1', 's-bob-2', 's-none']);
  });
});
