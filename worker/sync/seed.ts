/**
 * A seeded team world (issue 21, docs/sync.md#seeding-a-team-world): the server and every laptop
 * restore one all.json at one agreed instant, so their documents are equal, and so are the
 * revisions their bodies give. The server's database holds, beside the world, a seed document:
 * the data, the instant (at the sample's speed, 1×), a digest of every document's id and revision, and the server's position
 * once they were written. A laptop that joins restores the same data at the same instant, and if
 * its documents give the same digest it holds them at their revisions and pulls only what changed
 * after the seed: the first sync compares revisions and moves no body but the changed ones.
 */
import { stringMd5 } from 'pouchdb-md5';
import { DEFAULT_FLAGS } from '../domain/constants';
import { restore } from '../domain/restore';
import type { Db } from '../domain/dataFile';
import type { WrittenDoc } from './doc/database';
import type { Held } from './doc/held';
import { outboxRecords } from './out/outbox';
import { childRevision } from './doc/revisions';
import { SAMPLE_STAMP, syncedDocs, type OrderOf } from './doc/syncedForm';
import type { SyncStamp } from './doc/syncStamp';
import { SEED_ID } from './doc/docIds';
import { holdsWorld, nameWorld, type IdentityTarget } from './link/worldIdentity';

/** The data every party seeds from: the console's own sample, on the app's origin. */
export const SEED_SOURCE = 'data/all.json';
/** The speed a seeded world runs at (its speed document says so): all.json's, 1×. */
export const SEED_SPEED = DEFAULT_FLAGS.speed;
/** Documents written to the server at once while seeding it. */
const SEED_BATCH = 5000;

export interface Seed {
  _id: typeof SEED_ID;
  source: string;
  /** the agreed instant (epoch ms) the data was restored at */
  at: number;
  /** how many documents the seeded world has */
  docs: number;
  /** MD5 of every document's `id rev`, sorted: equal only if every revision is */
  digest: string;
  /** the server's position once the seeded world was written: what changed after it is pulled */
  since: number | string;
  /**
   * The id of the database it was written in (worldIdentity.ts): `since` is a position in that
   * database only. A copy of the world (a backup restored, a replication elsewhere) is another
   * database, where a joining laptop pulls from the start.
   */
  identity?: string;
}

/** A world's every document at the revision its body gives: a seed's, or a laptop's own world as the team's. */
export interface WorldDocs {
  docs: WrittenDoc[];
  /** the revision and contents a laptop holds for each */
  held: Map<string, Held>;
  digest: string;
}

/**
 * The world's every document, and its speed's, at the revision its body gives (each new: no base),
 * stamped as the sample data's, or as the account of the laptop whose world becomes the team's.
 */
export function worldDocs(db: Db, speed: number = SEED_SPEED, stamp: SyncStamp = SAMPLE_STAMP, worldOrder?: OrderOf): WorldDocs {
  const held = new Map<string, Held>();
  const docs = outboxRecords(syncedDocs(db, speed, stamp, worldOrder), [], stamp, held).map((r) => r.doc);
  return { docs, held, digest: digestOf(docs) };
}

export function digestOf(docs: readonly { _id: string; _rev: string }[]): string {
  return stringMd5(
    docs
      .map((d) => `${d._id} ${d._rev}`)
      .sort()
      .join('\n'),
  );
}

/** all.json restored at the agreed instant: the world every party seeds from. */
export function seededWorld(text: string, at: number): Db {
  const restored = restore(text, at, { source: SEED_SOURCE });
  if (!restored.ok) throw new Error(restored.error);
  return restored.db;
}

export function isSeed(doc: unknown): doc is Seed {
  if (typeof doc !== 'object' || doc === null) return false;
  const d = doc as Record<string, unknown>;
  return (
    d._id === SEED_ID &&
    typeof d.source === 'string' &&
    Number.isFinite(d.at) &&
    Number.isInteger(d.docs) &&
    typeof d.digest === 'string' &&
    (typeof d.since === 'number' || typeof d.since === 'string') &&
    (d.identity === undefined || typeof d.identity === 'string')
  );
}

/** What seeding writes to: the server's database (PouchDB over HTTP, or a test's). */
export interface SeedTarget extends IdentityTarget {
  bulkDocs(docs: WrittenDoc[], options: { new_edits: false }): Promise<unknown[]>;
  info(): Promise<{ doc_count: number; update_seq: number | string }>;
}

/**
 * Seeds an empty team world on the server from all.json at instant `at`: the world's documents,
 * then the seed naming them. Refuses a database that holds documents already.
 */
export async function seedServer(target: SeedTarget, text: string, at: number, newId: () => string = () => crypto.randomUUID()): Promise<Seed> {
  if (await holdsWorld(target)) throw new Error('The team world holds documents already: seed an empty one');
  const { docs, digest } = worldDocs(seededWorld(text, at));
  const identity = await nameWorld(target, newId);
  for (let i = 0; i < docs.length; i += SEED_BATCH) await target.bulkDocs(docs.slice(i, i + SEED_BATCH), { new_edits: false });
  const body = { _id: SEED_ID, source: SEED_SOURCE, at, docs: docs.length, digest, since: (await target.info()).update_seq, identity } as const;
  await target.bulkDocs([{ ...body, ...childRevision(undefined, body) }], { new_edits: false });
  return body;
}

/** What sending a seed again asks of the server's database. */
export interface SeedAgainTarget {
  get(id: string): Promise<unknown>;
  revsDiff(diff: Record<string, string[]>): Promise<Record<string, { missing: string[] }>>;
  bulkDocs(docs: WrittenDoc[], options: { new_edits: false }): Promise<unknown[]>;
}

/**
 * A server that lost the seeded world a laptop restored its own from (docs/sync.md#the-laptop-knows-what-the-server-holds):
 * the seed's documents it lacks, and the seed, sent again from the laptop's own copy of the data.
 * A server that holds a seed of its own (seeded again) keeps it: its sample is the team's.
 */
export async function sendSeedAgain(target: SeedAgainTarget, seed: Seed, text: string): Promise<void> {
  if (await target.get(SEED_ID).then(() => true, () => false)) return;
  const { docs } = worldDocs(seededWorld(text, seed.at));
  for (let i = 0; i < docs.length; i += SEED_BATCH) {
    const batch = docs.slice(i, i + SEED_BATCH);
    const missing = await target.revsDiff(Object.fromEntries(batch.map((d) => [d._id, [d._rev]])));
    const lacking = batch.filter((d) => missing[d._id]?.missing.includes(d._rev));
    if (lacking.length) await target.bulkDocs(lacking, { new_edits: false });
  }
  const { _rev: _r, ...body } = seed as Seed & { _rev?: string };
  await target.bulkDocs([{ ...body, ...childRevision(undefined, body) }], { new_edits: false });
}
