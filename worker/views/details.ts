/**
 * The answers of the detail screens: a capture (header, map, the tab's rows), its QC page, the
 * Process dialog's choices, a survey under QC, a project. An id that names nothing answers null,
 * and the page says Page Not Found; a spec with ids of the wrong type answers the same.
 */
import type { Id, Survey } from '../domain/types';
import type { World } from '../engine/world';
import type { CaptureRow, FlaggedSurvey, FlownOnOrder, FlightPlanRow, ProcessChoiceRow, RowWindow, RowsOf, SurveyQcRow, SurveyRow } from '../screens';
import { isShown, windowOf } from './lists';
import { captureRow, flightPlanRows, processChoiceRow, surveyQcRow, surveyRow } from './rows';
import { ownFirst } from './ownFirst';

/** An own entry of a kind, for an id that came from a page (whatever its type). */
function own<T>(map: Record<Id, T>, id: unknown): T | undefined {
  return typeof id === 'string' && Object.prototype.hasOwnProperty.call(map, id) ? map[id] : undefined;
}

/** Of a capture's surveys, those a list displays (docs/requirements.md#req-displayed-stages), by flown-on date if asked. */
export function shownSurveys(world: World, ids: readonly Id[], order: FlownOnOrder | null): Survey[] {
  const shown = ids.map((id) => world.index.surveys[id]).filter(isShown);
  if (!order) return shown;
  const sign = order === 'newest' ? -1 : 1;
  return shown.sort((a, b) => {
    if (a.flownOn !== b.flownOn) return a.flownOn < b.flownOn ? -sign : sign;
    return a.surveyId < b.surveyId ? -1 : a.surveyId > b.surveyId ? 1 : 0;
  });
}

/** A capture's page; `leading`, a technician whose own surveys lead its Surveys tab (ownFirst.ts). */
export function capture(
  world: World,
  spec: { captureId: Id; tab: 'surveys' | 'flight-plans'; order: FlownOnOrder } & RowWindow,
  leading: string | null = null,
): { capture: CaptureRow | null; plans: FlightPlanRow[]; surveys: RowsOf<SurveyRow> | null } {
  const c = own(world.index.captures, spec.captureId);
  if (!c) return { capture: null, plans: [], surveys: null };
  let surveys: RowsOf<SurveyRow> | null = null;
  if (spec.tab !== 'flight-plans') {
    const shown = ownFirst(shownSurveys(world, c.surveyIds, spec.order === 'oldest' ? 'oldest' : 'newest'), leading);
    const { start, count } = windowOf(shown.length, spec);
    surveys = { total: shown.length, start, rows: shown.slice(start, start + count).map((s) => surveyRow(world, s)) };
  }
  return { capture: captureRow(c), plans: flightPlanRows(world, c), surveys };
}

export function captureQc(world: World, captureId: Id): { capture: CaptureRow | null; processed: SurveyRow[]; flagged: FlaggedSurvey[] } {
  const c = own(world.index.captures, captureId);
  if (!c) return { capture: null, processed: [], flagged: [] };
  const processed = shownSurveys(world, c.selectedIds.length ? c.selectedIds : c.surveyIds, null).map((s) => surveyRow(world, s));
  const flagged = c.surveyIds.flatMap((id) => {
    const s = world.index.surveys[id];
    return s && s.frameFlags.length ? [{ surveyId: id, frameFlags: s.frameFlags.map((f) => ({ ...f })) }] : [];
  });
  return { capture: captureRow(c), processed, flagged };
}

export function processChoices(world: World, captureId: Id): { rows: ProcessChoiceRow[] } {
  const c = own(world.index.captures, captureId);
  return { rows: c ? shownSurveys(world, c.surveyIds, null).map(processChoiceRow) : [] };
}

export function surveyQc(world: World, surveyId: Id): { survey: SurveyQcRow | null } {
  const s = own(world.index.surveys, surveyId);
  return { survey: s ? surveyQcRow(world, s) : null };
}

export function project(world: World, projectId: Id): { project: { projectId: Id; url: string } | null; rows: CaptureRow[] } {
  const p = own(world.index.projects, projectId);
  if (!p) return { project: null, rows: [] };
  const rows = p.captureIds.flatMap((id) => (world.index.captures[id] ? [captureRow(world.index.captures[id])] : []));
  return { project: { projectId: p.projectId, url: p.url }, rows };
}
