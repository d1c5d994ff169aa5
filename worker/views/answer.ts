/**
 * Each view's answer, computed where the data is (docs/architecture.md#arch-views): sorting, the LIST_CAP caps,
 * counts and membership over the whole world stay here; the page receives ids, counts and the
 * entities of the rows it renders first.
 */
import { LIST_CAP } from '../domain/constants';
import { compareCaptures } from '../domain/sort';
import type { EntityKind, Id, Survey } from '../domain/types';
import type { World } from '../engine/world';
import { selectDashboard } from './dashboard';
import type { EntityRef, FlightPlanChoice, IdPage, ViewResults, ViewSpec } from './types';

/** Rows a table renders before the user scrolls: their entities come with the answer. */
export const FIRST_ROWS = 60;

export interface Answer {
  result: ViewResults[ViewSpec['view']];
  refs: EntityRef[];
}

/** The kinds whose change may change a view's answer (progress alone never does). */
export function readsOf(spec: ViewSpec): readonly EntityKind[] {
  switch (spec.view) {
    case 'captureTable':
      return ['captures'];
    case 'surveyList':
    case 'shownSurveys':
      return ['surveys'];
    case 'mediaList':
      return ['media'];
    case 'allOf':
      return [spec.kind];
    case 'projectRows':
      return ['projects', 'captures'];
    case 'dashboard':
      return ['surveys', 'captures'];
    case 'captureMap':
      return ['captures', 'flightPlans', 'surveys'];
    case 'flightPlanChoices':
      return ['flightPlans', 'captures'];
  }
}

/** A survey a list displays: not at the hidden `new` stage (docs/requirements.md#req-displayed-stages). */
export function isShown(s: Survey | undefined): s is Survey {
  return s !== undefined && !s.workflow.stages[s.workflow.current]?.hidden;
}

const page = (ids: Id[], total = ids.length): IdPage => ({ ids, total });

/** The surveys and the flight plans their rows show. */
function surveyRefs(world: World, ids: readonly Id[]): EntityRef[] {
  const refs: EntityRef[] = [];
  const plans = new Set<Id>();
  for (const id of ids.slice(0, FIRST_ROWS)) {
    refs.push(['surveys', id]);
    const fp = world.index.surveys[id]?.flightPlanId;
    if (fp && !plans.has(fp)) {
      plans.add(fp);
      refs.push(['flightPlans', fp]);
    }
  }
  return refs;
}

/** Media sets with their drives and surveys (the rows show both). */
function mediaRefs(world: World, ids: readonly Id[]): EntityRef[] {
  const refs: EntityRef[] = [];
  for (const id of ids.slice(0, FIRST_ROWS)) {
    const m = world.index.media[id];
    if (!m) continue;
    refs.push(['media', id]);
    if (m.host) refs.push(['drives', m.host]);
    for (const s of m.surveyIds) refs.push(['surveys', s]);
  }
  return refs;
}

function shownSurveys(world: World, ids: readonly Id[], order: 'newest' | 'oldest' | null): Id[] {
  const surveys = world.index.surveys;
  const shown = ids.filter((id) => isShown(surveys[id]));
  if (!order) return shown;
  const sign = order === 'newest' ? -1 : 1;
  const flown = (id: Id) => surveys[id]?.flownOn ?? '';
  return shown.sort((a, b) => {
    const fa = flown(a);
    const fb = flown(b);
    if (fa !== fb) return fa < fb ? -sign : sign;
    return a < b ? -1 : a > b ? 1 : 0;
  });
}

function flightPlanChoices(world: World): FlightPlanChoice[] {
  const flying = new Set(['waiting', 'receive']);
  const choices = world.ids.flightPlans.flatMap((id): FlightPlanChoice[] => {
    const fp = world.index.flightPlans[id];
    if (!fp) return [];
    const capture = world.index.captures[fp.captureId];
    const text = `${capture?.cpid ?? ''} · ${fp.code} ${fp.name}`;
    return [{ id, text, haystack: text.toLowerCase(), beingFlown: capture ? flying.has(capture.stage.name) : false }];
  });
  // Stable: within each group the engine's order stays.
  return [...choices.filter((c) => c.beingFlown), ...choices.filter((c) => !c.beingFlown)];
}

export function answerView(world: World, spec: ViewSpec): Answer {
  const { index, ids } = world;
  switch (spec.view) {
    case 'captureTable': {
      let captures = ids.captures.map((id) => index.captures[id]!).filter(Boolean);
      if (spec.stage !== null) captures = captures.filter((c) => c.stage.statusLabel === spec.stage);
      const sorted = captures.sort(compareCaptures(spec.by, spec.dir)).map((c) => c.captureId);
      return { result: page(sorted), refs: sorted.slice(0, FIRST_ROWS).map((id) => ['captures', id] as const) };
    }
    case 'surveyList': {
      // Capped after leaving out the surveys no list displays, so "the first 150" are 150 rows.
      const shown: Id[] = [];
      let total = 0;
      for (const id of ids.surveys) {
        const s = index.surveys[id];
        if (!isShown(s) || (spec.stage !== null && s.display !== spec.stage)) continue;
        total++;
        if (shown.length < LIST_CAP) shown.push(id);
      }
      return { result: page(shown, total), refs: surveyRefs(world, shown) };
    }
    case 'shownSurveys': {
      const shown = shownSurveys(world, Array.isArray(spec.surveyIds) ? spec.surveyIds : [], spec.order);
      return { result: page(shown), refs: surveyRefs(world, shown) };
    }
    case 'mediaList': {
      const first = ids.media.slice(0, LIST_CAP);
      return { result: page(first, ids.media.length), refs: mediaRefs(world, first) };
    }
    case 'allOf': {
      const list = ids[spec.kind];
      const refs: EntityRef[] = list.map((id) => [spec.kind, id] as const);
      // A drive's row shows its media set and the captures of its surveys.
      if (spec.kind === 'drives') {
        const mediaIds = list.flatMap((host) => index.drives[host]?.mediaId ?? []);
        refs.push(...mediaRefs(world, mediaIds));
      }
      return { result: page(list), refs };
    }
    case 'projectRows': {
      const rows = ids.projects.flatMap((id) => {
        const p = index.projects[id];
        if (!p) return [];
        let surveys = 0;
        for (const cid of p.captureIds) surveys += index.captures[cid]?.counts.surveys ?? 0;
        return [{ projectId: p.projectId, url: p.url, captures: p.captureIds.length, surveys }];
      });
      return { result: { rows }, refs: [] };
    }
    case 'dashboard': {
      const d = selectDashboard(ids.surveys, (id) => index.surveys[id], spec.email, undefined, spec.full ?? undefined, LIST_CAP);
      const capturesByStage: Record<string, number> = {};
      for (const id of ids.captures) {
        const label = index.captures[id]?.stage.statusLabel;
        if (label) capturesByStage[label] = (capturesByStage[label] ?? 0) + 1;
      }
      const listed = [...d.inProgress.ids, ...d.recent.ids, ...d.mine.ids];
      return {
        result: { ...d, capturesByStage },
        refs: [...new Set(listed)].map((id) => ['surveys', id] as const),
      };
    }
    case 'captureMap': {
      const capture = index.captures[spec.captureId];
      if (!capture) return { result: { exists: false, linesFlown: {} }, refs: [] };
      const linesFlown: Record<Id, number> = {};
      const refs: EntityRef[] = [['captures', capture.captureId]];
      for (const fpId of capture.flightPlanIds) {
        const fp = index.flightPlans[fpId];
        if (!fp) continue;
        refs.push(['flightPlans', fpId]);
        let flown = 0;
        for (const sid of fp.surveyIds) {
          const s = index.surveys[sid];
          if (s?.receivedOn) flown = Math.max(flown, s.linesFlown);
        }
        linesFlown[fpId] = flown;
      }
      return { result: { exists: true, linesFlown }, refs };
    }
    case 'flightPlanChoices':
      return { result: { choices: flightPlanChoices(world) }, refs: [] };
  }
}

/** The kinds of the entities a view's answer names (beyond those it reads). */
export function refKindsOf(spec: ViewSpec): readonly EntityKind[] {
  switch (spec.view) {
    case 'surveyList':
    case 'shownSurveys':
      return ['surveys', 'flightPlans'];
    case 'mediaList':
    case 'allOf':
      return spec.view === 'allOf' && spec.kind !== 'drives' ? [] : ['media', 'drives', 'surveys'];
    case 'captureMap':
      return ['flightPlans'];
    default:
      return [];
  }
}
