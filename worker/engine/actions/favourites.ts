/**
 * Starring (issue 36, docs/requirements.md#req-favourites): the signed-in person stars or unstars
 * a capture, a survey or a media set. A star is the person's own and changes no entity, so it is
 * allowed at any stage, and on an entity in conflict with another laptop's version. Asking for
 * what already holds (a star from a stale button, another tab's) changes nothing and is no error.
 */
import type { ActionResult } from '../../api';
import { isFavouriteKind } from '../../domain/favourites';
import { keyRule } from '../../domain/storedFields';
import { fail, notFound, own, shown, type ActionContext } from './context';

const WHAT = { captures: 'capture', surveys: 'survey', media: 'media set' } as const;

export function setFavourite(ctx: ActionContext, kind: unknown, id: unknown, starred: unknown): ActionResult {
  const { world } = ctx;
  const user = world.current.user;
  if (!world.current.loggedIn || !user) return fail('Please sign in first');
  if (!isFavouriteKind(kind)) return fail(`${shown(kind)} cannot be a favorite: only captures, surveys and media sets can`);
  if (typeof starred !== 'boolean') return fail('Say whether to add the favorite or remove it');
  if (!keyRule(kind).ok(id)) return notFound(WHAT[kind], id);
  const star = { email: user.email, kind, id: id as string };
  // A star may be taken off an entity that has gone since; only an entity the world holds is starred.
  if (starred && !own(world.index[kind] as Record<string, unknown>, id)) return notFound(WHAT[kind], id);
  world.favourites.set(star, starred);
  return { ok: true };
}
