/**
 * Which fields of an entity are its own, once for every form the world is kept in: the store's
 * records (engine/store/storedForm.ts), the localStorage mirror and Export (engine/persistence.ts).
 * Derived fields restore() recomputes on every load; child id lists it rebuilds from the
 * children's own pointers; a field equal to its factory default (entities.ts) need not be kept.
 */
import { assembleCapture, assembleMedia, assembleSurvey, makeDrive, makeFlightPlan } from './entities';
import type { EntityKind } from './types';

/** Fields restore() recomputes on every load (derive.ts, users.ts). */
export const DERIVED_FIELDS: Partial<Record<EntityKind, readonly string[]>> = {
  surveys: ['status', 'display', 'stage', 'flags', 'cpid'],
  media: ['isNew', 'stage', 'flags'],
  captures: ['stage', 'counts', 'flags', 'firstFlownOn', 'lastFlownOn', 'firstReceivedOn', 'lastReceivedOn'],
  drives: ['status', 'flags'],
  users: ['initials'],
};

/** Child id lists restore() rebuilds from the children's own pointers. */
export const CHILD_LISTS: Partial<Record<EntityKind, Record<string, EntityKind>>> = {
  projects: { captureIds: 'captures' },
  captures: { surveyIds: 'surveys', flightPlanIds: 'flightPlans' },
  flightPlans: { surveyIds: 'surveys' },
  media: { surveyIds: 'surveys' },
};

/** Fields a factory is given (its id and pointers) or works out (a survey's path, a workflow): no default. */
const GIVEN: Partial<Record<EntityKind, readonly string[]>> = {
  surveys: ['surveyId', 'captureId', 'flightPlanId', 'mediaId', 'flownOn', 'path', 'workflow'],
  captures: ['captureId', 'cpid', 'projectId', 'workflow'],
  media: ['mediaId', 'workflow'],
  drives: ['host'],
  flightPlans: ['flightPlanId', 'captureId'],
};

/** The fields each factory gives a default to, and that default: read off the factories themselves. */
function defaultsOf(kind: EntityKind, blank: object): Record<string, unknown> {
  const skip = new Set([...(DERIVED_FIELDS[kind] ?? []), ...Object.keys(CHILD_LISTS[kind] ?? {}), ...(GIVEN[kind] ?? [])]);
  return Object.fromEntries(Object.entries(blank).filter(([key]) => !skip.has(key)));
}

export const DEFAULTS: Partial<Record<EntityKind, Record<string, unknown>>> = {
  surveys: defaultsOf('surveys', assembleSurvey({ surveyId: '', captureId: '', cpid: '', flightPlanId: '', mediaId: '', flownOn: '' })),
  captures: defaultsOf('captures', assembleCapture({ captureId: '', cpid: '', projectId: '' })),
  media: defaultsOf('media', assembleMedia({ mediaId: '' })),
  drives: defaultsOf('drives', makeDrive({ host: '' })),
  flightPlans: defaultsOf('flightPlans', makeFlightPlan({ flightPlanId: '', captureId: '' })),
};
