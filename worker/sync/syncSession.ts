/**
 * One laptop's sync with its PouchDB (issue 21, docs/sync.md): the drainer moves the stored
 * outbox into the database, and the inbox takes other laptops' changes into the world as engine
 * commits, with the position it read up to and the revisions it took in the same transaction, so
 * each change is taken exactly once, also by the next leading tab. Replication between the
 * laptop's database and the server's is PouchDB's; this is what lies between it and the world.
 */
import type { Engine } from '../engine/engine';
import { HELD_KIND, INBOX_KIND, type WorldBatch, type WorldStore } from '../engine/store/worldStore';
import { conflictOf, type Conflict } from './conflicts';
import type { SyncDatabase } from './database';
import { drainStored } from './drainer';
import { takeIn, type Taken } from './inbox';
import { Overlay, type SyncJournal } from './journal';
import { drain, outboxRecords, type Held } from './outbox';
import type { TakenIntoWorld } from './takenIntoWorld';
import { SAMPLE_STAMP, syncedDocs } from './syncedForm';

const POSITION_ID = 'position';

export interface Inbound {
  /** how many documents the world took in */
  taken: number;
  /** what the world refused, and flags whose survey it does not hold */
  world: TakenIntoWorld | null;
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
  ) {}

  /** The session of a laptop whose store holds its journal (syncedDocs held) and inbox position. */
  static async open(engine: Engine, store: WorldStore, db: SyncDatabase, journal: SyncJournal): Promise<SyncSession> {
    const [position] = await store.readKind(INBOX_KIND);
    const stored = position?.[1];
    const since = typeof stored?.since === 'number' || typeof stored?.since === 'string' ? stored.since : 0;
    const conflicted = Array.isArray(stored?.conflicted) ? stored.conflicted.filter((id): id is string => typeof id === 'string') : [];
    return new SyncSession(engine, store, db, journal, since, new Set(conflicted));
  }

  /**
   * Joins a world from this laptop's own (the sample, seeded alike everywhere): every document is
   * held at the revision its body gives, in the store and in the database, so the first sync
   * compares revisions and moves no bodies.
   */
  static async seed(engine: Engine, store: WorldStore, db: SyncDatabase, journal: SyncJournal): Promise<SyncSession> {
    await engine.settled();
    const fresh = new Map<string, Held>();
    const records = outboxRecords(syncedDocs(engine.world.toDb(), SAMPLE_STAMP), [], SAMPLE_STAMP, fresh);
    await store.commit({ put: [...fresh].map(([id, held]) => ({ kind: HELD_KIND, id, record: { o: 0, ...held } })), del: [] });
    journal.adopt(fresh);
    await drain(db, records);
    return SyncSession.open(engine, store, db, journal);
  }

  /** Moves the stored outbox into the database; answers how many records. */
  drain(): Promise<number> {
    return drainStored(this.store, this.db);
  }

  /**
   * Takes what the database holds past the position into the world, in one engine commit with the
   * new position and held revisions. The read runs while no action does, so the revisions it
   * compares are the world's. If the store refuses, nothing moves: the same changes are read again.
   */
  async takeIn(): Promise<Inbound> {
    let taken: Taken | null = null;
    let overlay: Overlay | null = null;
    const world = await this.engine.takeIn(async () => {
      overlay = new Overlay(this.journal.held);
      taken = await takeIn(this.db, this.since, overlay);
      for (const id of taken.agreed) this.conflicted.delete(id);
      for (const id of taken.conflicts) this.conflicted.add(id);
      if (!taken.docs.length && taken.since === this.since) return null;
      const put: WorldBatch['put'] = [...overlay.own].map(([id, held]) => ({ kind: HELD_KIND, id, record: { o: 0, ...held } }));
      put.push({ kind: INBOX_KIND, id: POSITION_ID, record: { o: 0, since: taken.since, conflicted: [...this.conflicted] } });
      const held = overlay;
      return { docs: taken.docs, put, placeOf: (id: string) => held.get(id)?.at };
    });
    const done = taken as Taken | null;
    const own = overlay as Overlay | null;
    if (!done || !own || !world) return { taken: 0, world: null };
    this.journal.adopt(own.own);
    this.since = done.since;
    if (done.settle.length) await this.db.bulkDocs(done.settle, { new_edits: false });
    return { taken: done.docs.length, world };
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
