/**
 * Whole-world data operations of Settings (docs/requirements.md#req-screen-settings, #req-flash-texts; docs/workflow-rules.md, Data operations):
 * Clean Demo, a capture's clean, SAMPLE ONLY. Reset and reload fetch all.json, so the engine runs
 * them itself.
 */
import type { ActionResult } from '../../api';
import { SAMPLE } from '../../domain/constants';
import type { Id } from '../../domain/types';
import { removeMedia, removeSurveys, resetCapture } from '../removal';
import { own, hl, notFound, ok, type ActionContext } from './context';

export function cleanDemo(ctx: ActionContext): ActionResult {
  const { world, now } = ctx;
  removeMedia(world, Object.keys(world.index.media));
  const cleaned = Object.values(world.index.captures).filter((c) => c.surveyIds.length > 0).map((c) => c.captureId);
  removeSurveys(world, Object.keys(world.index.surveys));
  for (const id of Object.keys(world.index.captures)) resetCapture(world, id, now);
  for (const id of cleaned) ctx.note({ kind: 'cleaned' }, { capture: id });
  return ok('The demo has been cleaned', 'success');
}

export function cleanCapture(ctx: ActionContext, captureId: Id): ActionResult {
  const { world, now } = ctx;
  const c = own(world.index.captures, captureId);
  if (!c) return notFound('capture', captureId);
  const surveyIds = [...c.surveyIds];
  const media = new Set(surveyIds.map((id) => world.index.surveys[id]?.mediaId).filter((m): m is Id => !!m));
  removeSurveys(world, surveyIds);
  // Media sets left holding no survey go too (and leave their drives).
  removeMedia(world, [...media].filter((id) => world.index.media[id]?.surveyIds.length === 0));
  resetCapture(world, captureId, now);
  ctx.note({ kind: 'cleaned' }, { capture: captureId });
  return ok(`${c.cpid} cleaned`, 'success', [hl('captures', captureId)]);
}

/** Keeps the sample project only: SAMPLE007, FP007, their surveys, media TS007; drives and users stay. */
export function sampleOnly(ctx: ActionContext): ActionResult {
  const { world } = ctx;
  const keepCaptures = new Set(
    Object.values(world.index.captures)
      .filter((c) => c.cpid === SAMPLE.cpid || c.projectId === SAMPLE.projectId)
      .map((c) => c.captureId),
  );
  const goneMedia = Object.values(world.index.media)
    .filter((m) => m.mediaId !== SAMPLE.mediaId)
    .map((m) => m.mediaId);
  removeMedia(world, goneMedia);
  removeSurveys(
    world,
    Object.values(world.index.surveys)
      .filter((s) => !keepCaptures.has(s.captureId))
      .map((s) => s.surveyId),
  );
  world.remove(
    'flightPlans',
    Object.values(world.index.flightPlans)
      .filter((f) => !keepCaptures.has(f.captureId))
      .map((f) => f.flightPlanId),
  );
  const goneCaptures = Object.keys(world.index.captures).filter((id) => !keepCaptures.has(id));
  world.remove('captures', goneCaptures);
  const keepProjects = new Set([...keepCaptures].map((id) => world.index.captures[id]!.projectId));
  world.remove(
    'projects',
    Object.keys(world.index.projects).filter((id) => !keepProjects.has(id)),
  );
  for (const id of keepProjects) {
    const p = world.index.projects[id]!;
    p.captureIds = p.captureIds.filter((c) => keepCaptures.has(c));
    world.touch('projects', id);
  }
  return ok('Only the sample project was kept', 'success');
}
