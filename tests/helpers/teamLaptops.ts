/**
 * Laptops that run team sync as the engine worker does (issue 21): each a real engine over a memory
 * store, signed in, with its own memory PouchDB and a TeamSync towards a test server over HTTP
 * (scripts/syncServer.ts). `cleanUp` stops every laptop and server a test made.
 */
import PouchDB from './pouch';
import { expect } from 'vitest';
import { startSyncServer, type SyncServer } from '../../scripts/syncServer';
import { createEngine, type Engine } from '../../worker/engine/engine';
import { memoryStore } from '../../worker/engine/store/worldStore';
import { TeamSync } from '../../worker/sync/teamSync';
import { bootInput } from './engineHarness';
import { ManualClock } from './manualClock';
import { ANN, BOB, T0, aSurvey, aWorld } from './builders';

const Local = PouchDB.defaults({ adapter: 'memory' });

export function qcWorld(description = '') {
  const w = aWorld();
  aSurvey(w, { surveyId: 's-qc', mediaId: 'M1', stage: 'survey-qc', qc: 'started' });
  if (description) (w.index.captures as Record<string, { description?: string }>)['cap-1']!.description = description;
  return JSON.stringify(w);
}

let laptops = 0;
export const servers: SyncServer[] = [];
const syncs: TeamSync[] = [];
/** Stops every laptop's sync and every server the test started. */
export async function cleanUp(): Promise<void> {
  for (const s of syncs.splice(0)) await s.stop();
  for (const s of servers.splice(0)) await s.close();
}

export interface TeamLaptop {
  engine: Engine;
  store: ReturnType<typeof memoryStore>;
  sync: TeamSync;
  reopen(): Promise<TeamSync>;
  nextTab(): TeamSync;
}

export async function laptop(origin: string, email: string, world = qcWorld()): Promise<TeamLaptop> {
  const store = memoryStore();
  const n = ++laptops;
  const engine = createEngine({ clock: new ManualClock(T0), store, newId: () => `tx-${n}-${crypto.randomUUID()}`, loadText: async () => world });
  await engine.boot(bootInput());
  await engine.dispatch({ type: 'login', email, password: 'demo' });
  // Each laptop's databases are its own: a name prefix per laptop, as each browser profile has its IndexedDB.
  const databases = async () => ({ Local: Local.defaults({ prefix: `laptop-${n}-` }), Remote: PouchDB });
  const sync = new TeamSync(engine, store, databases, origin, () => `laptop-${n}`);
  syncs.push(sync);
  /** The tab closes and the laptop's next tab leads: its sync over the same store and databases. */
  let leading = sync;
  const reopen = async () => {
    await leading.stop();
    leading = new TeamSync(engine, store, databases, origin);
    syncs.push(leading);
    await leading.start();
    return leading;
  };
  /** The next leading tab's team sync, not started. */
  const nextTab = () => {
    const next = new TeamSync(engine, store, databases, origin);
    syncs.push(next);
    return next;
  };
  return { engine, store, sync, reopen, nextTab };
}

/** Ann's and Bob's laptops, both joined to team world `world` on a server of their own. */
export async function twoJoined(world: string) {
  const server = await startSyncServer({ port: 0 });
  servers.push(server);
  const a = await laptop(server.url, ANN);
  const b = await laptop(server.url, BOB);
  expect(await a.sync.join('/couch', world)).toEqual({ ok: true });
  expect(await b.sync.join('/couch', world)).toEqual({ ok: true });
  return { a, b };
}

