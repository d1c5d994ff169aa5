/**
 * Removing surveys and media sets while keeping every cross reference (capture, flight plan, media,
 * drive) true. Shared by eject, clean, SAMPLE ONLY.
 */
import type { Id } from '../domain/types';
import { createCaptureWorkflow } from '../domain/captureWorkflow';
import type { World } from './world';

export function removeSurveys(world: World, ids: Iterable<Id>): void {
  const gone = new Set(ids);
  if (!gone.size) return;
  const captures = new Set<Id>();
  const plans = new Set<Id>();
  const media = new Set<Id>();
  for (const id of gone) {
    const s = world.index.surveys[id];
    if (!s) continue;
    captures.add(s.captureId);
    plans.add(s.flightPlanId);
    media.add(s.mediaId);
  }
  const keep = (list: Id[]) => list.filter((id) => !gone.has(id));
  for (const id of captures) {
    const c = world.index.captures[id];
    if (!c) continue;
    c.surveyIds = keep(c.surveyIds);
    c.selectedIds = keep(c.selectedIds);
    world.touch('captures', id);
  }
  for (const id of plans) {
    const f = world.index.flightPlans[id];
    if (!f) continue;
    f.surveyIds = keep(f.surveyIds);
    world.touch('flightPlans', id);
  }
  for (const id of media) {
    const m = world.index.media[id];
    if (!m) continue;
    m.surveyIds = keep(m.surveyIds);
    world.touch('media', id);
  }
  world.remove('surveys', gone);
}

/** Removes media sets and their surveys, emptying the drives that held them. */
export function removeMedia(world: World, ids: Iterable<Id>): void {
  const gone = new Set(ids);
  const surveys: Id[] = [];
  for (const id of gone) {
    const m = world.index.media[id];
    if (!m) continue;
    surveys.push(...m.surveyIds);
    if (m.host) {
      const d = world.index.drives[m.host];
      if (d && d.mediaId === id) {
        d.mediaId = null;
        world.touch('drives', d.host);
      }
    }
  }
  removeSurveys(world, surveys);
  world.remove('media', gone);
}

/** A capture back to waiting for its first survey, as if never flown (clean). */
export function resetCapture(world: World, captureId: Id, now: number): void {
  const c = world.index.captures[captureId];
  if (!c) return;
  c.workflow = createCaptureWorkflow(now);
  c.qc = false;
  c.published = false;
  c.selectedIds = [];
  world.touch('captures', captureId);
}
