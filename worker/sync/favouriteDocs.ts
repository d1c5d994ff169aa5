/**
 * Stars in team sync (issue 36, docs/sync.md#favourites): each star is a document of its own,
 * `favourite:<person>:<kind>:<id>` (person and id escaped, so no part holds a ':'), written by the
 * person who starred it; unstarring removes it (a tombstone). So a person's stars reach their
 * other laptops, and one person's stars never meet another's: no two people write one document.
 * The same star set on two laptops of one person says the same, and is no conflict.
 *
 * document ↔ star: what a commit's star changes send (outgoing, through actionDocs), the stars of
 * a whole world (a laptop seeding its team world), the stars taken in from other laptops
 * (incoming, through takenIntoWorld), and the stars of a world read back from its documents (a join).
 */
import { favouriteOf, favouriteProblem, type Favourite } from '../domain/favourites';
import type { FavouriteChanges } from '../engine/favouriteBook';
import type { World } from '../engine/world';
import type { StoredDoc } from './database';
import type { SyncStamp } from './syncedForm';

export const FAVOURITE_KIND = 'favourite';

export interface FavouriteDoc {
  _id: string;
  kind: typeof FAVOURITE_KIND;
  star: Favourite;
  stamp: SyncStamp;
}

const PREFIX = `${FAVOURITE_KIND}:`;

export const favouriteDocId = (star: Favourite): string => `${PREFIX}${encodeURIComponent(star.email)}:${star.kind}:${encodeURIComponent(star.id)}`;

export const isFavouriteDocId = (id: string): boolean => id.startsWith(PREFIX);

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

/** The star a document id names (a removal holds nothing else), or null if it names none. */
export function starOfDocId(id: string): Favourite | null {
  const [kind, email, starKind, starId, ...more] = id.split(':');
  if (kind !== FAVOURITE_KIND || more.length || email === undefined || starId === undefined) return null;
  try {
    const star = { email: decodeURIComponent(email), kind: starKind, id: decodeURIComponent(starId) };
    return favouriteProblem(star) ? null : (star as Favourite);
  } catch {
    return null;
  }
}

/** The documents of a commit's star changes: each star set written, each star taken off removed. */
export function favouriteChangeDocs(changes: FavouriteChanges, stamp: SyncStamp): { written: FavouriteDoc[]; removed: string[] } {
  return { written: changes.put.map((star) => favouriteDoc(star, stamp)), removed: changes.del.map(favouriteDocId) };
}

/** Every star of a world, one document each. */
export function favouriteDocs(stars: readonly Favourite[], stamp: SyncStamp): FavouriteDoc[] {
  return stars.map((star) => favouriteDoc(star, stamp));
}

/**
 * Why the world would refuse a star's document, or null: its star must be a star, the one its id
 * names. (That only its own person writes it is the server's to check, docs/sync.md#production-couchdb-behind-the-apps-origin.)
 */
export function favouriteRefused(doc: StoredDoc): string | null {
  if (doc._deleted) return starOfDocId(doc._id) ? null : `${doc._id} names no favourite`;
  const problem = favouriteProblem(doc.star);
  if (problem) return `${doc._id}: its star ${problem}`;
  if (favouriteDocId(doc.star as Favourite) !== doc._id) return `${doc._id} holds another favourite than its id names`;
  return null;
}

/** Takes other laptops' star documents into the world; those it refuses are named, with why. */
export function takeFavourites(world: World, docs: readonly StoredDoc[], refused: { id: string; why: string }[]): void {
  for (const doc of docs) {
    const why = favouriteRefused(doc);
    if (why) refused.push({ id: doc._id, why });
    else if (doc._deleted) world.favourites.set(starOfDocId(doc._id)!, false);
    else world.favourites.set(favouriteOf(doc.star as Favourite), true);
  }
}

/** The stars among a world's documents, those the world would take (a join reads the world back from them). */
export function favouritesOfDocs(docs: readonly { _id: string }[]): Favourite[] {
  return docs.flatMap((d) => {
    const doc = d as StoredDoc;
    return isFavouriteDocId(doc._id) && !doc._deleted && !favouriteRefused(doc) ? [favouriteOf(doc.star as Favourite)] : [];
  });
}
