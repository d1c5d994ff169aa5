/**
 * Laptops that sync, for the engine tests of issue 21: each a real engine over a memory store,
 * with its journal, its PouchDB memory database and its sync session, seeded from one world.
 * `reconnect` is what coming back online does: drain, replicate both ways, take in.
 */
import PouchDB from './pouch';
import type { Action } from '../../worker/api';
import { createEngine, type Engine } from '../../worker/engine/engine';
import { OUTBOX_KIND } from '../../worker/sync/records';
import { memoryStore, type MemoryStore } from '../../worker/engine/store/worldStore';
import { openJournal } from '../../worker/sync/out/drainer';
import { enginePort } from '../../worker/sync/enginePort';
import { SyncJournal } from '../../worker/sync/out/journal';
import type { OutboxRecord } from '../../worker/sync/out/outbox';
import { SyncSession } from '../../worker/sync/syncSession';
import { bootInput } from './engineHarness';
import { comparableExport } from './comparableExport';
import { DATA_VERSION } from '../../worker/domain/constants';
import { ManualClock } from './manualClock';
import { T0 } from './builders';

let names = 0;

export interface Laptop {
  name: string;
  email: string;
  engine: Engine;
  store: MemoryStore;
  clock: ManualClock;
  db: PouchDB;
  session: SyncSession;
  world: string;
  /** the team account its documents are stamped with, where a team server checks them (none: the person signed in) */
  account?: string;
}

/**
 * A laptop that has joined a world seeded from `world` (all.json's shape), signed in as `email`;
 * with `account`, it then writes as that team account, as one signed in to a team server does.
 */
export async function laptop(name: string, email: string, world: string, clock = new ManualClock(T0), account?: string): Promise<Laptop> {
  const store = memoryStore();
  const journal = new SyncJournal(name, new Map());
  let n = 0;
  const engine = createEngine({ clock, store, newId: () => `${name}-${++n}`, loadText: async () => world });
  await engine.boot(bootInput());
  await engine.dispatch({ type: 'login', email, password: 'demo' });
  // As Settings → Team sync joins: signed in first, the journal attached, then its own world written as the team's.
  engine.attachSync(enginePort(journal));
  const db = new PouchDB(`laptops-${++names}`, { adapter: 'memory' });
  const session = await SyncSession.fromOwnWorld(engine, store, db, journal);
  // Seeded as the sample data, alike on every laptop, as a seeded team world is; written as the account from then on.
  journal.author = account ?? null;
  return { name, email, engine, store, clock, db, session, world, ...(account ? { account } : {}) };
}

/**
 * The leading tab closes and the next one leads: a new engine and session over the same store and
 * database, going on from what is stored. Answers the laptop as the new tab has it.
 */
export async function handover(l: Laptop): Promise<Laptop> {
  l.engine.stop();
  await l.engine.settled();
  const journal = await openJournal(l.store, l.name);
  journal.author = l.account ?? null;
  let n = 0;
  const engine = createEngine({ clock: l.clock, store: l.store, newId: () => `${l.name}-next-${l.clock.now()}-${++n}`, loadText: async () => l.world, sync: enginePort(journal) });
  await engine.boot(bootInput());
  const session = await SyncSession.open(engine, l.store, l.db, journal);
  return { ...l, engine, session };
}

/** A world with nothing in it, in all.json's shape: where a laptop that joins a world with data starts. */
const EMPTY_WORLD = JSON.stringify({ version: DATA_VERSION, index: { projects: {}, captures: {}, flightPlans: {}, surveys: {}, media: {}, drives: {}, users: {} } });

/**
 * A laptop that joins now (docs/sync.md#one-reading-of-a-team-document): an empty world, the team's
 * documents pulled from `from`'s database, and every one taken in by the inbox, as a join of a
 * world that was not seeded does. It must end with the world of the laptops that took the
 * changes one by one.
 */
export async function lateJoiner(from: Laptop, name = `late-${++names}`): Promise<Laptop> {
  const store = memoryStore();
  const journal = new SyncJournal(name, new Map());
  const engine = createEngine({ clock: from.clock, store, newId: () => `${name}-${from.clock.now()}`, loadText: async () => EMPTY_WORLD, sync: enginePort(journal) });
  await engine.boot(bootInput());
  await engine.dispatch({ type: 'login', email: from.email, password: 'demo' });
  const db = new PouchDB(`laptops-${++names}`, { adapter: 'memory' });
  await PouchDB.replicate(from.db, db);
  const session = await SyncSession.open(engine, store, db, journal);
  for (let r = await session.takeIn(); r.more || r.stale; r = await session.takeIn());
  return { name, email: from.email, engine, store, clock: from.clock, db, session, world: EMPTY_WORLD };
}

/**
 * All drain, the databases replicate both ways, and all take in, until none has anything left to
 * send: what a take writes (an answer to a refused version, docs/sync.md#what-is-not-taken) goes
 * out as live replication would send it.
 */
export async function reconnect(...laptops: Laptop[]): Promise<void> {
  for (let round = 0; round < 5; round++) {
    for (const l of laptops) await l.session.drain();
    for (const a of laptops) for (const b of laptops) if (a !== b) await PouchDB.replicate(a.db, b.db);
    for (const l of laptops) for (let r = await l.session.takeIn(); r.more || r.stale; r = await l.session.takeIn());
    if (laptops.every((l) => outboxOf(l.store).length === 0)) return;
  }
  throw new Error('the laptops still had changes to send after five rounds');
}

/** A laptop's export as the laptops of one team must agree on it (comparableExport.ts). */
export async function exported(l: Laptop): Promise<Record<string, unknown>> {
  return comparableExport(await l.engine.exportWorld());
}

/** The outbox records a laptop's store holds, oldest first. */
export function outboxOf(store: MemoryStore): OutboxRecord[] {
  return [...store.data]
    .filter(([key]) => key.startsWith(`${OUTBOX_KIND}\u0000`))
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, v]) => v as OutboxRecord);
}

export async function act(l: Laptop, action: Action): Promise<boolean> {
  return (await l.engine.dispatch(action)).ok;
}
