/**
 * Joining a team world (issue 21, docs/sync.md#joining-leaving-switching-worlds): what a person
 * types, checked, and a world with data taken as this laptop's. A seeded world is restored here
 * from the console's own sample (docs/sync.md#seeding-a-team-world) and only what changed since
 * is pulled; any other world's every body is pulled. Either way the world and every held revision
 * land in one commit.
 */
import { deriveAll } from '../domain/derive';
import { restore } from '../domain/restore';
import type { Db } from '../domain/types';
import type { Engine } from '../engine/engine';
import { INBOX_KIND, type WorldBatch } from '../engine/store/worldStore';
import { heldPacks } from './heldStore';
import { SyncJournal } from './journal';
import type { Held } from './outbox';
import { SEED_ID } from './docIds';
import { isSeed, SEED_SOURCE, SEED_SPEED, seedDocs, seededWorld, type SeedDocs } from './seed';
import type PouchDB from 'pouchdb-core';

export interface TeamSettings {
  server: string;
  world: string;
  laptop: string;
}

/** Documents a join's one-off pull asks for at once (PouchDB's default, 100, makes a large world's pull many round trips). */
const PULL_BATCH = 500;
/** A server path on the app's own origin (the Content-Security-Policy allows no other). */
const SERVER_PATH = /^\/[A-Za-z0-9._~\-/]{0,200}$/;
/** A CouchDB database name. */
const WORLD_NAME = /^[a-z][a-z0-9_$()+-]{0,99}$/;

/** The settings a person typed, checked: an error names the field. */
export function checkJoin(server: unknown, world: unknown): { ok: true; server: string; world: string } | { ok: false; field: 'server' | 'world'; error: string } {
  const path = typeof server === 'string' ? server.trim().replace(/\/+$/, '') : '';
  if (!SERVER_PATH.test(path) || path.includes('//') || path.split('/').includes('..'))
    return { ok: false, field: 'server', error: 'Server path is a path on this site, such as /couch' };
  const name = typeof world === 'string' ? world.trim() : '';
  if (!WORLD_NAME.test(name))
    return { ok: false, field: 'world', error: 'World name starts with a lowercase letter and holds only lowercase letters, digits and _ $ ( ) + - (at most 100)' };
  return { ok: true, server: path, world: name };
}

export interface TakingTeamWorld {
  engine: Engine;
  remote: PouchDB;
  local: PouchDB;
  Pouch: typeof PouchDB;
  /** the laptop's team settings, stored in the same commit as the world */
  settingsRecord: WorldBatch['put'][number];
  laptop: string;
  trace: (line: string) => void;
}

/**
 * The team's world (it has data) as this laptop's: answers the journal of the revisions held. A
 * seeded world is restored here and what changed since is pulled; any other world is pulled whole
 * and this laptop starts from an empty world, which the inbox then fills from the laptop's
 * database exactly as it takes any change (docs/sync.md#one-reading-of-a-team-document): a laptop
 * that joins late ends with the world of one that took the changes one by one.
 */
export async function takeTeamWorld(join: TakingTeamWorld): Promise<SyncJournal> {
  const { local, remote, Pouch, engine } = join;
  const seeded = await seededWorldHere(join);
  if (seeded) return adopt(join, seeded, 0);
  await Pouch.replicate(remote, local, { batch_size: PULL_BATCH });
  const empty = restore({ version: engine.world.version, index: { projects: {}, captures: {}, flightPlans: {}, surveys: {}, media: {}, drives: {}, users: {} } }, engine.clock.now());
  if (!empty.ok) throw new Error(empty.error);
  return adopt(join, { db: empty.db, held: new Map(), speed: engine.world.flags.speed }, 0);
}

/** A team world ready to be this laptop's: the world, every document's held revision, the speed. */
interface TeamWorld {
  db: Db;
  held: Map<string, Held>;
  speed: number;
}

/**
 * A seeded team world, restored here from this console's own sample at the seed's instant, with
 * what changed after the seed pulled into the laptop's database (the inbox takes it in, from the
 * database's start, as any change). Null when the seed cannot be followed (no seed, or another
 * all.json: the digests differ): then every body is pulled.
 *
 * The world is the one the documents were made from, derived again at this laptop's time: its
 * documents give it back exactly (tests/engine/syncSeed.test.ts), so they are not read back into
 * a world again, and each held revision is the one the seed's documents were made with. At 100 000
 * surveys in Chromium that spared 4.4 s of a 44 s join (docs/sync.md#what-was-measured).
 */
async function seededWorldHere({ engine, remote, local, Pouch, trace }: TakingTeamWorld): Promise<TeamWorld | null> {
  const seed = await remote.get(SEED_ID).catch(() => null);
  if (!isSeed(seed) || seed.source !== SEED_SOURCE) return null;
  let db: Db;
  let ours: SeedDocs;
  try {
    db = seededWorld(await engine.sampleText(), seed.at);
    ours = seedDocs(db);
  } catch (error) {
    trace(`the seed cannot be followed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
  if (ours.digest !== seed.digest) {
    trace(`the seed names other data (${seed.docs} documents, ${ours.docs.length} here): every body is pulled`);
    return null;
  }
  // `since` is also kept as the pull's checkpoint: live replication goes on from there.
  const pulled = await Pouch.replicate(remote, local, { since: seed.since, batch_size: PULL_BATCH });
  trace(`joined from the seed: ${ours.docs.length} documents restored here, ${pulled.docs_written} pulled`);
  const now = engine.clock.now();
  deriveAll(db.index, now, SEED_SPEED);
  return { db: { ...db, version: engine.world.version, loadedAt: now }, held: ours.held, speed: SEED_SPEED };
}

/** The world and the revisions held, in one commit; the inbox goes on from `since`. */
async function adopt({ engine, settingsRecord, laptop }: TakingTeamWorld, team: TeamWorld, since: number | string): Promise<SyncJournal> {
  const put: WorldBatch['put'] = [settingsRecord, ...heldPacks(team.held)];
  put.push({ kind: INBOX_KIND, id: 'position', record: { o: 0, since, conflicted: [] } });
  await engine.adoptWorld(team.db, put, team.speed);
  const journal = new SyncJournal(laptop, new Map());
  journal.adopt(team.held);
  return journal;
}
