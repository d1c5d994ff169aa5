/**
 * The world's stars (issue 36, docs/engine.md#favourites): every person's favourites, by person,
 * and what changed since the last commit took its changes (the stars to write, the ones to
 * delete). A person has few stars, so a view asks for one person's and gets them at once.
 */
import { byFavourite, favouriteKey, type Favourite, type FavouriteKind, type StarredIds } from '../domain/favourites';
import type { Id } from '../domain/types';

/** What a commit changed of the stars: each star set, each star taken off. */
export interface FavouriteChanges {
  put: Favourite[];
  del: Favourite[];
}

const NO_CHANGES: FavouriteChanges = Object.freeze({ put: Object.freeze([]) as unknown as Favourite[], del: Object.freeze([]) as unknown as Favourite[] });

export class FavouriteBook {
  /** Each person's stars, by their key. */
  private byPerson = new Map<string, Map<string, Favourite>>();
  /** The stars changed since the last take, by key: set (true) or taken off (false). */
  private changed = new Map<string, { star: Favourite; on: boolean }>();

  /** Replaces every star (a world loaded); nothing is pending. */
  load(stars: readonly Favourite[]): void {
    this.byPerson = new Map();
    for (const star of stars) this.personal(star.email).set(favouriteKey(star), { ...star });
    this.changed = new Map();
  }

  has(star: Favourite): boolean {
    return this.byPerson.get(star.email)?.has(favouriteKey(star)) ?? false;
  }

  /** Stars or unstars; answers whether anything changed. */
  set(star: Favourite, on: boolean): boolean {
    if (this.has(star) === on) return false;
    const key = favouriteKey(star);
    const mine = this.personal(star.email);
    if (on) mine.set(key, { ...star });
    else {
      mine.delete(key);
      if (!mine.size) this.byPerson.delete(star.email);
    }
    this.changed.set(key, { star: { ...star }, on });
    return true;
  }

  /** A person's starred ids of one kind, in the order they were starred. */
  ids(email: string | null, kind: FavouriteKind): Set<Id> {
    const out = new Set<Id>();
    for (const star of (email && this.byPerson.get(email)?.values()) || []) if (star.kind === kind) out.add(star.id);
    return out;
  }

  /** A person's starred ids, by kind. */
  of(email: string | null): StarredIds {
    return { captures: [...this.ids(email, 'captures')], surveys: [...this.ids(email, 'surveys')], media: [...this.ids(email, 'media')] };
  }

  /** Every star, in one order (Export, the store, team sync's documents). */
  all(): Favourite[] {
    const out: Favourite[] = [];
    for (const mine of this.byPerson.values()) for (const star of mine.values()) out.push({ ...star });
    return out.sort(byFavourite);
  }

  get pending(): boolean {
    return this.changed.size > 0;
  }

  /** What changed since the last take (a star set then taken off is a deletion), and forgets it. */
  take(): FavouriteChanges {
    // Every tick takes; almost none has a star to give.
    if (!this.changed.size) return NO_CHANGES;
    const out: FavouriteChanges = { put: [], del: [] };
    for (const { star, on } of this.changed.values()) (on ? out.put : out.del).push(star);
    this.changed = new Map();
    return out;
  }

  private personal(email: string): Map<string, Favourite> {
    let mine = this.byPerson.get(email);
    if (!mine) this.byPerson.set(email, (mine = new Map()));
    return mine;
  }
}
