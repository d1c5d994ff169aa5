/**
 * Laptops that sync, for the engine tests of issue 21: each a real engine over a memory store,
 * with its journal, its PouchDB memory database and its sync session, seeded from one world.
 * `reconnect` is what coming back online does: drain, replicate both ways, take in.
 */
import PouchDB from 'pouchdb-core';
import memory from 'pouchdb-adapter-memory';
import replication from 'pouchdb-replication';
import type { Action } from '../../worker/api';
import { createEngine, type Engine } from '../../worker/engine/engine';
import { memoryStore, OUTBOX_KIND, type MemoryStore } from '../../worker/engine/store/worldStore';
import { openJournal } from '../../worker/sync/drainer';
import { SyncJournal } from '../../worker/sync/journal';
import type { OutboxRecord } from '../../worker/sync/outbox';
import { SyncSession } from '../../worker/sync/syncSession';
import { bootInput } from './engineHarness';
import { ManualClock } from './manualClock';
import { T0 } from './builders';

PouchDB.plugin(memory).plugin(replication);
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
}

/** A laptop that has joined a world seeded from `world` (all.json's shape), signed in as `email`. */
export async function laptop(name: string, email: string, world: string, clock = new ManualClock(T0)): Promise<Laptop> {
  const store = memoryStore();
  const journal = new SyncJournal(name, new Map());
  let n = 0;
  const engine = createEngine({ clock, store, newId: () => `${name}-${++n}`, loadText: async () => world });
  await engine.boot(bootInput());
  await engine.dispatch({ type: 'login', email, password: 'demo' });
  // As Settings → Team sync joins: signed in first, the journal attached, then the world seeded.
  engine.attachSync(journal);
  const db = new PouchDB(`laptops-${++names}`, { adapter: 'memory' });
  const session = await SyncSession.seed(engine, store, db, journal);
  return { name, email, engine, store, clock, db, session, world };
}

/**
 * The leading tab closes and the next one leads: a new engine and session over the same store and
 * database, going on from what is stored. Answers the laptop as the new tab has it.
 */
export async function handover(l: Laptop): Promise<Laptop> {
  l.engine.stop();
  await l.engine.settled();
  const journal = await openJournal(l.store, l.name);
  let n = 0;
  const engine = createEngine({ clock: l.clock, store: l.store, newId: () => `${l.name}-next-${l.clock.now()}-${++n}`, loadText: async () => l.world, sync: journal });
  await engine.boot(bootInput());
  const session = await SyncSession.open(engine, l.store, l.db, journal);
  return { ...l, engine, session };
}

/** Both drain, the databases replicate both ways, and both take in. */
export async function reconnect(...laptops: Laptop[]): Promise<void> {
  for (const l of laptops) await l.session.drain();
  for (const a of laptops) for (const b of laptops) if (a !== b) await PouchDB.replicate(a.db, b.db);
  for (const l of laptops) await l.session.takeIn();
}

/**
 * A laptop's export, without the stamp of when it last saved, nor its history's entries: each
 * laptop's own until team sync carries them too (docs/history.md#sync).
 */
export async function exported(l: Laptop): Promise<Record<string, unknown>> {
  const { savedAt: _s, history, ...world } = JSON.parse(await l.engine.exportWorld()) as Record<string, unknown> & { history?: Record<string, unknown> };
  if (history) {
    const { entries: _e, ...start } = history;
    world.history = start;
  }
  return world;
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
