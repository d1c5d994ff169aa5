/**
 * Entities by key, and the shape check of a view spec that crosses from a page.
 */
import { ENTITY_KINDS } from '../domain/restore';
import type { EntityKind, Id, SentMaps } from '../domain/types';
import { sentForm } from '../engine/sent';
import type { World } from '../engine/world';
import type { EntityRef, ViewName, ViewSpec } from './types';

const VIEWS: readonly ViewName[] = [
  'captureTable', 'surveyList', 'shownSurveys', 'mediaList', 'allOf', 'projectRows', 'dashboard', 'captureMap', 'flightPlanChoices',
];

export function isViewSpec(spec: unknown): spec is ViewSpec {
  return typeof spec === 'object' && spec !== null && VIEWS.includes((spec as { view?: ViewName }).view as ViewName);
}

export function isEntityKind(kind: unknown): kind is EntityKind {
  return (ENTITY_KINDS as readonly unknown[]).includes(kind);
}

/** The entities the keys name (copied when `clone`), and the keys that name nothing. */
export function entitiesOf(world: World, refs: readonly EntityRef[], clone: boolean): { entities: Partial<SentMaps>; absent: EntityRef[] } {
  const entities: Partial<Record<EntityKind, Record<Id, unknown>>> = {};
  const absent: EntityRef[] = [];
  for (const ref of refs) {
    const [kind, id] = ref;
    const entity = isEntityKind(kind) ? (world.index[kind] as Record<Id, unknown>)[id] : undefined;
    if (entity === undefined) {
      absent.push(ref);
      continue;
    }
    (entities[kind] ??= {})[id] = sentForm(entity as object, clone);
  }
  return { entities: entities as Partial<SentMaps>, absent };
}
