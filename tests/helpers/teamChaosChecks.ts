/**
 * What must hold of a team at a quiet point (issue 49, docs/sync.md#the-team-under-random-schedules):
 * every link up and every laptop idle, then
 * - every joined laptop says Up to date, and its database holds the server's every winner;
 * - every joined laptop's world is equal, leaving out what a laptop keeps of its own;
 * - every change a laptop confirmed is on the server (so in every world that equals it), or named
 *   there as refused (its person's role no longer allows it);
 * - the same conflicts on every laptop, and the same refusals and waits named;
 * - no document waits on something the server holds.
 * Each failure says what differs, in words; the property prints the steps that led there.
 */
import PouchDB from './pouch';
import { comparableExport } from './comparableExport';
import type { ChaosLaptop, Team } from './teamChaos';
import { QUIET_BOUND_MS } from './teamChaos';
import { passwordOf } from './teamLaptops';
import { isDeepStrictEqual } from 'node:util';
import type { SyncSession } from '../../worker/sync/syncSession';
import { nothingMoves, type SyncFacts } from '../../worker/sync/syncStatus';

const Local = PouchDB.defaults({ adapter: 'memory' });

/** What a laptop's status is made of (`syncStatus`), looked into: why a laptop that is not settled says what it says. */
function factsOf(l: ChaosLaptop): string {
  const f = (l.sync as unknown as { facts?: Record<string, unknown> }).facts ?? {};
  const told = ['server', 'note', 'failure', 'behind', 'asking', 'undrained', 'receiving', 'joining', 'denied'].filter((k) => f[k] !== undefined && f[k] !== null && f[k] !== false && f[k] !== 0);
  return told.map((k) => `${k} ${JSON.stringify(f[k])}`).join(', ') || 'nothing';
}

/** The laptop's sync session, looked into (what waits for what is not shown to a person by id). */
const sessionOf = (l: ChaosLaptop) => (l.sync as unknown as { link: { session: SyncSession } | null }).link?.session;

/** How long nothing may change before the clock is moved on (a retry on the engine's clock: the session's renewal, sending again what the server lost). */
const NUDGE_AFTER_MS = Number(process.env.SYNC_CHAOS_NUDGE_MS ?? 1_000);
/** How long a quiet team is looked at again before it counts as quiet. */
const CALM_MS = 50;
/** What a nudge moves the clock by: past every retry sync waits for on the engine's clock. */
const NUDGE_MS = 11_000;

function fail(why: string): never {
  throw new Error(why);
}

/** The laptop's own database of the team world (the memory adapter shares it by name). */
const databaseOf = (team: Team, l: ChaosLaptop) => new (Local.defaults({ prefix: `${team.id}-${l.name}-` }))(`team-${team.world}`);

/** The winning revision of every document in a database, leaving out its own (`_local`) and the team's design documents. */
async function winners(db: PouchDB): Promise<Map<string, string>> {
  const { rows } = await db.allDocs({ startkey: '', endkey: '\uffff' });
  return new Map(rows.filter((r) => !r.id.startsWith('_')).map((r) => [r.id, r.value.rev]));
}

/**
 * Waits for `work` (a step: a join, a reload), moving the engine's clock on while it runs, as time
 * passes for a person (stopping a replication waits for it on the clock); a step that never ends
 * is a failure, not a hang.
 */
export async function stepped<T>(team: Team, what: string, work: Promise<T>): Promise<T> {
  const started = Date.now();
  const done = work.then((value) => ({ value }));
  for (;;) {
    const over = await Promise.race([done, new Promise<null>((wake) => setTimeout(() => wake(null), NUDGE_AFTER_MS))]);
    if (over) return over.value;
    if (Date.now() - started > QUIET_BOUND_MS) fail(`${what} still runs after ${QUIET_BOUND_MS} ms`);
    team.clock.advance(NUDGE_MS);
    for (const l of team.laptops) l.engine.tick();
  }
}

/** Every link up: the vans back on the network, joins and leaves over, each signed-out laptop signed in again. */
async function linksUp(team: Team): Promise<void> {
  for (const l of team.laptops) {
    if (l.cut) {
      await team.van(l, 'restore');
      l.cut = false;
      l.sync.connectivity(true);
    }
  }
  // Joins, leaves and sign-ins over. A leave waits for what is being sent on the engine's clock:
  // the clock is moved on while they run, and a wait that never ends is a failure, not a hang.
  const started = Date.now();
  for (;;) {
    const pending = team.laptops.flatMap((l) => [...l.pending]);
    if (!pending.length) return;
    const over = await Promise.race([Promise.all(pending).then(() => true), new Promise<false>((done) => setTimeout(() => done(false), NUDGE_AFTER_MS))]);
    if (over) continue;
    if (Date.now() - started > QUIET_BOUND_MS) fail(`a join, leave or sign-in still runs after ${QUIET_BOUND_MS} ms`);
    team.clock.advance(NUDGE_MS);
    for (const l of team.laptops) l.engine.tick();
  }
}

/**
 * Whether a laptop is settled: joined and up to date, in no team world, or told by the server that
 * it refuses documents this laptop holds (a server that lost the world cannot be given back what
 * a member who is gone wrote: no one writes in another's name).
 */
function settledLaptop(l: ChaosLaptop): boolean {
  const s = l.sync.status;
  return s.state === 'off' || (s.state === 'up-to-date' && s.unsent === 0) || refused(l);
}

/**
 * The server refused documents this laptop holds, the laptop says so, and nothing else goes on:
 * its status says Sync error over the rest, so what it still sends (a world given back to a server
 * that lost it) is read from its facts, as Up to date reads them (syncStatus.ts).
 */
function refused(l: ChaosLaptop): boolean {
  const denied = sessionOf(l)?.notTaken.denied() ?? 0;
  return denied > 0 && l.sync.status.state === 'error' && nothingMoves((l.sync as unknown as { facts: SyncFacts }).facts);
}

/**
 * Waits until every joined laptop says Up to date and all joined worlds agree, signing in again
 * the laptops whose session ended; moves the clock on when nothing has changed for a while (a
 * retry waits on it). Answers whether it settled within the bound.
 */
async function settle(team: Team): Promise<boolean> {
  const started = Date.now();
  let lastChange = Date.now();
  let calm = -1;
  const stops = team.laptops.flatMap((l) => [l.sync.statusChanges.on(() => (lastChange = Date.now())), l.engine.changes.on(() => (lastChange = Date.now()))]);
  // The server's world is watched too: a laptop that says Sync error (the server refused what it
  // holds) counts as settled, yet its replication may still be writing there (a settling
  // tombstone), with no status of any laptop changing meanwhile.
  const admin = team.as(team.server.admin.name);
  let serverSeq: unknown = null;
  try {
    for (;;) {
      const seq = (await admin.info().catch(() => null))?.update_seq ?? null;
      if (seq !== serverSeq) {
        serverSeq = seq;
        lastChange = Date.now();
      }
      for (const l of team.laptops) {
        if (l.sync.status.state === 'signed-out' && !l.pending.size) l.beside(l.sync.signIn(l.email, passwordOf(l.email)));
        if (l.sync.status.state === 'error' && !l.pending.size && /sign in/i.test(l.sync.status.error ?? '')) l.beside(l.sync.signIn(l.email, passwordOf(l.email)));
      }
      const now = team.laptops.every((l) => !l.pending.size && settledLaptop(l)) && (await worldsAgree(team)) && !(await databasesHeldBack(team));
      // Quiet is what stays so: once again after a moment with nothing told meanwhile (a pause's check, a renewal).
      if (now && calm === lastChange) return true;
      calm = now ? lastChange : -1;
      if (Date.now() - started > QUIET_BOUND_MS) {
        // Checked all the same; what held the quiet back is told, with the steps so far, to replay.
        console.error(`${new Date().toISOString()} not quiet after ${QUIET_BOUND_MS} ms: ${team.laptops.map((l) => `${l.name} ${l.sync.status.state}${l.pending.size ? ', joining or leaving' : ''}${settledLaptop(l) ? '' : ` (${factsOf(l)})`}`).join('; ')}; worlds agree: ${await worldsAgree(team)}; databases agree: ${(await databasesHeldBack(team)) || 'true'}, ${(await databasesDiffer(team)) || 'no difference of leaves'}; ${team.laptops.length} laptops, the steps so far: ${team.ran.join(',')}`);
        return false;
      }
      if (Date.now() - lastChange > NUDGE_AFTER_MS) {
        team.clock.advance(NUDGE_MS);
        for (const l of team.laptops) l.engine.tick();
        // A replication backing off after the server went away tries again now, as at the browser's online event.
        for (const l of team.laptops) if (!settledLaptop(l) && l.sync.status.state !== 'signed-out') l.sync.connectivity(true);
        lastChange = Date.now();
      }
      await new Promise((done) => setTimeout(done, CALM_MS));
    }
  } finally {
    for (const stop of stops) stop();
  }
}

/** The laptops that say Up to date: each must hold the server's world, and all the same. */
const upToDateOf = (team: Team) => team.laptops.filter((l) => l.joined && !refused(l));

/**
 * A laptop's world as the team must agree on it: without what is its own, when it loaded its world
 * and when its record of history begins (it loaded, or joined a world that was not seeded: the
 * derived entries before it are summed up, docs/sync.md#the-team-under-random-schedules).
 */
async function exportOf(l: ChaosLaptop): Promise<Record<string, unknown>> {
  l.engine.tick();
  const world = comparableExport(await l.engine.exportWorld(), { loadedAt: false });
  const { since: _since, ...history } = (world.history ?? {}) as Record<string, unknown>;
  return { ...world, history };
}

async function worldsAgree(team: Team): Promise<boolean> {
  const joined = upToDateOf(team);
  if (joined.length < 2) return true;
  const first = await exportOf(joined[0]!);
  for (const l of joined.slice(1)) if (!isDeepStrictEqual(await exportOf(l), first)) return false;
  return true;
}

type LeafDoc = { _deleted?: boolean; resolved?: unknown; _revisions?: { start: number; ids: string[] } };

/** Every revision of a document the database knows (of the leaves `which` picks): its leaves and their ancestors. */
async function revisionsOf(db: PouchDB, id: string, which: (leaf: LeafDoc) => boolean = () => true): Promise<Set<string>> {
  const leaves = (await db.get(id, { revs: true, open_revs: 'all' } as never).catch(() => [])) as unknown as { ok?: LeafDoc }[];
  const known = new Set<string>();
  for (const leaf of leaves) {
    if (!leaf.ok || !which(leaf.ok)) continue;
    const revisions = leaf.ok._revisions;
    if (revisions) revisions.ids.forEach((hash, i) => known.add(`${revisions.start - i}-${hash}`));
  }
  return known;
}

/** Every revision standing in a database (each document's leaves, removals among them): two databases that replicated both ways and are quiet hold the same. */
async function leaves(db: PouchDB): Promise<Map<string, string>> {
  const { results } = await db.changes({ since: 0, style: 'all_docs' });
  return new Map(results.map((r) => [r.id, r.changes.map((c) => c.rev).sort().join(' ')]));
}

/**
 * What keeps replication from being done, in words, or '' once it has nothing left to move and the
 * worlds have read it all: every joined laptop's database holds the server's every revision and no
 * other (one the server refuses: no fewer), and its take has read to the end of it (replication
 * may have written a batch it has not told of yet).
 */
async function databasesHeldBack(team: Team): Promise<string> {
  const server = await leaves(team.as(team.server.admin.name)).catch(() => null);
  if (!server) return 'the server does not answer';
  for (const l of upToDateOf(team)) {
    const db = databaseOf(team, l);
    if (!(await holdsTheServers(db, server))) return `${l.name} does not hold the server's revisions`;
    if (!(await readToTheEnd(l, db))) return `${l.name} has not read its database to the end`;
  }
  // A laptop the server refuses holds more than the server, yet it too is idle only once it holds
  // every revision the server does and has read them all: until then it may still write (settle).
  for (const l of team.laptops.filter((l) => l.joined && refused(l))) {
    const db = databaseOf(team, l);
    const asked = Object.fromEntries([...server].map(([id, revs]) => [id, revs.split(' ')]));
    // Not revsDiff's word alone: it counts a revision held only as the parent of a later one (its
    // body never here, come as that one's path) as missing, and a laptop holding a teammate's later
    // version it cannot give back (a server restored from an older backup) holds it so for good.
    for (const id of Object.keys(await db.revsDiff(asked))) {
      const held = await revisionsOf(db, id);
      if (asked[id]!.some((rev) => !held.has(rev))) return `${l.name} (refused) lacks revisions the server holds`;
    }
    if (!(await readToTheEnd(l, db))) return `${l.name} (refused) has not read its database to the end`;
  }
  return '';
}

/**
 * The laptop's database holds every revision the server does, and more only by settling tombstones
 * the server refused: each closes a version that server never held (it lost the world since), or
 * one the laptop's person may not close (a technician's laptop settling the team's speed), and is
 * no one's to send again (quietChecks). A version the server holds standing may so be, on the
 * laptop, the parent of such a tombstone.
 */
async function holdsTheServers(db: PouchDB, server: ReadonlyMap<string, string>): Promise<boolean> {
  const mine = await leaves(db);
  for (const id of new Set([...server.keys(), ...mine.keys()])) {
    if (server.get(id) === mine.get(id)) continue;
    const here = new Set((mine.get(id) ?? '').split(' '));
    const theirs = (server.get(id) ?? '').split(' ').filter(Boolean);
    const closedHere = theirs.filter((rev) => !here.has(rev));
    if (closedHere.length) {
      const held = await revisionsOf(db, id);
      if (closedHere.some((rev) => !held.has(rev))) return false;
    }
    for (const rev of here) {
      if (!rev || theirs.includes(rev)) continue;
      const leaf = (await db.get(id, { rev }).catch(() => null)) as LeafDoc | null;
      if (!leaf?._deleted || leaf.resolved !== true) return false;
    }
  }
  return true;
}

/** Where the databases differ, told (SYNC_CHAOS_TRACE): each laptop's first difference from the server, or ''. */
async function databasesDiffer(team: Team): Promise<string> {
  const server = await leaves(team.as(team.server.admin.name)).catch(() => null);
  if (!server) return 'the server does not answer';
  const told: string[] = [];
  for (const l of team.laptops.filter((l) => l.joined)) {
    const db = databaseOf(team, l);
    const mine = await leaves(db);
    const missing = [...server].find(([id, revs]) => revs.split(' ').some((rev) => !(mine.get(id) ?? '').split(' ').includes(rev)));
    const more = [...mine].find(([id, revs]) => revs.split(' ').some((rev) => !(server.get(id) ?? '').split(' ').includes(rev)));
    const read = (sessionOf(l) as unknown as { checkpoint?: number | string } | undefined)?.checkpoint;
    const end = (await db.info()).update_seq;
    const parts = [
      missing ? `lacks ${missing[0]} at ${missing[1]} (holds ${mine.get(missing[0]) ?? 'nothing'})` : '',
      more ? `holds more of ${more[0]}: ${more[1]} (the server ${server.get(more[0]) ?? 'nothing'})` : '',
      read !== end ? `its take read to ${String(read)} of ${String(end)}` : '',
    ].filter(Boolean);
    if (parts.length) told.push(`${l.name}${refused(l) ? ' (refused)' : ''} ${parts.join(', ')}`);
  }
  return told.join('; ');
}

/** The laptop's take has read its database to the end. */
async function readToTheEnd(l: ChaosLaptop, db: PouchDB): Promise<boolean> {
  const read = (sessionOf(l) as unknown as { checkpoint?: number | string } | undefined)?.checkpoint;
  return read === (await db.info()).update_seq;
}

/** Describes the first difference between two exports. */
function firstDifference(a: unknown, b: unknown, path = ''): string {
  if (isDeepStrictEqual(a, b)) return '';
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return `${path || 'the world'}: ${JSON.stringify(a)?.slice(0, 300)} ≠ ${JSON.stringify(b)?.slice(0, 300)}`;
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const found = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}.${key}`);
    if (found) return found;
  }
  return path;
}

/** Brings the team to a quiet point and checks that its world holds; answers how many conflicts stand. */
export async function quietChecks(team: Team): Promise<{ conflicts: number }> {
  await linksUp(team);
  const started = Date.now();
  const settled = await settle(team);
  team.settled.push(Date.now() - started);
  const joined = upToDateOf(team);
  for (const l of joined) {
    const s = l.sync.status;
    if (s.state !== 'up-to-date' || s.unsent !== 0) fail(`${l.name} says ${s.state} (${s.unsent} unsent${s.error ? `: ${s.error}` : ''}) at a quiet point${settled ? '' : `, still after ${QUIET_BOUND_MS} ms`}; what it knows: ${factsOf(l)}`);
  }
  const admin = team.as(team.server.admin.name);
  const server = await winners(admin);
  // A settling closes versions beside the one it keeps: it never removes a document from the team's world.
  const { results } = await admin.changes({ since: 0, include_docs: true });
  for (const r of results) {
    if (!r.doc?._deleted || (r.doc as LeafDoc).resolved !== true) continue;
    const live = await revisionsOf(admin, r.id, (leaf) => leaf.resolved !== true);
    if (!live.size) fail(`the server's ${r.id} was removed by a settling alone (its last version closed, none kept)`);
  }
  for (const l of joined) {
    const mine = await winners(databaseOf(team, l));
    for (const [id, rev] of server) if (mine.get(id) !== rev) fail(`${l.name} says Up to date, but its database holds ${id} at ${mine.get(id) ?? 'nothing'} where the server holds ${rev}`);
    for (const [id, rev] of mine) if (!server.has(id)) fail(`${l.name} says Up to date, but holds ${id} at ${rev}, which the server does not`);
  }
  if (joined.length > 1) {
    const first = await exportOf(joined[0]!);
    for (const l of joined.slice(1)) {
      const other = await exportOf(l);
      if (!isDeepStrictEqual(other, first)) fail(`${l.name}'s world differs from ${joined[0]!.name}'s at ${firstDifference(first, other)}`);
    }
  }
  // Every change a laptop confirmed is on the server: a version standing, or the ancestor of one
  // (a later change superseded it before it was sent, or it lost a conflict that was settled). A
  // version a person settled away is no one's to send again: its closing tombstone, refused by a
  // server that lost the world (it closes a version that server never held), is kept by the laptop.
  // What the server refused (a role changed while the laptop was away: issue 52) is named on the
  // laptop that holds it, with the reason, and kept there: refused, never lost in silence.
  for (const l of team.laptops) {
    const named = new Set(l.joined ? (sessionOf(l)?.notTaken.deniedList() ?? []) : []);
    for (const [id, revs] of l.confirmed) {
      if (named.has(id)) continue;
      const known = await revisionsOf(admin, id);
      const settledAway = await revisionsOf(databaseOf(team, l), id, (leaf) => leaf._deleted === true && leaf.resolved === true);
      const lost = [...revs].filter((rev) => !known.has(rev) && !settledAway.has(rev));
      if (lost.length) fail(`${l.name} confirmed changes the server does not hold: ${id} ${lost.join(', ')}; it says ${l.sync.status.state} (${l.sync.status.error ?? ''}), holds ${[...(await revisionsOf(databaseOf(team, l), id))].join(' ') || 'nothing'} of it, refused ${[...named].join(' ') || 'nothing'}, knows: ${factsOf(l)}`);
    }
  }
  // The same conflicts, refusals and waits on every laptop.
  let conflicts = 0;
  if (joined.length) {
    const said = async (l: ChaosLaptop) => {
      const open = (await l.sync.conflicts()).map((c) => c.id).sort();
      const notTaken = (await l.sync.notTaken()).listed.filter((n) => n.state !== 'denied').map((n) => `${n.id} ${n.state}`).sort();
      return { conflicts: open, notTaken };
    };
    const first = await said(joined[0]!);
    conflicts = first.conflicts.length;
    for (const l of joined.slice(1)) {
      const other = await said(l);
      if (!isDeepStrictEqual(other, first)) fail(`${l.name} names other conflicts or changes not taken than ${joined[0]!.name}: ${JSON.stringify(other)} against ${JSON.stringify(first)}`);
    }
    // Nothing waits on what the server holds.
    for (const l of joined) {
      for (const [id, entry] of sessionOf(l)?.notTaken.listed() ?? []) {
        if (entry.state !== 'waiting') continue;
        for (const need of entry.needs ?? []) if (server.has(need)) fail(`${l.name}: ${id} waits for ${need}, which the server holds`);
      }
    }
  }
  return { conflicts };
}

/** The revisions a laptop confirmed that are no longer anyone's to send (the server lost them while no laptop of the team held them). */
export function forgetUnsendable(team: Team): void {
  for (const l of team.laptops) if (!l.joined) l.confirmed.clear();
}
