/**
 * How a laptop's change becomes a revision (issue 21, docs/sync.md#the-outbox). Every change is
 * written as a child of the revision the laptop's world held when the action ran, its base, with
 * `new_edits: false`. When the base is still the latest, that extends the document's history.
 * When someone else's change arrived first, it is a sibling: a recorded conflict, shown to a
 * person. It is never written "on top of the latest", which would bury the other change unseen.
 *
 * The revision's hash is the MD5 of the base and the body (as PouchDB's own deterministic
 * revisions are), so it is known at commit time, synchronously, and the outbox record that holds
 * it is written in the action's own transaction.
 */
import { stringMd5 } from 'pouchdb-md5';
import { canonical } from './syncedForm';
import type { Revision, WrittenDoc } from './database';

export function generationOf(rev: string): number {
  return Number.parseInt(rev, 10);
}

const hashOf = (rev: string): string => rev.slice(rev.indexOf('-') + 1);

/** The revision of `body` written as a child of `base` (none: a new document). */
export function childRevision(base: string | undefined, body: object): Revision {
  const hash = stringMd5(JSON.stringify([base ?? null, body]));
  if (!base) return { _rev: `1-${hash}`, _revisions: { start: 1, ids: [hash] } };
  const start = generationOf(base) + 1;
  return { _rev: `${start}-${hash}`, _revisions: { start, ids: [hash, hashOf(base)] } };
}

/**
 * What a document says, without its revision or its stamp: two versions with the same content
 * are the same change, whoever made it and wherever.
 */
export function contentOf(doc: Record<string, unknown>): string {
  // In one key order: a database hands a document back with its keys in an order of its own.
  return stringMd5(JSON.stringify([doc._deleted === true, canonical(bodyOf(doc))]));
}

/**
 * contentOf, for a document the synced form built (its keys in canonical order at every depth,
 * `tests/engine/syncedForm.test.ts`): the same hash, without ordering every key again. Seeding a
 * world of 100 000 surveys hashes 168 538 documents; ordering each one's keys twice more was a
 * third of it.
 */
export function contentOfBuilt(doc: Record<string, unknown>): string {
  return stringMd5(JSON.stringify([doc._deleted === true, bodyOf(doc)]));
}

/** A document without its revision, its stamp, or the mark of a version resolved away. */
export function bodyOf(doc: Record<string, unknown>): Record<string, unknown> {
  const { _rev: _r, _revisions: _v, stamp: _s, resolved: _x, ...body } = doc;
  return body;
}

/** The tombstone that closes version `rev` of a document: a person, or sync itself, settled it. */
export function closing(id: string, rev: string, stamp: object): WrittenDoc {
  const body = { _id: id, _deleted: true, resolved: true, stamp };
  return { ...body, ...childRevision(rev, body) };
}
