/**
 * Stars in team sync (issue 36, docs/sync.md#favourites): each star is a document of its own,
 * `favourite:<person>:<kind>:<id>` (person and id escaped, so no part holds a ':'), written by the
 * person who starred it; unstarring removes it (a tombstone). So a person's stars reach their
 * other laptops, and one person's stars never meet another's: no two people write one document.
 * The same star set on two laptops of one person says the same, and is no conflict.
 *
 * star → document: what a commit's star changes send (through actionDocs), and the stars of a
 * whole world (a laptop whose own world becomes the team's). A star's document is read like every
 * other team document (teamDoc.ts, the server's and the laptops' one rule) and taken in by
 * takenIntoWorld.
 */
import type { Favourite } from '../../domain/favourites';
import type { FavouriteChanges } from '../../engine/favouriteBook';
import { FAVOURITE_KIND, favouriteDocId } from './docIds';
import type { SyncStamp } from './syncStamp';

export interface FavouriteDoc {
  _id: string;
  kind: typeof FAVOURITE_KIND;
  star: Favourite;
  stamp: SyncStamp;
}

/**
 * A star's document, its keys written in code-point order at every depth but the stamp's, as the
 * synced form writes every document (syncedForm.ts `canonical`): a revision is the hash of its
 * JSON, and the outbox stamps it anew.
 */
export const favouriteDoc = (star: Favourite, stamp: SyncStamp): FavouriteDoc => ({
  _id: favouriteDocId(star),
  kind: FAVOURITE_KIND,
  stamp,
  star: { email: star.email, id: star.id, kind: star.kind },
});

/** The documents of a commit's star changes: each star set written, each star taken off removed. */
export function favouriteChangeDocs(changes: FavouriteChanges, stamp: SyncStamp): { written: FavouriteDoc[]; removed: string[] } {
  return { written: changes.put.map((star) => favouriteDoc(star, stamp)), removed: changes.del.map(favouriteDocId) };
}

/**
 * Every star of a world, one document each (a laptop whose own world becomes the team's), each
 * stamped by the person whose star it is: only they write it (docs/sync.md#favourites), so a team
 * server refuses, and names, another person's star sent from a laptop they shared.
 */
export function favouriteDocs(stars: readonly Favourite[], stamp: SyncStamp): FavouriteDoc[] {
  return stars.map((star) => favouriteDoc(star, { ...stamp, by: star.email }));
}
