/**
 * Laptops that run team sync as the engine worker does (issues 21 and 33): each a real engine over
 * a memory store, signed in, with its own memory PouchDB, its own cookies (cookieFetch.ts) and a
 * TeamSync towards a test server over HTTP (scripts/syncServer.ts) that knows the team's accounts.
 * `cleanUp` stops every laptop and server a test made.
 */
import PouchDB from './pouch';
import { expect, vi } from 'vitest';
import { startSyncServer, type SyncServer, type SyncServerOptions } from '../../scripts/syncServer';
import type { Account } from '../../scripts/team/worlds';
import { cookieFetch } from '../../scripts/team/cookieFetch';
import { createEngine, type Engine } from '../../worker/engine/engine';
import { memoryStore } from '../../worker/engine/store/worldStore';
import { TeamSync } from '../../worker/sync/teamSync';
import { bootInput } from './engineHarness';
import { ManualClock } from './manualClock';
import { ANN, BOB, T0, aSurvey, aWorld } from './builders';

export const CLEO = 'cleo.diaz@example.com';
/** A test account's password. */
export const passwordOf = (name: string) => `pw-${name}`;
/**
 * The team's accounts on every test server: the laptops sign in to the team server as the people
 * they are. Each a data coordinator, held to no role (issue 52): tests of roles make their own.
 */
export const TEAM: readonly Account[] = [ANN, BOB, CLEO].map((name) => ({ name, password: passwordOf(name), roles: ['coordinator'] }));

/** A test server that knows the team's accounts, stopped by cleanUp. */
export async function teamServer(options: Partial<SyncServerOptions> = {}): Promise<SyncServer> {
  const server = await startSyncServer({ port: 0, users: TEAM, ...options });
  servers.push(server);
  return server;
}

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
  /** Joins team world `world` on the laptop's server (at /couch, or `server`), signed in as its person (or `as`). */
  join(world: string, how?: { as?: Account; server?: string }): ReturnType<TeamSync['join']>;
  engine: Engine;
  store: ReturnType<typeof memoryStore>;
  sync: TeamSync;
  reopen(): Promise<TeamSync>;
  nextTab(): TeamSync;
  /** Resolves once the server has answered the laptop's next question about its session (a renewal). */
  sessionAsked(): Promise<void>;
}

export async function laptop(origin: string, email: string, world = qcWorld()): Promise<TeamLaptop> {
  const store = memoryStore();
  const n = ++laptops;
  const engine = createEngine({ clock: new ManualClock(T0), store, newId: () => `tx-${n}-${crypto.randomUUID()}`, loadText: async () => world });
  await engine.boot(bootInput());
  await engine.dispatch({ type: 'login', email, password: 'demo' });
  // Each laptop's databases are its own: a name prefix per laptop, as each browser profile has its IndexedDB.
  // Its cookies are its own too, as a browser keeps them for the app's origin.
  const jar = cookieFetch();
  const Remote = PouchDB.defaults({ fetch: jar });
  const databases = async () => ({ Local: Local.defaults({ prefix: `laptop-${n}-` }), Remote });
  const trace = process.env.TRACE_SYNC ? (line: string) => console.log(`laptop-${n}: ${line}`) : undefined;
  const teamSync = (newId?: () => string) => new TeamSync(engine, store, databases, origin, newId, trace, jar);
  const sync = teamSync(() => `laptop-${n}`);
  syncs.push(sync);
  /** The tab closes and the laptop's next tab leads: its sync over the same store and databases. */
  let leading = sync;
  const reopen = async () => {
    await leading.stop();
    leading = teamSync();
    syncs.push(leading);
    await leading.start();
    return leading;
  };
  /** The next leading tab's team sync, not started. */
  const nextTab = () => {
    const next = teamSync();
    syncs.push(next);
    return next;
  };
  const join = (world: string, { as = { name: email, password: passwordOf(email) }, server = '/couch' }: { as?: Account; server?: string } = {}) =>
    leading.join(server, world, as.name, as.password);
  const sessionAsked = () =>
    new Promise<void>((done) => {
      const stop = jar.onAnswer((url) => url.endsWith('/_session') && (stop(), done()));
    });
  return { join, engine, store, sync, reopen, nextTab, sessionAsked };
}

/** Ann's and Bob's laptops, both joined to team world `world` on a server of their own. */
export async function twoJoined(world: string) {
  const server = await teamServer();
  await server.world(world);
  const a = await laptop(server.url, ANN);
  const b = await laptop(server.url, BOB);
  expect(await a.join(world)).toEqual({ ok: true });
  expect(await b.join(world)).toEqual({ ok: true });
  return { a, b, server };
}

/**
 * Apart (both laptops' sync stopped), Ann flags a frame Cloud and Bob flags it Blur; back together,
 * until both laptops show the one conflict.
 */
export async function flaggedTwoWaysApart(a: TeamLaptop, b: TeamLaptop, frame: { surveyId: string; line: number; camera: string; frame: number }): Promise<void> {
  await Promise.all([a.sync.stop(), b.sync.stop()]);
  expect((await a.engine.dispatch({ type: 'flagFrame', ...frame, reason: 'Cloud' })).ok).toBe(true);
  expect((await b.engine.dispatch({ type: 'flagFrame', ...frame, reason: 'Blur' })).ok).toBe(true);
  await a.sync.start();
  await b.sync.start();
  await until(() => expect([a.sync.status.conflicts, b.sync.status.conflicts]).toEqual([1, 1]), a, b);
}

/** What `until` watches: a laptop's team sync (its statuses) and its engine (its world and its history). */
export interface Watched {
  sync: Pick<TeamSync, 'statusChanges'>;
  engine: Pick<Engine, 'changes' | 'history'>;
}

/**
 * Resolves once `check` passes (returns anything but false, and throws nothing), looked at again
 * after each status a laptop's team sync tells and each change of its world or its history: no
 * polling and no wall time (docs/testing.md). A check that never passes ends with the test's own
 * timeout; the last thing it threw is printed.
 */
export function until(check: () => unknown, ...from: Watched[]): Promise<void> {
  return new Promise((done) => {
    const stops: (() => void)[] = [];
    let busy = false;
    let again = false;
    let last: unknown;
    const finish = () => {
      for (const stop of stops) stop();
      clearTimeout(report);
      done();
    };
    // Never a wait: only what to print if the test's own timeout ends it first.
    const report = setTimeout(() => console.log('until: still not passing:', last instanceof Error ? last.message : last), 9_000);
    const attempt = async (): Promise<void> => {
      if (busy) return void (again = true);
      busy = true;
      do {
        again = false;
        try {
          if ((await check()) !== false) return finish();
          last = 'the check answered false';
        } catch (error) {
          last = error;
        }
      } while (again);
      busy = false;
    };
    for (const w of from) {
      stops.push(w.sync.statusChanges.on(() => void attempt()));
      stops.push(w.engine.changes.on(() => void attempt()));
      stops.push(w.engine.history.changed.on(() => void attempt()));
    }
    void attempt();
  });
}
/**
 * The server's time, moved on by hand (the laptops run on their own clocks): a session cookie's
 * age is the server's Date.now(). Put back with `restore`.
 */
export function serverTime() {
  const real = Date.now.bind(Date);
  let skew = 0;
  const spy = vi.spyOn(Date, 'now').mockImplementation(() => real() + skew);
  return {
    passes: (ms: number) => void (skew += ms),
    restore: () => spy.mockRestore(),
  };
}
