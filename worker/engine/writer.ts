/**
 * The engine's one writer (docs/architecture.md#arch-persistence, durable when it says done): every change of the world
 * is taken, written in one store transaction, in commit order, and only then told to those who
 * show it. An action's write holds the clock while it is in flight, so its change is the next one
 * told; a tick's change is told at once and written behind it (everything a tick does follows from
 * stored times, so a lost tick write loses nothing), still before any later action's.
 *
 * When the store refuses a write, the world goes back to what the store holds and every view is
 * answered again, so neither memory nor disk keeps half of a change.
 */
import type { Flash } from '../api';
import { Emitter } from '../domain/emitter';
import type { Db } from '../domain/dataFile';
import { judgeStored } from './persistence';
import { commitBatch, entityRecords, wholeWorldBatch } from './commitRecords';
import type { LiveSearch } from './liveSearch';
import type { Mirror } from './mirror';
import { HISTORY_KIND, type HistoryAppend, type WorldBatch, type WorldStore } from './store/worldStore';
import { appendsOf, HistoryBook } from './historyBook';
import type { HistoryEntry, HistoryOwner } from '../domain/history';
import type { SyncPort } from './syncPort';
import type { World } from './world';
import type { WorldChange, WorldWrites } from './worldChange';

/** The world was replaced (a boot, reset, import, a refused write): everything may have changed. */
export interface WorldReplaced {
  notices?: Flash[];
  /** A boot's first look has ended: the whole world is read. */
  loaded?: true;
}

export class Writer {
  private tail: Promise<unknown> = Promise.resolve();
  /** How many changes with records have been taken: a tick's write sees whether any came after its own. */
  private taken = 0;
  /** Exclusive writes in flight: while any runs, the clock holds still. */
  private clockHolds = 0;
  /**
   * Why the store cannot hold the world (its whole write was refused), or null. Until a reload,
   * nothing is written: small commits on top of a store without the world would build half of one.
   */
  unsaved: string | null = null;
  /**
   * Whether the store holds exactly what the world encodes to: after a whole write, or a boot that
   * read the world from the store whole and unrepaired, until a write is refused.
   */
  mirrorsStore = false;
  readonly changes = new Emitter<WorldChange>();
  /** Team sync, while this laptop is in a team world: each commit writes its records too (docs/sync.md#the-journal). */
  sync: SyncPort | null = null;
  readonly replacements = new Emitter<WorldReplaced>();
  /** The history: an action's entries are appended in its commit (docs/history.md#written-in-the-actions-own-commit). */
  readonly history: HistoryBook;

  constructor(
    private readonly world: World,
    private readonly store: WorldStore,
    private readonly mirror: Mirror,
    private readonly search: LiveSearch,
    private readonly now: () => number,
    /** An action's id, for team sync's records of it. */
    private readonly newId: () => string,
  ) {
    this.history = new HistoryBook(world, store, (work) => this.serial(work), () => this.sync);
  }

  /** Runs `work` after every write queued before it (whether they landed or failed). */
  serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.tail.then(work, work);
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Like serial, and the clock holds still while it runs: its change is the next one told. */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    return this.serial(async () => {
      this.clockHolds++;
      try {
        return await work();
      } finally {
        this.clockHolds--;
      }
    });
  }

  /** An action's write is in flight: the clock waits. */
  get holding(): boolean {
    return this.clockHolds > 0;
  }

  /** Resolves when every write queued so far has landed (or failed). */
  async settled(): Promise<void> {
    await this.tail;
  }

  /**
   * An action's change, with its history entries: written, then told. Answers whether the session
   * changed. If the store refuses, the world is rolled back to the store's and the error is thrown
   * to the caller: no entry is kept either. `tx`: the action's id (HistoryBook.nextAction), which
   * its team documents' stamp carries too.
   */
  async commitAction(now: number, extra: Partial<WorldBatch> = {}, entries: readonly HistoryEntry[] = [], tx: string = this.newId()): Promise<boolean> {
    const { change, batch, writes } = this.take(now);
    if ((batch || extra.call) && this.unsaved === null) {
      const own = batch ?? { put: [], del: [] };
      const deleted = deletedHistory(own.del);
      // In the batch before sync sees it: team sync sends each new entry as a document of its own.
      if (entries.length) own.history = appendsOf(entries, deleted);
      // While team sync is on, the action's outbox records go in its own transaction.
      const synced = batch && writes && this.sync ? this.sync.commitRecords({ world: this.world, writes, batch, tx, now }) : null;
      try {
        await this.store.commit({ ...own, ...extra, put: synced ? [...own.put, ...synced.put] : own.put });
      } catch (error) {
        this.mirrorsStore = false;
        await this.rollBack();
        throw error;
      }
      synced?.landed();
      this.history.landed(own.history ?? [], deleted);
      this.mirror.schedule();
    }
    if (change) this.changes.emit(change);
    return change?.session ?? false;
  }

  /**
   * Other laptops' changes taken in by team sync (docs/sync.md#the-inbox): written with sync's
   * own records (the inbox's position, the held revisions, what was not taken, the answers to
   * refused versions) in one transaction, then told. The change itself goes to no outbox: it is
   * not this laptop's to send. Throws, rolled back, if refused.
   */
  async commitTaken(now: number, extra: Pick<WorldBatch, 'put' | 'del'>, history: readonly HistoryAppend[] = []): Promise<void> {
    const { change, batch } = this.take(now);
    const own = batch ?? { put: [], del: [] };
    try {
      await this.store.commit({ ...own, put: [...own.put, ...extra.put], del: [...own.del, ...extra.del], ...(history.length ? { history: [...history] } : {}) });
    } catch (error) {
      this.mirrorsStore = false;
      await this.rollBack();
      throw error;
    }
    this.history.landed(history, deletedHistory(own.del));
    if (batch) this.mirror.schedule();
    if (change) this.changes.emit(change);
    if (history.length) this.history.changed.emit();
  }

  /** A tick's change: told at once; its write queued behind the writes before it. */
  commitTick(now: number): void {
    const { change, batch, writes } = this.take(now);
    if (batch && writes) this.sync?.ticked({ world: this.world, writes, batch });
    if (change) this.changes.emit(change);
    if (batch && writes && this.unsaved === null) {
      const taken = this.taken;
      // A refused tick write loses nothing: restore() and step() redo it from the stored times.
      void this.serial(async () => {
        await this.store.commit(this.taken === taken ? batch : this.recordsNow(writes));
        this.mirror.schedule();
      }).catch(() => {
        this.mirrorsStore = false;
      });
    }
  }

  /**
   * A whole new world in memory and on disk (sample data, reset, reload, import), with the answer
   * of the call that asked for it. Throws if refused.
   */
  async replace(db: Db, now: number, call?: WorldBatch['call'], put: WorldBatch['put'] = [], keepHistory = false): Promise<void> {
    // While the store mirrors the world, only what differs is written (commitRecords.wholeWorldBatch).
    const stored = this.mirrorsStore && this.unsaved === null ? entityRecords(this.world) : undefined;
    this.mirrorsStore = false;
    // A new world begins a new history (its file's entries, if it had any); the same world, newer, keeps it.
    const entries = keepHistory ? [] : (db.history?.entries ?? []);
    if (db.history) delete db.history.entries;
    this.world.load(db);
    this.world.savedAt = now;
    this.search.rebuildSoon();
    this.history.forget();
    const batch = wholeWorldBatch(this.world, stored);
    if (keepHistory) batch.keepHistory = true;
    else if (!batch.clear) batch.dropHistory = true;
    if (entries.length) batch.history = appendsOf(entries);
    // One by one: a team world's held revisions (170 000 at 100 000 surveys) are too many arguments for one push.
    for (const record of put) batch.put.push(record);
    await this.store.commit(call ? { ...batch, call } : batch);
    this.unsaved = null;
    this.mirrorsStore = true;
    this.mirror.schedule();
  }

  /** After a refused write: the world the store holds, and every view answered again. */
  async rollBack(): Promise<void> {
    try {
      const j = judgeStored(await this.store.readAll(), this.now());
      if ((j.kind === 'valid' || j.kind === 'stale') && j.candidate) {
        this.world.load(j.candidate.db, j.candidate.orders);
        this.world.current = j.candidate.current;
        this.world.flags = j.candidate.flags;
      }
    } catch {
      /* the store cannot be read either: keep what is in memory */
    }
    this.history.forget();
    this.search.rebuildSoon();
    this.replacements.emit({});
  }

  /**
   * A tick's records as the world is when they are written, not when they were taken (issue 54).
   * A tick's write waits behind the writes before it; an action queued among them (a sign-in)
   * commits in between, and the tick's records taken earlier would then put back what the action
   * had changed: the meta record's signed-out session, a capture's row, an entity. The same ids
   * are written from the world of now (what was removed since is not put back; a tick removes
   * nothing, simulation.ts), with the meta record of now.
   */
  private recordsNow(writes: WorldWrites): WorldBatch {
    return commitBatch(this.world, writes, this.sync !== null);
  }

  /** The world's change since the last commit, and the records it writes (none: nothing stored changed). */
  private take(now: number): { change: WorldChange | null; batch: WorldBatch | null; writes: WorldWrites | null } {
    this.search.follow();
    const taken = this.world.takeChange(now);
    if (taken?.writes) this.taken++;
    if (!taken?.writes) return { change: taken?.change ?? null, batch: null, writes: null };
    this.world.savedAt = now;
    // In a team world a removed entity's history stays: every laptop keeps the team's record.
    return { change: taken.change, batch: commitBatch(this.world, taken.writes, this.sync !== null), writes: taken.writes };
  }
}

/** The history records a commit deletes with their entities. */
function deletedHistory(del: WorldBatch['del']): Set<HistoryOwner> {
  const out = new Set<HistoryOwner>();
  for (const { kind, id } of del) if (kind === HISTORY_KIND) out.add(id as HistoryOwner);
  return out;
}
