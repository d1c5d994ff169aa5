/**
 * The form entities leave the engine in (events, view answers, lookups): `Sent`, without the
 * workflow. One function, so every path sends the same shape.
 */
import type { EntityKind, EntityMaps, Id, Sent, SentMaps } from '../domain/types';

/** The entity without its workflow; copied deep when `clone` (the receiver may keep it). */
export function sentForm<T extends object>(entity: T, clone: boolean): Sent<T> {
  if (!('workflow' in entity)) return clone ? structuredClone(entity) : entity;
  const { workflow: _workflow, ...rest } = entity as T & { workflow: unknown };
  return (clone ? structuredClone(rest) : rest) as Sent<T>;
}

/** Every entity of `index`, sent. */
export function sentMaps(index: Partial<EntityMaps>, clone: boolean): Partial<SentMaps> {
  const out: Partial<Record<EntityKind, Record<Id, unknown>>> = {};
  for (const [kind, map] of Object.entries(index) as [EntityKind, Record<Id, object>][]) {
    const copy: Record<Id, unknown> = (out[kind] = {});
    for (const id in map) copy[id] = sentForm(map[id]!, clone);
  }
  return out as Partial<SentMaps>;
}
