/**
 * One laptop's sync with its PouchDB (issue 21, docs/sync.md): the drainer moves the stored
 * outbox into the database, and the inbox takes other laptops' changes into the world as engine
 * commits, with the position it read up to and the revisions it took in the same transaction, so
 * each change is taken exactly once, also by the next leading tab. Replication between the
 * laptop's database and the server's is PouchDB's; this is what lies between it and the world.
 */
import type { Engine } from '../engine/engine';
import { INBOX_KIND, type WorldBatch, type WorldStore } from '../engine/store/worldStore';
import { conflictOf, type Conflict } from './conflicts';
import type { SyncDatabase } from './database';
import { drainStored } from './drainer';
import { takeIn } from './inbox';
import { Overlay, type SyncJournal } from './journal';
import type { HeldRevisions } from './outbox';
import type { TakenIntoWorld } from './takenIntoWorld';
import { seedDocs } from './seed';
import { heldPacks, heldRecords } from './heldStore';

const POSITION_ID = 'position';

export interface Inbound {
  /** how many documents the world took in */
  taken: number;
  /** what the world refused, and flags whose survey it does not hold */
  world: TakenIntoWorld | null;
  /** an action moved a revision the read compared with: read again */
  again?: true;
}

export class SyncSession {
  private constructor(
    private readonly engine: Engine,
    private readonly store: WorldStore,
    readonly db: SyncDatabase,
    private readonly journal: SyncJournal,
    private since: number | string,
    /** The documents in conflict (ids), as the inbox last found them; stored with its position. */
    readonly conflicted: Set<string>,
    /**
     * Documents the world could not take yet (one that names what has not arrived, a flag whose
     * survey is not here), tried again at every take; stored with the position.
     */
    private pending: Set<string> = new Set(),
  ) {}

  /** How many documents wait to be taken into the world (what they name, or the rest of their action, has not arrived). */
  get heldBack(): number {
    return this.pending.size;
  }

  /** The session of a laptop whose store holds its journal (syncedDocs held) and inbox position. */
  static async open(engine: Engine, store: WorldStore, db: SyncDatabase, journal: SyncJournal): Promise<SyncSession> {
    const [position] = await store.readKind(INBOX_KIND);
    const stored = position?.[1];
    const since = typeof stored?.since === 'number' || typeof stored?.since === 'string' ? stored.since : 0;
    const ids = (list: unknown) => (Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : []);
    return new SyncSession(engine, store, db, journal, since, new Set(ids(stored?.conflicted)), new Set(ids(stored?.pending)));
  }

  /**
   * Joins a world from this laptop's own (the sample, seeded alike everywhere): every document is
   * held at the revision its body gives, in the store and in the database, so the first sync
   * compares revisions and moves no bodies.
   */
  static async seed(engine: Engine, store: WorldStore, db: SyncDatabase, journal: SyncJournal): Promise<SyncSession> {
    await engine.settled();
    const { docs, held } = seedDocs(engine.world.toDb(), engine.world.flags.speed);
    await store.commit({ put: heldPacks(held), del: [] });
    journal.adopt(held);
    await db.bulkDocs(docs, { new_edits: false });
    return SyncSession.open(engine, store, db, journal);
  }

  /** Moves the stored outbox into the database; answers how many records. */
  drain(): Promise<number> {
    return drainStored(this.store, this.db);
  }

  /**
   * Takes what the database holds past the position into the world, in one engine commit with the
   * new position and held revisions. The database is read while actions go on (syncing never
   * delays an action's answer); the commit then checks, while no action runs, that the world still
   * holds the revisions the read compared with. If an action moved one in between, nothing is
   * taken and the answer says to read again. If the store refuses, nothing moves either.
   */
  async takeIn(whole = true): Promise<Inbound> {
    const overlay = new Overlay(this.journal.held);
    const compared = new Map<string, string | undefined>();
    const recording: HeldRevisions = {
      get: (id) => {
        const held = overlay.get(id);
        if (!overlay.own.has(id) && !compared.has(id)) compared.set(id, held?.rev);
        return held;
      },
      set: (id, held) => overlay.set(id, held),
      keys: () => overlay.keys(),
    };
    // What the world could not take yet (a survey whose media set has not arrived), and what an
    // action not yet arrived whole held back, is tried again.
    const taken = await takeIn(this.db, this.since, recording, { again: this.pending, whole });
    for (const id of taken.agreed) this.conflicted.delete(id);
    for (const id of taken.conflicts) this.conflicted.add(id);
    if (!taken.docs.length) {
      // Nothing for the world (this laptop's own changes coming back, or an action still arriving):
      // the position, the conflicts and what waits move on without an engine commit, so no action waits for it.
      const waiting = new Set(taken.waiting);
      if (taken.since !== this.since || !sameIds(waiting, this.pending)) {
        await this.store.commit({ put: [this.position(taken.since, waiting)], del: [] });
        this.since = taken.since;
        this.pending = waiting;
      }
      if (taken.settle.length) await this.db.bulkDocs(taken.settle, { new_edits: false });
      return { taken: 0, world: null };
    }
    let stale = false;
    let pending = this.pending;
    const world = await this.engine.takeIn(async () => {
      for (const [id, rev] of compared) if (this.journal.held.get(id)?.rev !== rev) stale = true;
      if (stale) return null;
      const put = (world: TakenIntoWorld): WorldBatch['put'] => {
        pending = new Set([...world.refused.map((r) => r.id), ...world.orphans, ...taken.waiting]);
        return [...heldRecords(overlay.own), this.position(taken.since, pending)];
      };
      return { docs: taken.docs, put, placeOf: (id: string) => overlay.get(id)?.at };
    });
    if (stale) return { taken: 0, world: null, again: true };
    if (!world) return { taken: 0, world: null };
    this.pending = pending;
    this.journal.adopt(overlay.own);
    this.since = taken.since;
    if (taken.settle.length) await this.db.bulkDocs(taken.settle, { new_edits: false });
    return { taken: taken.docs.length, world };
  }

  /** The inbox's stored position, with the conflicts and the documents still waiting. */
  private position(since: number | string, pending: ReadonlySet<string>): WorldBatch['put'][number] {
    return { kind: INBOX_KIND, id: POSITION_ID, record: { o: 0, since, conflicted: [...this.conflicted], pending: [...pending] } };
  }

  /** The conflicts still open, each with every version standing. */
  async conflicts(): Promise<Conflict[]> {
    const found: Conflict[] = [];
    for (const id of [...this.conflicted].sort()) {
      const conflict = await conflictOf(this.db, id);
      if (conflict) found.push(conflict);
      else this.conflicted.delete(id);
    }
    return found;
  }
}

const sameIds = (a: ReadonlySet<string>, b: ReadonlySet<string>) => a.size === b.size && [...a].every((id) => b.has(id));
