/**
 * Which entities an entity of each kind names, by the field that names them, written once:
 * restore() reads an entity only beside those it names (a drive's media set apart: one it no
 * longer holds is let go), a take waits for what a teammate's document names that this laptop does
 * not hold yet (worker/sync/in/takenIntoWorld.ts), and the team rules require each field
 * (teamDocRules.ts).
 */
import type { EntityKind } from './types';

export interface Reference {
  /** the field that holds the named entity's id (its kind's own id field) */
  field: string;
  kind: EntityKind;
  /** one of that kind, in words (a refusal names it) */
  what: string;
  /** an entity may name none, or one no longer held (a drive's media set, ejected elsewhere) */
  optional?: true;
}

export const REFERENCES: Readonly<Partial<Record<EntityKind, readonly Reference[]>>> = {
  captures: [{ field: 'projectId', kind: 'projects', what: 'project' }],
  flightPlans: [{ field: 'captureId', kind: 'captures', what: 'capture' }],
  surveys: [
    { field: 'captureId', kind: 'captures', what: 'capture' },
    { field: 'flightPlanId', kind: 'flightPlans', what: 'flight plan' },
    { field: 'mediaId', kind: 'media', what: 'media set' },
  ],
  drives: [{ field: 'mediaId', kind: 'media', what: 'media set', optional: true }],
};

/** The fields of a kind that must name an entity. */
export const requiredReferences = (kind: EntityKind): string[] => (REFERENCES[kind] ?? []).filter((r) => !r.optional).map((r) => r.field);
