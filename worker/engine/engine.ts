/**
 * The engine: owns the world, runs the 500 ms clock, applies actions, answers search, and keeps
 * the world on disk (docs/architecture.md#arch-owner, #arch-persistence, #arch-time). Every commit (an action, or a tick that starts or
 * ends stages) writes exactly what it changed in one store transaction (writer.ts), and only once
 * that transaction has completed is its change told and its answer given: what the console shows
 * as done is on disk. Everything it touches outside itself (time, storage, fetching all.json, ids)
 * is injected, so the same code runs in the worker and in Node tests. Who shows the world (the
 * views, worker/views) listens to `changes` and `replacements`; the engine knows nothing of them.
 */
import type { Action, ActionResult, BootAnswer, BootInput, BootProgress, PersistMessage, PodconfigCheck, PodconfigFile } from '../api';
import { DATA_VERSION, TICK_MS } from '../domain/constants';
import { checkPodconfig } from '../domain/podconfig';
import { isSimulationSpeed } from '../domain/session';
import type { Current, Flags, SearchEntry } from '../domain/types';
import type { Db } from '../domain/dataFile';
import { applyAction, type SyncAction } from './actions/dispatch';
import { actionFault, type ActionContext } from './actions/context';
import { Boot } from './boot';
import { CallLog } from './callLog';
import { realClock, type Cancel, type Clock } from './clock';
import { DemoData } from './demoData';
import { LiveSearch } from './liveSearch';
import { Mirror } from './mirror';
import { serialise, type LegacyStore } from './persistence';
import { step } from './simulation';
import { storageFailure } from './storageFailure';
import { memoryStore, type WorldBatch, type WorldStore } from './store/worldStore';
import { World, type ChangeKind } from './world';
import { Writer } from './writer';
import type { Intake, SyncPort, Taken } from './syncPort';
import { appendsOf, type HistoryBook, type HistoryNote } from './historyBook';
import { allEntries } from './historyExport';
import type { HistoryEntry } from '../domain/history';

export interface EngineDeps {
  clock?: Clock;
  store?: WorldStore;
  /** An earlier version's store, read once at boot to carry its world over. */
  legacy?: LegacyStore;
  /** Fetches a URL as text (all.json). */
  loadText: (url: string) => Promise<string>;
  newId?: () => string;
  /**
   * Boot from the store in two steps (default false): first the capture table, projects and users
   * from their own records (firstLook.ts), then the whole world. The worker turns it on: a large
   * world shows its captures in well under a second while the rest is read.
   */
  firstLook?: boolean;
  /** Told how far a boot from all.json has come (the worker passes it to its page). */
  bootProgress?: (p: BootProgress) => void;
  /** Team sync, from the start (docs/sync.md#the-journal): each action's commit writes its outbox records too. */
  sync?: SyncPort;
}

/** Actions that change only the session: kept in memory while the store cannot hold the world. */
const SESSION_ACTIONS: ReadonlySet<Action['type']> = new Set(['login', 'logout', 'setFlags']);

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
  private stopTick: Cancel | null = null;
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
      firstLook: deps.firstLook ?? false,
      newId: this.newId,
      ...(deps.bootProgress ? { progress: deps.bootProgress } : {}),
    });
    this.demo = new DemoData(this.world, this.writer, this.clock, deps.loadText, () => this.boots.baseUrl, this.calls);
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

  /** Every survey's history (docs/history.md): its records, read when a history view opens. */
  get history(): HistoryBook {
    return this.writer.history;
  }

  /**
   * Entries made elsewhere (team sync, docs/history.md#sync), kept in their records with the
   * instant this laptop learnt of them (an entry that says already keeps its own): each once,
   * however often it arrives, since a record skips an id it holds. Throws if the store refused.
   */
  async takeHistory(entries: readonly HistoryEntry[]): Promise<void> {
    await this.boots.loaded();
    const now = this.clock.now();
    const arrived = entries.map((e) => (e.arrivedAt === undefined ? { ...e, arrivedAt: now } : e));
    await this.writer.exclusive(() => this.writer.commitTaken(now, { put: [], del: [] }, appendsOf(arrived)));
  }

  /**
   * The team's world replaces this laptop's (joining a world that has one), with sync's records
   * in the same transaction (docs/sync.md#joining-leaving-switching-worlds). Throws, with nothing changed, if refused.
   */
  async adoptWorld(db: Db, put: WorldBatch['put'], speed: number = this.world.flags.speed): Promise<void> {
    await this.boots.loaded();
    await this.writer.exclusive(async () => {
      const flags = this.world.flags;
      try {
        if (speed !== flags.speed && isSimulationSpeed(speed)) this.world.setFlags({ ...flags, speed });
        await this.writer.replace(db, this.clock.now(), undefined, put);
      } catch (error) {
        this.world.flags = flags;
        await this.writer.rollBack();
        throw error;
      }
      this.lastTickAt = -Infinity;
      this.writer.replacements.emit({});
    });
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
      const known = callId ? await this.knownAnswer(callId) : undefined;
      if (known) return known;
      if (action.type === 'resetDemo') return this.demo.reset(callId);
      if (action.type === 'reloadData') return this.demo.reload(callId);
      return this.demo.import(action.text, callId);
    }
    return this.writer.exclusive(() => this.apply(action, callId));
  }

  /** The answer a call already had (in this engine, or stored by an earlier leader), if any. */
  private async knownAnswer(callId: string): Promise<ActionResult | undefined> {
    return this.calls.answer(callId) ?? (await this.store.answerOf(callId).catch(() => undefined));
  }

  /**
   * Other laptops' changes (docs/sync.md#the-inbox): `read` runs while no action does, and gives
   * how they change the world and sync's records to write with them (knowing what the world
   * took and refused); they land in one commit, after the step before it (a tick, as before an
   * action). Answers what the take answered, or null when `read` found nothing to take. Throws if
   * the store refused the commit (nothing changed).
   */
  async takeIn<T extends Taken>(read: () => Promise<Intake<T> | null>): Promise<T | null> {
    await this.boots.loaded();
    return this.writer.exclusive(async () => {
      if (this.writer.unsaved !== null) throw new Error(this.writer.unsaved);
      const taken = await read();
      if (!taken) return null;
      const now = this.clock.now();
      step(this.world, now);
      this.writer.commitTick(now);
      let result: T;
      try {
        result = taken.take(this.world, now);
      } catch (error) {
        // A fault half way: the world goes back to what the store holds, and nothing is taken.
        await this.writer.rollBack();
        throw error;
      }
      // Entries made elsewhere say when this laptop learnt of them (docs/history.md#sync); those of
      // an entity removed are kept as well, as every laptop of the team keeps them.
      const history = appendsOf(result.history.map((e) => (e.arrivedAt === undefined ? { ...e, arrivedAt: now } : e)));
      await this.writer.commitTaken(now, taken.written(result), history);
      return result;
    });
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
  }

  private sessionNow(): { current: Current; flags: Flags } {
    return { current: this.world.current, flags: { ...this.world.flags } };
  }

  private async apply(action: Action, callId: string | undefined): Promise<ActionResult> {
    const known = callId ? await this.knownAnswer(callId) : undefined;
    // A call an earlier leader applied is answered as it was then, session and all: the page
    // writes the session it is answered with (a reload right after finds it).
    if (known) return known.ok && SESSION_ACTIONS.has(action.type) ? { ...known, session: this.sessionNow() } : known;
    // Nothing is confirmed that is not on disk: while the store cannot hold the world, only the
    // session (sign in, out, the settings) changes, in memory, as the banner says.
    if (this.writer.unsaved !== null && !SESSION_ACTIONS.has(action.type)) return { ok: false, error: this.writer.unsaved, storage: true };
    // What team sync refuses: a new world over the team's, or what is in conflict until a person settles it.
    const refused = this.writer.sync?.refusal(action);
    if (refused) return { ok: false, error: refused };
    const now = this.clock.now();
    step(this.world, now);
    // While syncing, what time alone changed is committed first, as a tick: an action's outbox
    // holds what the person changed, and every laptop derives the rest from stored times.
    if (this.writer.sync) this.writer.commitTick(now);
    const notes: HistoryNote[] = [];
    const ctx: ActionContext = { world: this.world, now, newId: this.newId, note: (what, on) => void notes.push({ what, on }) };
    let result: ActionResult;
    try {
      result = applyAction(ctx, action as SyncAction);
    } catch (error) {
      // A handler that throws is a bug, and it may have changed part of the world first: memory goes
      // back to what the store holds (the world before this action) and the call is answered.
      await this.writer.rollBack();
      return { ok: false, error: actionFault(error) };
    }
    try {
      const extra: Partial<WorldBatch> = {};
      if (callId) {
        extra.call = { id: callId, result };
        const forget = this.calls.add(callId, result);
        if (forget.length) extra.forget = forget;
      }
      // A refused action changed nothing and writes no entry (handlers check everything first).
      const entries = result.ok ? this.history.stamp(notes, now) : [];
      const session = await this.writer.commitAction(now, extra, entries);
      return session && result.ok ? { ...result, session: this.sessionNow() } : result;
    } catch (error) {
      if (callId) this.calls.drop(callId);
      return { ok: false, error: storageFailure(error), storage: true };
    }
  }
}

/** The engine, as the worker entry, the benchmark and the tests make it. */
export function createEngine(deps: EngineDeps): Engine {
  return new Engine(deps);
}
