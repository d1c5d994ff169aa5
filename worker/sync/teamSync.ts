/**
 * Team sync in the leading tab's engine worker (issue 21, docs/sync.md#in-the-worker): joins a
 * team world on a CouchDB server and leaves it, keeps the laptop's PouchDB replicating with the
 * server's (live, retrying while offline), drains each action's outbox into it and takes in what
 * other laptops changed, and says how it stands (the header's badge). The laptop's settings are
 * kept in the world's store, so the next leading tab goes on syncing where this one stopped.
 */
import { teamChangesRefused } from '../engine/storageFailure';
import { Emitter } from '../domain/emitter';
import type { Engine } from '../engine/engine';
import { HELD_KIND, INBOX_KIND, OUTBOX_KIND, TEAM_SETTINGS_ID, type WorldBatch, type WorldStore } from '../engine/store/worldStore';
import { conflictOf, mergedBody, resolution } from './conflicts';
import { shown, type ConflictShown } from './conflictShown';
import { openJournal } from './drainer';
import { checkJoin, settingsRecord, takeTeamWorld, type TeamSettings } from './joining';
import { SyncJournal } from './journal';
import { isSeed, sendSeedAgain } from './seed';
import { bodyOf } from './revisions';
import { Unsent } from './unsent';
import { SyncSession } from './syncSession';
import { historyDoc, settledEntry } from './settledHistory';
import type { NotTakenEntry } from './notTaken';
import { describedDoc } from './docIds';
import { holdsWorld, nameWorld } from './worldIdentity';
import { LiveReplication, type ServerState } from './liveReplication';
import { whyRefused } from './takenIntoWorld';
import type PouchDB from 'pouchdb-core';

export type SyncState = 'off' | 'joining' | 'syncing' | 'up-to-date' | 'offline' | 'error';

/** How team sync stands, for the header's badge and Settings → Team sync. */
export interface SyncStatus {
  state: SyncState;
  server?: string;
  world?: string;
  /** changes made here that the server does not have yet, as far as this laptop knows */
  waiting: number;
  conflicts: number;
  /** the team's changes this laptop has not taken into its world, as a person counts them (docs/sync.md#what-is-not-taken) */
  notTaken: number;
  /** refusals this laptop answered with the version it holds, as Settings names them */
  answered: number;
  /** another laptop's action arriving in part: how many of its documents are here, of how many */
  receiving?: { arrived: number; of: number };
  /** why it is in error, or why the last join failed */
  error?: string;
  /** what sync is doing that a person should know of (sending again what the server lost) */
  note?: string;
}

/** A change this laptop has not taken, as Settings names it. */
export interface NotTakenShown {
  /** the document's id */
  id: string;
  /** what it is about, in words */
  what: string;
  state: 'waiting' | 'refused' | 'answered';
  why: string;
  /** who sent it, on which laptop, when (empty where the document does not say) */
  by: string;
  laptop: string;
  at: number;
  /** answered: when this laptop wrote back the version it holds */
  answeredAt?: number;
}

/** How long Leave waits for the changes being sent to reach the server. */
const LEAVE_WAIT_MS = 5_000;
/** How soon the team's changes are tried again after this laptop's store refused them (a full disk). */
const STORE_RETRY_MS = 5_000;
export type PouchConstructor = typeof PouchDB;
/** The laptop's databases' constructor, and the server's (sync/pouch.ts in the worker). */
export interface Databases {
  Local: PouchConstructor;
  Remote: PouchConstructor;
}

export class TeamSync {
  status: SyncStatus = { state: 'off', waiting: 0, conflicts: 0, notTaken: 0, answered: 0 };
  readonly statusChanges = new Emitter<SyncStatus>();
  private session: SyncSession | null = null;
  private replication: LiveReplication | null = null;
  /** The id of the team world's database on the server, as this laptop knows it (worldIdentity.ts). */
  private identity: string | null = null;
  /** The settings this laptop syncs with, as they are now (the identity moves on). */
  private settingsNow: TeamSettings | null = null;
  private pushingAgain = false;
  private stopListening: (() => void) | null = null;
  private pumping: Promise<void> = Promise.resolve();
  private pumpAgain = false;
  private pumpQueued = false;
  /** Going on syncing after a reload or a new leading tab (start): join and leave wait for it. */
  private starting: Promise<void> = Promise.resolve();
  /**
   * Replication has caught up since it last brought a change: an action held back in part is taken
   * whole or not at all until then (docs/sync.md#taking-changes-into-the-world).
   */
  private caughtUp = false;
  /** Changes drained here that the server has not taken yet, as far as replication has told. */
  private unsent: Unsent | null = null;
  /**
   * Why the laptop's store refused the team's changes at the last try, or null: the badge says
   * "Sync error" with why until a try lands, not "Up to date" over changes it could not keep.
   */
  private refused: string | null = null;

  constructor(
    private readonly engine: Engine,
    private readonly store: WorldStore,
    private readonly pouch: () => Promise<Databases>,
    /** the app's origin: the server path is on it */
    private readonly origin: string,
    private readonly newLaptopId: () => string = () => crypto.randomUUID(),
    /** The end-to-end build's diagnostics: what replication said and what was told (printed when a test fails). */
    private readonly trace: (line: string) => void = () => undefined,
  ) {}

  /** Goes on syncing, if this laptop had joined a world. */
  /**
   * Says at once that this laptop is in a team world (the header's badge, Settings → Team sync),
   * and goes on syncing once `ready` (the world is read: sync never takes changes into a world
   * still loading). Join and Leave wait for it.
   */
  start(ready: Promise<unknown> = Promise.resolve()): Promise<void> {
    this.starting = (async () => {
      const settings = await this.settings();
      if (!settings) return;
      this.tell({ state: 'syncing', server: settings.server, world: settings.world, waiting: 0, conflicts: 0, notTaken: 0, answered: 0 });
      await ready;
      await this.connect(settings, false).catch((error: unknown) => this.fail(error));
    })();
    return this.starting;
  }

  async join(server: unknown, world: unknown): Promise<{ ok: true } | { ok: false; error: string; field?: 'server' | 'world' }> {
    await this.starting;
    if (this.session || (await this.settings())) return { ok: false, error: `This laptop is already in the team world ${this.status.world}: leave it first` };
    const checked = checkJoin(server, world);
    if (!checked.ok) return checked;
    const settings: TeamSettings = { server: checked.server, world: checked.world, laptop: this.newLaptopId() };
    this.tell({ state: 'joining', server: settings.server, world: settings.world, waiting: 0, conflicts: 0, notTaken: 0, answered: 0 });
    try {
      await this.connect(settings, true);
      return { ok: true };
    } catch (error) {
      await this.close();
      this.engine.attachSync(null);
      const why = reason(error);
      this.tell({ state: 'off', waiting: 0, conflicts: 0, notTaken: 0, answered: 0, error: why });
      return { ok: false, error: why };
    }
  }

  /** Stops syncing; the world stays as it is on this laptop. */
  async leave(): Promise<{ ok: true } | { ok: false; error: string }> {
    await this.starting;
    if (!this.session) {
      if (!(await this.settings())) return { ok: true };
      // Joined, but sync could not start here: whether the team has every change made here is unknown.
      return { ok: false, error: `Team sync has not started on this laptop (${this.status.error ?? 'not yet'}): leave once the badge says Up to date, so your team keeps every change made here` };
    }
    await this.pump();
    await this.settled(LEAVE_WAIT_MS);
    // What the team has not received would stay on this laptop alone: leave once it has.
    if (this.status.state !== 'up-to-date' || (await this.store.count(OUTBOX_KIND)) > 0)
      return { ok: false, error: 'The server does not have every change made here yet (this laptop is offline, or still sending): leave once the badge says Up to date, so your team keeps them' };
    await this.close();
    this.engine.attachSync(null);
    const del: WorldBatch['del'] = [];
    for (const kind of [HELD_KIND, INBOX_KIND, OUTBOX_KIND] as const) for (const [id] of await this.store.readKind(kind)) del.push({ kind, id });
    await this.store.commit({ put: [], del });
    this.tell({ state: 'off', waiting: 0, conflicts: 0, notTaken: 0, answered: 0 });
    return { ok: true };
  }

  async conflicts(): Promise<ConflictShown[]> {
    // While sync starts there is no session yet: an empty list then would say "No conflicts" untruly.
    await this.starting;
    if (!this.session) return [];
    const open = await this.session.conflicts();
    // Reading them drops those settled meanwhile: the badge counts what the page lists.
    if (open.length !== this.status.conflicts) this.tell({ ...this.status, conflicts: open.length });
    return open.map(shown);
  }

  /** The team's changes this laptop has not taken, and the refusals it answered, as Settings lists them. */
  async notTaken(): Promise<{ listed: NotTakenShown[]; answered: NotTakenShown[] }> {
    await this.starting;
    const list = this.session?.notTaken;
    if (!list) return { listed: [], answered: [] };
    const shownOf = ([id, e]: [string, NotTakenEntry]): NotTakenShown => ({
      id,
      what: describedDoc(id),
      state: e.state === 'answered' ? 'answered' : e.state === 'refused' ? 'refused' : 'waiting',
      why: e.why,
      by: e.stamp.by,
      laptop: e.stamp.laptop,
      at: e.stamp.at,
      ...(e.answeredAt !== undefined ? { answeredAt: e.answeredAt } : {}),
    });
    const byTime = (a: NotTakenShown, b: NotTakenShown) => b.at - a.at || (a.id < b.id ? -1 : 1);
    return { listed: list.listed().map(shownOf).sort(byTime), answered: list.answered().map(shownOf) };
  }

  /**
   * Keeps one version of a conflicted document (a removal keeps it removed), or, with `fields`, a
   * version merged field by field: version `rev`'s, each field named taken from the version chosen
   * for it, checked as the world would check it before anything is written. The others are closed.
   */
  async resolve(id: string, rev: string, fields?: Readonly<Record<string, string>>): Promise<{ ok: true } | { ok: false; error: string }> {
    const session = this.session;
    if (!session) return { ok: false, error: 'Team sync is off' };
    const conflict = typeof id === 'string' ? await conflictOf(session.db, id) : null;
    if (!conflict) return { ok: false, error: 'This conflict has been resolved already' };
    const kept = conflict.versions.find((v) => v.rev === rev);
    if (!kept) return { ok: false, error: 'That version is no longer there: the conflict has changed, look again' };
    let body = kept.deleted ? null : bodyOf(kept.doc);
    const stamp = { by: this.engine.world.current.user?.email ?? '', laptop: (await this.settings())?.laptop ?? '', at: this.engine.clock.now(), tx: `resolve:${id}:${rev}`, n: 1 };
    if (fields && Object.keys(fields).length) {
      body = mergedBody(conflict, rev, fields);
      if (!body) return { ok: false, error: 'Those fields or versions are no longer the conflict\'s: the conflict has changed, look again' };
      const why = whyRefused(this.engine.world, { ...body, _id: id, _rev: rev, stamp }, this.engine.clock.now());
      if (why) return { ok: false, error: `These values cannot be kept together: ${why}. Nothing was changed.` };
    }
    // The settlement is in the history of what it was about, on every laptop (docs/history.md#sync).
    const settled = settledEntry(shown(conflict), rev, body !== null && Boolean(fields && Object.keys(fields).length), stamp);
    await session.db.bulkDocs([...resolution(conflict, body, stamp), ...(settled ? [historyDoc(settled, stamp)] : [])], { new_edits: false });
    if (settled) await this.engine.takeHistory([settled]);
    await this.pump();
    return { ok: true };
  }

  private get waiting(): number {
    return this.unsent?.count ?? 0;
  }

  /** Resolves once replication is not sending (up to date, offline or failed), or after `ms`. */
  private settled(ms: number): Promise<void> {
    if (this.status.state !== 'syncing') return Promise.resolve();
    return new Promise((done) => {
      const timer = setTimeout(finish, ms);
      const stop = this.statusChanges.on((status) => status.state !== 'syncing' && finish());
      function finish() {
        clearTimeout(timer);
        stop();
        done();
      }
    });
  }

  private async settings(): Promise<TeamSettings | null> {
    const [found] = (await this.store.readKind(INBOX_KIND)).filter(([id]) => id === TEAM_SETTINGS_ID);
    const s = found?.[1];
    if (!s || typeof s.server !== 'string' || typeof s.world !== 'string' || typeof s.laptop !== 'string') return null;
    return { server: s.server, world: s.world, laptop: s.laptop, ...(typeof s.identity === 'string' ? { identity: s.identity } : {}), ...(isSeed(s.seed) ? { seed: s.seed } : {}) };
  }

  private async connect(given: TeamSettings, joining: boolean): Promise<void> {
    let settings = given;
    const { Local, Remote: Pouch } = await this.pouch();
    const local = new Local(`team-${settings.world}`);
    const remote = new Pouch(`${this.origin}${settings.server}/${settings.world}`);
    let journal: SyncJournal;
    /** This laptop's world becomes the team's (it joins a world that holds none yet). */
    let ours = false;
    this.caughtUp = false;
    if (joining) {
      // Which database the team world is: a copy of it (restored, moved) is another, named anew.
      settings = {
        ...settings,
        identity: await nameWorld(remote, newWorldId).catch((error: unknown) => {
          throw new Error(`The server ${settings.server} cannot be reached (${reason(error)})`);
        }),
      };
      if (await holdsWorld(remote)) {
        // The team's world replaces this laptop's: every document held at the server's revision.
        // A seeded world is restored here from the same data, and only what changed since is pulled
        // (then taken in from the laptop's database, from its start); otherwise every body is pulled.
        ({ journal, settings } = await takeTeamWorld({ engine: this.engine, remote, local, Pouch, settings, trace: this.trace }));
        this.unsent = await Unsent.allSent(local, settings.laptop);
        // The join's pull has ended: what is in the laptop's database is all there is to take.
        this.caughtUp = true;
      } else {
        ours = true;
        journal = new SyncJournal(settings.laptop, new Map());
        await this.store.commit({ put: [settingsRecord(settings)], del: [] });
      }
    } else journal = await openJournal(this.store, settings.laptop);
    this.identity = settings.identity ?? null;
    this.settingsNow = settings;
    this.engine.attachSync(journal);
    this.engine.conflicted = () => this.session?.conflicted ?? new Set<string>();
    if (ours) {
      this.session = await SyncSession.seed(this.engine, this.store, local, journal);
      // Joined means the team world is on the server: the next laptop to join takes it from there.
      await Pouch.replicate(local, remote);
      this.unsent = await Unsent.allSent(local, settings.laptop);
    } else this.session = await SyncSession.open(this.engine, this.store, local, journal);
    this.unsent ??= await Unsent.open(local, settings.laptop);
    // The conflicts stored with the inbox's position, less any settled since it was written.
    const open = (await this.session.conflicts()).length;
    this.tell({ state: 'syncing', server: settings.server, world: settings.world, waiting: 0, conflicts: open, notTaken: this.session.notTaken.changes(), answered: this.session.notTaken.answeredSize });
    this.stopListening = this.engine.changes.on(() => this.pumpSoon());
    // What the outbox holds is in the laptop's database before replication starts: a document
    // written while PouchDB's live push is still starting could wait for its next retry.
    await this.pump();
    this.startReplication(local, remote, Pouch);
    this.pumpSoon();
  }


  /**
   * Replication paused: caught up, or a try failed. The server says which, and whether it still
   * holds the team world this laptop was given (docs/sync.md#the-laptop-knows-what-the-server-holds).
   */
  private async paused(server: ServerState, local: PouchDB, remote: PouchDB, Pouch: typeof PouchDB): Promise<void> {
    if (server.is === 'lost') return this.pushAgain(server.why, local, Pouch);
    const answers = server.is === 'answers';
    const unsent = this.unsent;
    const seq = await unsent?.position();
    if (answers && seq !== undefined) await unsent?.caughtUp(seq);
    if (answers && this.identity === null) await this.keepIdentity(await nameWorld(remote, newWorldId));
    if (answers && !this.caughtUp) {
      // What is held back as part of an action is not coming in this replication: take it.
      this.caughtUp = true;
      this.pumpSoon();
    }
    if (this.refused !== null) return;
    const busy = this.waiting > 0 || this.status.receiving !== undefined;
    this.tell({ ...this.status, state: !answers ? 'offline' : busy ? 'syncing' : 'up-to-date', waiting: this.waiting, error: undefined, note: undefined });
  }

  /**
   * The server no longer holds what this laptop gave it: the team world's database is gone (a
   * server restarted empty) or is another one (restored from an older backup, recreated). The
   * laptop says so, names the database it finds, and sends again what it holds that the server
   * lacks: a new replication, whose checkpoint the server no longer has, compares every document
   * from the start; and a laptop that restored its world from a seed the server no longer has
   * sends the seed's documents too. Nothing waits for a reload.
   */
  private async pushAgain(why: 'gone' | 'another', local: PouchDB, Pouch: typeof PouchDB): Promise<void> {
    const settings = this.settingsNow;
    if (!settings || this.pushingAgain) return;
    this.pushingAgain = true;
    try {
      const note =
        why === 'gone'
          ? 'The server no longer has the team world (it was restarted or removed): sending again everything this laptop holds.'
          : 'The server’s team world is another copy now (restored or recreated): sending again what it lacks.';
      this.trace(`the server lost the team world (${why}): pushing again`);
      this.tell({ ...this.status, state: 'syncing', note });
      await this.replication?.stop();
      this.replication = null;
      // A new instance: PouchDB's own sets the database up (creates it) only once.
      const remote = new Pouch(`${this.origin}${settings.server}/${settings.world}`);
      await this.keepIdentity(await nameWorld(remote, newWorldId));
      if (settings.seed) await sendSeedAgain(remote, settings.seed, await this.engine.sampleText());
      this.startReplication(local, remote, Pouch);
    } finally {
      this.pushingAgain = false;
    }
  }

  /** Live replication between the laptop's database and the server's, its events wired to sync. */
  private startReplication(local: PouchDB, remote: PouchDB, Pouch: typeof PouchDB): void {
    const events = {
      pushed: (docs: readonly { stamp?: unknown }[], seq: number | string | undefined) => this.unsent?.pushed(docs, seq),
      pulled: () => {
        this.caughtUp = false;
        this.pumpSoon();
      },
      paused: (server: ServerState) => void this.paused(server, local, remote, Pouch).catch((error: unknown) => this.fail(error)),
      denied: (error: unknown) => this.tell({ ...this.status, state: 'error', error: `The server refused a change (${reason(error)})` }),
      failed: (error: unknown) => this.fail(error),
    };
    this.replication = new LiveReplication(local, remote, Pouch, () => this.identity, events, this.trace);
    this.replication.start();
  }

  /** Keeps the id of the server's database this laptop now knows, with its settings. */
  private async keepIdentity(identity: string): Promise<void> {
    if (!this.settingsNow || identity === this.identity) return;
    this.settingsNow = { ...this.settingsNow, identity };
    await this.store.commit({ put: [settingsRecord(this.settingsNow)], del: [] });
    this.identity = identity;
  }

  /** Drains and takes in, one pump at a time; asked again while pumping, it runs once more after. */
  private pumpSoon(): void {
    if (this.pumpQueued) return;
    this.pumpQueued = true;
    queueMicrotask(() => {
      this.pumpQueued = false;
      void this.pump();
    });
  }

  private pump(): Promise<void> {
    this.pumpAgain = true;
    this.pumping = this.pumping.then(async () => {
      while (this.pumpAgain && this.session) {
        this.pumpAgain = false;
        const session = this.session;
        try {
          const drained = await session.drain();
          this.unsent?.drained(drained);
          if (drained.length) this.trace(`drained ${drained.length}`);
          // An action between the read and the commit: read again (what it changed is drained
          // first). More past the batch read: read on, the laptop's own drain first.
          const inbound = await session.takeIn(this.caughtUp);
          if (inbound.again || inbound.more) this.pumpAgain = true;
          let { state, error } = this.status;
          if (this.refused !== null) {
            // The store took what it refused before: the error is over.
            this.refused = null;
            [state, error] = [this.waiting > 0 ? 'syncing' : 'up-to-date', undefined];
          } else if (this.waiting > 0 && state !== 'offline' && state !== 'error') state = 'syncing';
          const receiving = session.notTaken.receiving() ?? undefined;
          // Never Up to date while another laptop's action is still arriving; once it is in, the
          // server is asked again (as at a pause) whether this laptop is up to date.
          if (receiving && state === 'up-to-date') state = 'syncing';
          if (!receiving && this.status.receiving) this.replication?.check();
          this.tell({ ...this.status, state, error, waiting: this.waiting, conflicts: session.conflicted.size, notTaken: session.notTaken.changes(), answered: session.notTaken.answeredSize, receiving });
        } catch (error) {
          // A refused store (a full disk) changes nothing; the same changes are read on the next
          // try, which comes on its own: nothing else may happen on the team's side for hours.
          this.refused = teamChangesRefused(error);
          this.tell({ ...this.status, state: 'error', error: this.refused });
          setTimeout(() => {
            if (this.session === session) this.pumpSoon();
          }, STORE_RETRY_MS);
        }
      }
    });
    return this.pumping;
  }

  private async close(): Promise<void> {
    const replication = this.replication;
    this.replication = null;
    // Cancelled, a replication still ends the requests it has in flight: it is closed once it says so.
    await replication?.stop();
    this.stopListening?.();
    this.stopListening = null;
    this.session = null;
    this.unsent = null;
    this.engine.conflicted = null;
  }

  private fail(error: unknown): void {
    this.tell({ ...this.status, state: 'error', error: reason(error) });
  }

  private tell(status: SyncStatus): void {
    if (status.state !== this.status.state || status.waiting !== this.status.waiting) this.trace(`status ${status.state}, ${status.waiting} waiting, ${this.waiting} unsent`);
    this.status = status;
    this.statusChanges.emit(status);
  }

  /**
   * The browser says whether it has a network (the worker's online and offline events): the badge
   * says Offline at once rather than at the next failed request, and coming back retries at once.
   */
  connectivity(online: boolean): void {
    if (!this.session) return;
    if (!online) this.tell({ ...this.status, state: 'offline', waiting: this.waiting });
    else this.pumpSoon();
  }

  /** Stops syncing in this tab (it no longer leads); the settings stay for the next leader. */
  async stop(): Promise<void> {
    await this.close();
  }
}

/** A name for the team world's database: never one a laptop gave before (worldIdentity.ts). */
const newWorldId = () => crypto.randomUUID();

function reason(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null) {
    const e = error as { message?: unknown; reason?: unknown; status?: unknown };
    if (typeof e.message === 'string' && e.message) return e.message;
    if (typeof e.reason === 'string' && e.reason) return e.reason;
    if (typeof e.status === 'number') return `HTTP ${e.status}`;
  }
  return String(error);
}
