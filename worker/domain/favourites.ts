/**
 * Favourites (issue 36, docs/requirements.md#req-favourites): a person's stars on captures, surveys
 * and media sets. A star is the person's own: it names the entity by kind and id, and nothing else
 * in the world points to it, so starring never changes an entity, whatever its stage. A star may
 * outlive its entity (a media set ejected before it was received): the lists show the stars of
 * the entities the world holds.
 *
 * The one rule of what a star is, for restore() (the store, Export and Import), the action that
 * sets one, and team sync's documents.
 */
import { keyRule } from './storedFields';
import type { Id } from './types';
import { fail, type Problems } from './restoreProblems';
import { isEmail } from './users';

/** What a person can star. The page says "favorites", as the spec does; the code says "favourite". */
export const FAVOURITE_KINDS = ['captures', 'surveys', 'media'] as const;
export type FavouriteKind = (typeof FAVOURITE_KINDS)[number];

export interface Favourite {
  /** who starred it: a signed-in person's email, in lower case */
  email: string;
  kind: FavouriteKind;
  id: Id;
}

/** A person's stars by kind, as the views read them. */
export type StarredIds = Record<FavouriteKind, Id[]>;

export function isFavouriteKind(value: unknown): value is FavouriteKind {
  return typeof value === 'string' && (FAVOURITE_KINDS as readonly string[]).includes(value);
}

/** The email a star belongs to: an email as login takes it, in lower case (login lowers it). */
export function isStarOwner(value: unknown): value is string {
  return isEmail(value) && value === value.toLowerCase();
}

/** One string for a star: who, what kind, which id (the store's key, a map's key). */
export function favouriteKey(f: Favourite): string {
  return `${f.email}\u0000${f.kind}\u0000${f.id}`;
}

/** Stars in one order (person, kind, id), so two laptops holding the same stars export them alike. */
export function byFavourite(a: Favourite, b: Favourite): number {
  const x = favouriteKey(a);
  const y = favouriteKey(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Why a value is not a star, in words for a message ("its id is not …"), or null when it is one. */
export function favouriteProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'is not a favourite (an object with email, kind and id)';
  const f = value as Record<string, unknown>;
  if (!isStarOwner(f.email)) return 'has no email address in lower case';
  if (!isFavouriteKind(f.kind)) return `names no kind a person can star (${FAVOURITE_KINDS.join(', ')})`;
  const rule = keyRule(f.kind);
  if (!rule.ok(f.id)) return `has an id that is not ${rule.what}`;
  return null;
}

/** A star as its own fields only (whatever else the value held). */
export function favouriteOf(value: Favourite): Favourite {
  return { email: value.email, kind: value.kind, id: value.id };
}

/**
 * People's stars (issue 36): each one a star by favourites.ts's rule, none twice. A star need not
 * name an entity the world holds (its entity may have gone since), so only its own fields are
 * judged. Absent (all.json, an export from before stars): none.
 */
export function restoreFavourites(value: unknown, problems: Problems): Favourite[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    problems.wrong('favourites', value, 'a list of favourites');
    return [];
  }
  const seen = new Set<string>();
  const out: Favourite[] = [];
  value.forEach((raw: unknown, i) => {
    const path = `favourites.${i}`;
    problems.entity(path, () => {
      const problem = favouriteProblem(raw);
      if (problem) fail(`${path} ${problem}`);
      const star = favouriteOf(raw as Favourite);
      const key = favouriteKey(star);
      if (seen.has(key)) fail(`${path} repeats a favourite`);
      seen.add(key);
      out.push(star);
    });
  });
  return out.sort(byFavourite);
}
