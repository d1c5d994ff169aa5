/**
 * The engine: owns the world, runs the 500 ms clock, applies actions, answers search, and keeps
 * the world on disk (docs/architecture.md#arch-owner, #arch-persistence, #arch-time). Every commit (an action, or a tick that starts or
 * ends stages) writes exactly what it changed in one store transaction (writer.ts), and only once
 * that transaction has completed is its change told and its answer given: what the console shows
 * as done is on disk. Everything it touches outside itself (time, storage, fetching all.json, ids)
 * is injected, so the same code runs in the worker and in Node tests. Who shows the world (the
 * views, worker/views) listens to `changes` and `replacements`; the engine knows nothing of them.
 * An action runs through actionCommit.ts; team sync is a port it is given (syncPort.ts), and its
 * commits run through teamCommits.ts (`Engine.team`).
 */
import type { Action, ActionResult, BootAnswer, BootInput, BootProgress, PersistMessage, PodconfigCheck, PodconfigFile } from '../api';
import { DATA_VERSION, TICK_MS } from '../domain/constants';
import type { Db } from '../domain/dataFile';
import { checkPodconfig } from '../domain/podconfig';
import type { SearchEntry } from '../domain/types';
import { ActionCommits } from './actionCommit';
import { Boot } from './boot';
import { CallLog } from './callLog';
import { warmRowBuckets } from './commitRecords';
import { realClock, type Cancel, type Clock } from './clock';
import { DemoData } from './demoData';
import type { HistoryBook } from './historyBook';
import { allEntries } from './historyExport';
import { LiveSearch } from './liveSearch';
import { Mirror } from './mirror';
import { serialise, type LegacyStore } from './persistence';
import { step } from './simulation';
import { memoryStore, type RecordName, type WorldStore } from './store/worldStore';
import type { SyncPort } from './syncPort';
import { TeamCommits } from './teamCommits';
import { World } from './world';
import type { ChangeKind } from './worldChange';
import { Writer } from './writer';

/** Row buckets made a slice, and the pause between slices: about 8 ms of work every 50 ms. */
const ROW_BUCKETS_A_SLICE = 4;
const ROW_WARM_GAP_MS = 50;

export interface EngineDeps {
  clock?: Clock;
  store?: WorldStore;
  /** An earlier version's store, read once at boot to carry its world over. */
  legacy?: LegacyStore;
  /** Fetches a URL as text (all.json). */
  loadText: (url: string) => Promise<string>;
  newId?: () => string;
  /** The wall clock (default Date.now): where action numbers begin when the stored one cannot be read (boot.ts). */
  wallClock?: () => number;
  /**
   * Boot from the store in two steps (default false): first the capture table, projects and users
   * from their own records (firstLook.ts), then the whole world. The worker turns it on: a large
   * world shows its captures in well under a second while the rest is read.
   */
  firstLook?: boolean;
  /** Told how far a boot from all.json has come (the worker passes it to its page). */
  bootProgress?: (p: BootProgress) => void;
  /** A record that says the stored world is kept whatever its age (sync's TEAM_WORLD_RECORD); else an old one expires as the demo's. */
  keptWorld?: RecordName;
  /** Team sync, from the start (docs/sync.md#the-journal): each action's commit writes its outbox records too. */
  sync?: SyncPort;
}

export class Engine {
  readonly world = new World();
  readonly clock: Clock;
  private readonly store: WorldStore;
  private readonly newId: () => string;
  private readonly index: LiveSearch;
  private readonly calls = new CallLog();
  private readonly mirror: Mirror;
  private readonly writer: Writer;
  private readonly boots: Boot;
  private readonly demo: DemoData;
  private readonly actions: ActionCommits;
  /** The engine's commits for team sync (teamCommits.ts): a take, the team's world adopted, entries made elsewhere. */
  readonly team: TeamCommits;
  private stopTick: Cancel | null = null;
  private stopWarm: Cancel | null = null;
  private bootCalled: () => void = () => {};
  /**
   * Resolves once a page has asked the engine to boot. Before it, `loaded()` has nothing to wait
   * for and answers at once: team sync waits for this first, then for the world (worker/main.ts).
   */
  readonly bootAsked = new Promise<void>((asked) => (this.bootCalled = asked));
  private lastTickAt = -Infinity;

  constructor(deps: EngineDeps) {
    this.clock = deps.clock ?? realClock;
    this.store = deps.store ?? memoryStore();
    this.newId = deps.newId ?? (() => crypto.randomUUID());
    this.index = new LiveSearch(this.world, this.clock);
    this.mirror = new Mirror(this.clock, this.world);
    this.writer = new Writer(this.world, this.store, this.mirror, this.index, () => this.clock.now(), this.newId);
    this.attachSync(deps.sync ?? null);
    this.boots = new Boot({
      world: this.world,
      store: this.store,
      writer: this.writer,
      search: this.index,
      calls: this.calls,
      clock: this.clock,
      loadText: deps.loadText,
      legacy: deps.legacy,
      kept: deps.keptWorld,
      firstLook: deps.firstLook ?? false,
      newId: this.newId,
      ...(deps.wallClock ? { wallClock: deps.wallClock } : {}),
      ...(deps.bootProgress ? { progress: deps.bootProgress } : {}),
    });
    this.demo = new DemoData(this.world, this.writer, this.clock, deps.loadText, () => this.boots.baseUrl, this.calls);
    this.actions = new ActionCommits({ world: this.world, writer: this.writer, store: this.store, calls: this.calls, clock: this.clock, newId: this.newId });
    this.team = new TeamCommits({ world: this.world, writer: this.writer, clock: this.clock, loaded: () => this.boots.loaded(), adopted: () => (this.lastTickAt = -Infinity) });
  }

  /** Every change of the world (an action's, a tick's), once it is on disk (a tick's: at once). */
  get changes() {
    return this.writer.changes;
  }

  /** The world was replaced: everything may have changed. */
  get replacements() {
    return this.writer.replacements;
  }

  /**
   * Team sync on (docs/sync.md#the-journal), given once per link to a team world: from now on each
   * commit writes its records too, entries say the team's laptop (docs/history.md#sync), and what
   * sync refuses is refused; null turns it off (the laptop left its team world).
   */
  attachSync(port: SyncPort | null): void {
    this.writer.sync = port;
  }

  /** Team sync's port while it is on (who writes, in which role), or null. */
  get teamPort(): SyncPort | null {
    return this.writer.sync;
  }

  /** Turns team sync off if `ready` says so, with no action between the look and the turning off (a leave). */
  detachSyncIf(ready: () => Promise<boolean>): Promise<boolean> {
    return this.writer.serial(async () => {
      if (!(await ready())) return false;
      this.writer.sync = null;
      return true;
    });
  }

  /** Every survey's history (docs/history.md): its records, read when a history view opens. */
  get history(): HistoryBook {
    return this.writer.history;
  }

  /** Loads the newest valid stored world (or all.json) and starts the clock. Once. */
  async boot(input: BootInput): Promise<BootAnswer> {
    this.bootCalled();
    const answer = await this.boots.start(input);
    // The clock runs once the whole world is in (at once, unless a first look is still reading it).
    if (this.boots.looking) void this.boots.loaded().then(() => this.startClock());
    else this.startClock();
    return answer;
  }

  /** Why the store cannot hold the world (changes are refused until a reload), or null. */
  get unsaved(): string | null {
    return this.writer.unsaved;
  }

  /** Whether the world holds these kinds yet (a boot's first look holds only some). */
  holds(kinds: readonly ChangeKind[]): boolean {
    return this.boots.holds(kinds);
  }

  /** A view has been answered: a first look may go on reading the rest of the world. */
  viewAnswered(): void {
    this.boots.answered();
  }

  /** Resolves once the whole world is loaded (after the boot's first look, if it took one). */
  loaded(): Promise<void> {
    return this.boots.loaded();
  }

  /**
   * Applies an action; resolves once its change is on disk. `callId` (a call forwarded by another
   * tab) makes a replay answer the first answer instead of applying twice.
   */
  async dispatch(action: Action, callId?: string): Promise<ActionResult> {
    if (!this.boots.booted) return { ok: false, error: 'The engine has not started' };
    await this.boots.loaded();
    if (!action || typeof action !== 'object') return { ok: false, error: 'Unknown action' };
    if (action.type === 'resetDemo' || action.type === 'reloadData' || action.type === 'importWorld') {
      // A whole new world on one laptop would wipe the team's work on every other (docs/sync.md#joining-leaving-switching-worlds).
      const refused = this.writer.sync?.refusal(action);
      if (refused) return { ok: false, error: refused };
      const known = callId ? await this.actions.known(callId) : undefined;
      if (known) return known;
      if (action.type === 'resetDemo') return this.demo.reset(callId);
      if (action.type === 'reloadData') return this.demo.reload(callId);
      return this.demo.import(action.text, callId);
    }
    return this.writer.exclusive(() => this.actions.apply(action, callId));
  }

  /** Reads a PodConfig file as Process PodConfig would; changes nothing and holds no clock. */
  async checkPodconfig(files: PodconfigFile[]): Promise<PodconfigCheck> {
    const check = checkPodconfig(Array.isArray(files) ? files : []);
    return check.ok ? { ok: true, summary: check.summary } : { ok: false, error: check.error };
  }

  async search(query: string): Promise<SearchEntry[]> {
    await this.boots.loaded();
    // Where a survey leads depends on its stage now, not when it was indexed.
    return this.index.query(typeof query === 'string' ? query : '').map((entry) =>
      entry.type === 'survey' && this.world.index.surveys[entry.id]?.flags.qcInProgress ? { ...entry, underQc: true } : entry,
    );
  }

  /** Waits for the writes in flight and hands over the localStorage mirror now (page hidden). */
  async flush(): Promise<void> {
    await this.writer.settled();
    this.mirror.flush();
  }

  onPersist(listener: (message: PersistMessage) => void): () => void {
    return this.mirror.listen(listener);
  }

  /** The world as one JSON text in the all.json shape (version 45, no session): Export demo data. */
  async exportWorld(): Promise<string> {
    await this.boots.loaded();
    // Read in the writer's order: every entry of every commit before it, none half written.
    return this.writer.serial(async () => {
      const db = { ...this.world.toDb(this.clock.now()), version: DATA_VERSION };
      db.history = { ...this.world.history, entries: await allEntries(this.store) };
      return serialise(db);
    });
  }

  /** One clock tick now (tests step the clock and call this, or let the clock do it). */
  tick(): void {
    // An action's write in flight holds the clock: its change must be told first. Stages move on
    // by elapsed time, so this tick's work is simply done by the next one.
    if (this.writer.holding || this.boots.looking) return;
    const now = this.clock.now();
    // A tick long after the last one (the machine slept) catches up at once; otherwise stage ends are spread.
    step(this.world, now, { spread: now - this.lastTickAt <= 2 * TICK_MS });
    this.lastTickAt = now;
    this.writer.commitTick(now);
  }

  /** Stops the clock and any pending mirror. */
  stop(): void {
    this.stopTick?.();
    this.stopTick = null;
    this.stopWarm?.();
    this.stopWarm = null;
    this.index.stop();
    this.mirror.cancel();
  }

  /** Replaces the world with a restored db without fetching or writing (benchmark, tests). */
  loadWorld(db: Db): void {
    this.world.load(db);
    this.index.rebuildSoon();
    this.boots.given();
  }

  /** The world in the all.json shape (the localStorage mirror and Export). */
  serialise(): string {
    return serialise(this.world.toDb(this.clock.now()));
  }

  /** The sample data's text, as this console serves it (team sync's seed restores it). */
  sampleText(): Promise<string> {
    return this.demo.sampleText();
  }

  /** Resolves when every commit started so far has landed (tests, the benchmark). */
  settled(): Promise<void> {
    return this.writer.settled();
  }

  private startClock(): void {
    this.stopTick ??= this.clock.every(TICK_MS, () => this.tick());
    this.warmRows();
  }

  /** The capture rows of a world read from the store, made between ticks (commitRecords.ts). */
  private warmRows(): void {
    const slice = () => {
      this.stopWarm = warmRowBuckets(this.world, ROW_BUCKETS_A_SLICE) ? null : this.clock.after(ROW_WARM_GAP_MS, slice);
    };
    this.stopWarm ??= this.clock.after(ROW_WARM_GAP_MS, slice);
  }
}

/** The engine, as the worker entry, the benchmark and the tests make it. */
export function createEngine(deps: EngineDeps): Engine {
  return new Engine(deps);
}
