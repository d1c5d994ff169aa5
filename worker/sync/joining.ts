/**
 * Joining a team world (issue 21, docs/sync.md#joining-leaving-switching-worlds): what a person
 * types, checked, and a world with data taken as this laptop's. A seeded world is restored here
 * from the console's own sample (docs/sync.md#seeding-a-team-world) and only what changed since
 * is pulled; any other world's every body is pulled. Either way the world and every held revision
 * land in one commit.
 */
import { deriveAll } from '../domain/derive';
import { restore } from '../domain/restore';
import type { Db } from '../domain/dataFile';
import type { Engine } from '../engine/engine';
import type { WorldBatch, WorldStore } from '../engine/store/worldStore';
import { INBOX_KIND, SYNC_KINDS, TEAM_SETTINGS_ID } from './records';
import { heldPacks } from './doc/heldStore';
import { SyncJournal } from './out/journal';
import type { Held } from './doc/held';
import { SEED_ID } from './doc/docIds';
import { isSeed, SEED_SOURCE, SEED_SPEED, seededWorld, worldDocs, type Seed, type WorldDocs } from './seed';
import type PouchDB from 'pouchdb-core';
import { pullSource } from './link/pullSource';

export interface TeamSettings {
  server: string;
  world: string;
  laptop: string;
  /** the id of the team world's database on the server, as this laptop knows it (worldIdentity.ts) */
  identity?: string;
  /** the seed this laptop restored its world from: what it sends again to a server that lost it */
  seed?: Seed;
  /** the team account this laptop syncs as (its session's; the password is never kept) */
  account?: string;
  /** its roles, as the server's session said them at join or the last sign-in (issue 52); none kept: the laptop holds no role, the server does */
  roles?: string[];
}

/** The store's record of the laptop's team settings (kept with the world, so the next leading tab goes on). */
export const settingsRecord = (settings: TeamSettings): WorldBatch['put'][number] => ({ kind: INBOX_KIND, id: TEAM_SETTINGS_ID, record: { o: 0, ...settings } });

/**
 * Leaving a team world: sync's records go (the held revisions, the inbox and the settings, the
 * outbox, what was not taken); the world stays. `ifAny`: no commit when none is left (a laptop in
 * no team world, opened: what a leave cut short by a closed tab left behind goes then).
 */
export async function forgetTeamWorld(store: Pick<WorldStore, 'readKind' | 'commit'>, { ifAny = false }: { ifAny?: boolean } = {}): Promise<void> {
  const del: WorldBatch['del'] = [];
  for (const kind of SYNC_KINDS) for (const [id] of await store.readKind(kind)) del.push({ kind, id });
  if (ifAny && !del.length) return;
  await store.commit({ put: [], del });
}

/**
 * A leave's point of no return (docs/sync.md#joining-leaving-switching-worlds): the settings go in
 * the turn sync is turned off, before the link stops (which waits on the server), so a tab closed
 * meanwhile opens in no team world. Kept, they would start sync again over a world whose changes
 * since were never journaled (docs/sync-log.md, 2026-11-29).
 */
export async function forgetSettings(store: Pick<WorldStore, 'commit'>): Promise<void> {
  await store.commit({ put: [], del: [{ kind: INBOX_KIND, id: TEAM_SETTINGS_ID }] });
}

/** The laptop's team settings as its store keeps them; null when it is in no team world. */
export async function storedSettings(store: Pick<WorldStore, 'readKind'>): Promise<TeamSettings | null> {
  const [found] = (await store.readKind(INBOX_KIND)).filter(([id]) => id === TEAM_SETTINGS_ID);
  const s = found?.[1];
  if (!s || typeof s.server !== 'string' || typeof s.world !== 'string' || typeof s.laptop !== 'string') return null;
  return {
    server: s.server,
    world: s.world,
    laptop: s.laptop,
    ...(typeof s.identity === 'string' ? { identity: s.identity } : {}),
    ...(isSeed(s.seed) ? { seed: s.seed } : {}),
    ...(typeof s.account === 'string' ? { account: s.account } : {}),
    ...(Array.isArray(s.roles) ? { roles: s.roles.filter((r): r is string => typeof r === 'string') } : {}),
  };
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
  settings: TeamSettings;
  trace: (line: string) => void;
}

/**
 * The team's world (it has data) as this laptop's: answers the journal of the revisions held. A
 * seeded world is restored here and what changed since is pulled; any other world is pulled whole
 * and this laptop starts from an empty world, which the inbox then fills from the laptop's
 * database exactly as it takes any change (docs/sync.md#one-reading-of-a-team-document): a laptop
 * that joins late ends with the world of one that took the changes one by one.
 */
export async function takeTeamWorld(join: TakingTeamWorld): Promise<{ journal: SyncJournal; settings: TeamSettings }> {
  const { local, remote, Pouch, engine } = join;
  const seeded = await seededWorldHere(join);
  if (seeded) return adopt(join, seeded, 0);
  await Pouch.replicate(pullSource(Pouch, remote), local, { batch_size: PULL_BATCH });
  const empty = restore({ version: engine.world.version, index: { projects: {}, captures: {}, flightPlans: {}, surveys: {}, media: {}, drives: {}, users: {} } }, engine.clock.now());
  if (!empty.ok) throw new Error(empty.error);
  return adopt(join, { db: empty.db, held: new Map(), speed: engine.world.flags.speed }, 0);
}

/** A team world ready to be this laptop's: the world, every document's held revision, the speed. */
interface TeamWorld {
  db: Db;
  held: Map<string, Held>;
  speed: number;
  /** the seed it was restored from, if it was */
  seed?: Seed;
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
 * surveys in Chromium that spared 4.4 s of a 44 s join (docs/sync-log.md#what-was-measured).
 */
async function seededWorldHere({ engine, remote, local, Pouch, settings, trace }: TakingTeamWorld): Promise<TeamWorld | null> {
  const seed = await remote.get(SEED_ID).catch(() => null);
  if (!isSeed(seed) || seed.source !== SEED_SOURCE) return null;
  let db: Db;
  let ours: WorldDocs;
  try {
    db = seededWorld(await engine.sampleText(), seed.at);
    ours = worldDocs(db);
  } catch (error) {
    trace(`the seed cannot be followed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
  if (ours.digest !== seed.digest) {
    trace(`the seed names other data (${seed.docs} documents, ${ours.docs.length} here): every body is pulled`);
    return null;
  }
  // The seed's position is one in the database it was written in (docs/sync.md#positions-belong-to-their-database):
  // in a copy of it (a backup restored, a replication elsewhere) the pull starts from the start.
  const sameDatabase = seed.identity !== undefined && seed.identity === settings.identity;
  // `since` is also kept as the pull's checkpoint: live replication goes on from there.
  const pulled = await Pouch.replicate(pullSource(Pouch, remote), local, sameDatabase ? { since: seed.since, batch_size: PULL_BATCH } : { batch_size: PULL_BATCH });
  trace(`joined from the seed: ${ours.docs.length} documents restored here, ${pulled.docs_written} pulled${sameDatabase ? '' : ' from the start (the seed was made in another database)'}`);
  const now = engine.clock.now();
  deriveAll(db.index, now, SEED_SPEED);
  const { _rev: _r, ...kept } = seed as Seed & { _rev?: string };
  // Every laptop of a seeded world says its entities were loaded with the sample data at the seed's instant (docs/history.md#sync).
  return { db: { ...db, version: engine.world.version, loadedAt: now, history: { since: seed.at, origin: 'sample' } }, held: ours.held, speed: SEED_SPEED, seed: kept };
}

/** The world and the revisions held, in one commit; the take's checkpoint starts at `since`. */
async function adopt({ engine, settings }: TakingTeamWorld, team: TeamWorld, since: number | string): Promise<{ journal: SyncJournal; settings: TeamSettings }> {
  const kept: TeamSettings = team.seed ? { ...settings, seed: team.seed } : settings;
  const put: WorldBatch['put'] = [settingsRecord(kept), ...heldPacks(team.held)];
  put.push({ kind: INBOX_KIND, id: 'position', record: { o: 0, since, conflicted: [] } });
  await engine.team.adoptWorld(team.db, put, team.speed);
  const journal = new SyncJournal(settings.laptop, new Map());
  journal.adopt(team.held);
  return { journal, settings: kept };
}
