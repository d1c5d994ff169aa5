/**
 * A technician's lists lead with their own surveys (issue 52, docs/requirements.md#req-team-roles):
 * in a team world, for a person whose role is technician, the surveys assigned to them come first,
 * each group in the order the list was asked for. A coordinator's lists, and the one-laptop demo's,
 * keep their order: a coordinator answers for everyone's surveys, and the demo holds no role.
 */
import type { Survey } from '../domain/types';
import type { SyncPort } from '../engine/syncPort';
import type { World } from '../engine/world';

/** Whose surveys lead the lists: the technician signed in to a team world (their account), or null. */
export function leadingPerson(world: World, team: Pick<SyncPort, 'author' | 'role'> | null): string | null {
  if (team?.role !== 'technician') return null;
  return team.author ?? world.current.user?.email ?? null;
}

/** `surveys` with those assigned to `person` first, the order within each group kept; as given when no one leads. */
export function ownFirst<T extends Pick<Survey, 'assignedTo'>>(surveys: readonly T[], person: string | null): T[] {
  if (person === null) return [...surveys];
  const own: T[] = [];
  const others: T[] = [];
  for (const s of surveys) (s.assignedTo === person ? own : others).push(s);
  return own.length ? [...own, ...others] : [...surveys];
}
