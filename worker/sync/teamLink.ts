/**
 * A laptop's link to its team world (docs/sync.md#in-the-worker): joining or opening it (the
 * laptop's database and the server's, the journal, the session, what the server has not been
 * sent), the live replication between the two databases, and what a pause of replication finds
 * about the server: it answers, cannot be reached, ended this laptop's session, or no longer holds
 * the team world it was given (then everything the server lacks is sent again,
 * docs/sync.md#the-laptop-knows-what-the-server-holds).
 */
import type PouchDB from 'pouchdb-core';
import type { Clock } from '../engine/clock';
import type { Engine } from '../engine/engine';
import type { WorldStore } from '../engine/store/worldStore';
import { openJournal } from './out/drainer';
import { enginePort } from './enginePort';
import { settingsRecord, takeTeamWorld, type TeamSettings } from './joining';
import { SyncJournal } from './out/journal';
import { LiveReplication, refusalOf, type ServerState } from './link/liveReplication';
import { stillRefused } from './out/stillRefused';
import { pullSource } from './link/pullSource';
import { sendSeedAgain } from './seed';
import { SyncSession } from './syncSession';
import { Unsent } from './out/unsent';
import { claimWorld, holdsWorld, nameWorld } from './link/worldIdentity';

export type PouchConstructor = typeof PouchDB;
/** The laptop's databases' constructor, and the server's (sync/link/pouch.ts in the worker). */
export interface Databases {
  Local: PouchConstructor;
  Remote: PouchConstructor;
}

/** What the link tells the team sync it serves. */
export interface LinkEvents {
  /** the server said something of itself at a pause (or a check) */
  server(state: ServerState | { is: 'sending again'; note: string }): void;
  /** the push wrote these documents to the server */
  pushed(docs: readonly { stamp?: unknown }[], seq: number | string | undefined): void;
  /** the pull brought documents into the laptop's database */
  pulled(): void;
  /** the server refused documents of this laptop's (their ids and why) */
  denied(docs: readonly { id: string; why: string }[]): void;
  failed(error: unknown): void;
}

/** Documents asked for by id in one request (what waits names: a few, or a flood's worth). */
const BRING_BATCH = 500;

/** How soon a laptop that could not send again what the server lost tries again. */
const PUSH_AGAIN_RETRY_MS = 10_000;

/** A name for the team world's database: never one a laptop gave before (worldIdentity.ts). */
const newWorldId = () => crypto.randomUUID();

export interface LinkParts {
  engine: Engine;
  store: WorldStore;
  clock: Clock;
  databases: Databases;
  origin: string;
  trace: (line: string) => void;
  /** The documents in conflict while the link is up: the engine refuses an action on them (enginePort.ts). */
  conflicted: () => ReadonlySet<string>;
}

export class TeamLink {
  private replication: LiveReplication | null = null;
  private events: LinkEvents | null = null;
  private stopped = false;
  private pushingAgain = false;

  private constructor(
    private readonly parts: LinkParts,
    /** the settings as they are now (the identity moves on) */
    public settings: TeamSettings,
    readonly local: PouchDB,
    private remote: PouchDB,
    readonly session: SyncSession,
    readonly unsent: Unsent,
    /** the join's pull has ended: what is in the laptop's database is all there is to take */
    readonly caughtUp: boolean,
  ) {}

  /** Joins the team world `settings` names (`joining`), or opens the one this laptop joined before. */
  static async connect(parts: LinkParts, given: TeamSettings, joining: boolean): Promise<TeamLink> {
    const { engine, store, databases, origin, trace } = parts;
    let settings = given;
    const local = new databases.Local(`team-${settings.world}`);
    // Only the team's admin creates a team world: a laptop never sets one up (skip_setup).
    const remote = new databases.Remote(`${origin}${settings.server}/${settings.world}`, { skip_setup: true });
    let journal: SyncJournal;
    let unsent: Unsent | null = null;
    let caughtUp = false;
    /** This laptop's world becomes the team's (it joins a world that holds none yet). */
    let ours = false;
    if (joining) {
      // Which database the team world is: a copy of it (restored, moved) is another, named anew.
      settings = { ...settings, identity: await nameWorld(remote, newWorldId) };
      if (await holdsWorld(remote)) {
        // The team's world replaces this laptop's: every document held at the server's revision.
        // A seeded world is restored here from the same data, and only what changed since is pulled
        // (then taken in from the laptop's database, from its start); otherwise every body is pulled.
        ({ journal, settings } = await takeTeamWorld({ engine, remote, local, Pouch: databases.Remote, settings, trace }));
        unsent = await Unsent.allSent(local, settings.laptop);
        caughtUp = true;
      } else {
        // Two laptops that join an empty world at once: one makes it, the other joins it once made.
        await claimWorld(remote, settings.laptop, engine.clock.now());
        ours = true;
        journal = new SyncJournal(settings.laptop, new Map());
        await store.commit({ put: [settingsRecord(settings)], del: [] });
      }
    } else journal = await openJournal(store, settings.laptop);
    journal.author = settings.account ?? null;
    // The roles the link's settings hold now: a renewal of the session may bring new ones (teamSync.ts).
    const made: { link?: TeamLink } = {};
    journal.roles = () => (made.link?.settings ?? settings).roles;
    engine.attachSync(enginePort(journal, parts.conflicted));
    let session: SyncSession;
    if (ours) {
      session = await SyncSession.fromOwnWorld(engine, store, local, journal);
      // Joined means the team world is on the server: the next laptop to join takes it from there.
      // What the server refuses of it (a teammate's history entry, which no one writes in another's
      // name; an action the person's role does not allow) is listed as the live push lists its
      // refusals. This push keeps no checkpoint: had it kept the live push's, a tab closed before
      // its refusals were listed left them told nowhere, and the live push, starting past them,
      // never sent them again; the laptop said Up to date over changes the server never took
      // (found by the random schedules). The live push compares the whole world once more instead.
      const refused: { id: string; why: string }[] = [];
      await databases.Remote.replicate(local, remote, { checkpoint: false }).on('denied', (event) => refused.push(refusalOf(event)));
      if (refused.length) await session.denied(refused, engine.clock.now());
      unsent = await Unsent.allSent(local, settings.laptop);
    } else session = await SyncSession.open(engine, store, local, journal);
    unsent ??= await Unsent.open(local, settings.laptop);
    made.link = new TeamLink(parts, settings, local, remote, session, unsent, caughtUp);
    return made.link;
  }

  /** Live replication between the laptop's database and the server's, its events told. */
  start(events: LinkEvents): void {
    this.events = events;
    const wired = {
      pushed: events.pushed,
      pulled: events.pulled,
      paused: (server: ServerState) => void this.paused(server, events, replication).catch((error: unknown) => events.failed(error)),
      denied: (docs: readonly { id: string; why: string }[]) => events.denied(docs),
      failed: events.failed,
    };
    const replication = new LiveReplication(this.local, this.remote, this.parts.databases.Remote, () => this.settings.identity ?? null, wired, this.parts.trace, this.parts.clock);
    this.replication = replication;
    replication.start();
  }

  /**
   * The network is back: replication starts again at once, from its checkpoints, instead of at the
   * end of a back-off that may have grown to its longest while the laptop was away.
   */
  async online(): Promise<void> {
    const events = this.events;
    if (!this.replication || !events || this.pushingAgain) return;
    await this.halt();
    // Stopped meanwhile (the tab no longer leads, the person left): it stays stopped.
    if (!this.stopped) this.start(events);
  }

  /** Asks the server now, as a pause does (a large action of another laptop's just in whole). */
  check(): void {
    this.replication?.check();
  }

  /**
   * Asks the server for documents by id (what the team's waiting documents name) and writes those
   * it holds into the laptop's database, every revision as replication brings them; answers how
   * many it wrote. The inbox then takes them as any change (docs/sync.md#what-is-not-taken).
   */
  async bring(ids: readonly string[]): Promise<number> {
    if (!ids.length) return 0;
    // Asked by key first (cheap on any server): a replication by ids reads the server's whole
    // changes feed, which a flood of documents naming what nobody holds would ask for at every pull.
    const { rows } = await this.remote.allDocs({ include_docs: true, keys: [...ids] });
    const held = rows.flatMap((row) => (row.id && row.value && !row.value.deleted ? [row.id] : []));
    if (!held.length) return 0;
    const Remote = this.parts.databases.Remote;
    const brought = await Remote.replicate(pullSource(Remote, this.remote), this.local, { doc_ids: held, batch_size: BRING_BATCH });
    return brought.docs_written;
  }

  /** Of the documents the server refused from this laptop, those it still lacks (stillRefused.ts). */
  stillRefused(ids: readonly string[]): Promise<string[]> {
    return stillRefused(this.local, this.remote, ids);
  }

  /** Sends these documents of this laptop's again (the server refused them before). */
  async sendAgain(ids: readonly string[]): Promise<void> {
    if (ids.length) await this.parts.databases.Remote.replicate(this.local, this.remote, { doc_ids: [...ids] });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.halt();
  }

  /** Ends live replication, to start it again or for good. */
  private async halt(): Promise<void> {
    const replication = this.replication;
    this.replication = null;
    // Cancelled, a replication still ends the requests it has in flight: it is stopped once it says so.
    await replication?.stop();
  }

  private async paused(server: ServerState, events: LinkEvents, replication: LiveReplication): Promise<void> {
    if (this.replication !== replication) return;
    if (server.is === 'lost') return this.pushAgain(server.why, events);
    if (server.is === 'answers') {
      if (server.sent !== null) await this.unsent.sentThrough(server.sent);
      if (!this.settings.identity) await this.keepIdentity(await nameWorld(this.remote, newWorldId));
    }
    // Stopped meanwhile (the server ended the session; the link started again): what this pause
    // found is no longer so. Told, it said Up to date over a link that no longer replicates (found
    // by the random schedules: a laptop signed out as its pause was read never took another change).
    if (this.replication === replication) events.server(server);
  }

  /**
   * The server no longer holds what this laptop gave it: the team world's database is gone (a
   * server restarted empty) or is another one (restored from an older backup, recreated). A new
   * replication, whose checkpoint the server no longer has, compares every document from the start
   * and sends what the server lacks; a laptop that restored its world from a seed the server no
   * longer has sends the seed's documents too. Nothing waits for a reload. (A world gone from the
   * server is set up again by the team's admin: a laptop never creates one.)
   */
  private async pushAgain(why: 'gone' | 'another', events: LinkEvents): Promise<void> {
    if (this.pushingAgain) return;
    this.pushingAgain = true;
    try {
      const note =
        why === 'gone'
          ? 'The server no longer has the team world (it was restarted or removed): sending again everything this laptop holds.'
          : 'The server’s team world is another copy now (restored or recreated): sending again what it lacks.';
      this.parts.trace(`the server lost the team world (${why}): pushing again`);
      events.server({ is: 'sending again', note });
      await this.halt();
      // A new instance: PouchDB's own sets the database up (creates it) only once.
      const { databases, origin } = this.parts;
      this.remote = new databases.Remote(`${origin}${this.settings.server}/${this.settings.world}`, { skip_setup: true });
      await this.keepIdentity(await nameWorld(this.remote, newWorldId));
      if (this.settings.seed) await sendSeedAgain(this.remote, this.settings.seed, await this.parts.engine.sampleText());
      if (!this.stopped) this.start(events);
    } catch (error) {
      // The world is not back yet (its admin sets it up again), or the server went away: try again.
      events.failed(error);
      this.parts.clock.after(PUSH_AGAIN_RETRY_MS, () => void this.pushAgain(why, events));
    } finally {
      this.pushingAgain = false;
    }
  }

  /** Keeps the id of the server's database this laptop now knows, with its settings. */
  private async keepIdentity(identity: string): Promise<void> {
    if (identity === this.settings.identity) return;
    const settings = { ...this.settings, identity };
    await this.parts.store.commit({ put: [settingsRecord(settings)], del: [] });
    this.settings = settings;
  }
}
