/**
 * One laptop's sync with its PouchDB (issue 21, docs/sync.md): the drainer moves the stored
 * outbox into the database, and the inbox takes other laptops' changes into the world as engine
 * commits, with the checkpoint it read up to, the revisions it took and what it could not take, in
 * the same transaction, so each change is taken exactly once, also by the next leading tab.
 * Replication between the laptop's database and the server's is PouchDB's; this is what lies
 * between it and the world.
 */
import type { Engine } from '../engine/engine';
import type { WorldBatch, WorldStore } from '../engine/store/worldStore';
import { HEARD_KIND, INBOX_KIND, NOT_TAKEN_KIND } from './records';
import { conflictOf, SETTLED, type Conflict } from './in/conflicts';
import type { StoredDoc, SyncDatabase } from './doc/database';
import { drainStored } from './out/drainer';
import { actionOf, readAgain, readChanges, READ_BATCH, type Read } from './in/inbox';
import { Overlay, type SyncJournal } from './out/journal';
import type { HeldRevisions } from './doc/held';
import type { TakenIntoWorld } from './in/takenIntoWorld';
import { TeamTake } from './teamTake';
import { stampOf } from './doc/syncStamp';
import type { Role } from '../domain/roles';
import { writeOwnWorld } from './ownWorld';
import { NotTaken, type NotTakenChange } from './in/notTaken';
import { LastHeard } from './in/lastHeard';
import { capturesPutAgain } from './in/capturesPutAgain';
import { readTeamDoc } from './doc/teamDoc';
import { isHistoryDocId } from './doc/docIds';

/** The record of the take's checkpoint (stored under this id, and its seq as `since`, since issue 21). */
const CHECKPOINT_ID = 'position';

/** What one take answers (SyncSession.takeIn). */
export interface TakeResult {
  /** how many of the world's documents the world took in (history entries are counted apart, in `world.history`) */
  taken: number;
  /** what the world took, refused and left waiting */
  world: TakenIntoWorld | null;
  /** an action moved a revision the read compared with: nothing was taken, read again */
  stale?: true;
  /** the changes feed holds more past what was read: take again */
  more?: true;
}

export class SyncSession {
  private constructor(
    private readonly engine: Engine,
    private readonly store: WorldStore,
    readonly db: SyncDatabase,
    private readonly journal: SyncJournal,
    /** How far the take has read the laptop's database's changes (a seq of that database). */
    private checkpoint: number | string,
    /** The documents in conflict (ids), as the inbox last found them; stored with its checkpoint. */
    readonly conflicted: Set<string>,
    /** The team's changes not taken into the world, and why (docs/sync.md#what-is-not-taken). */
    readonly notTaken: NotTaken,
    /** Documents a store of an earlier version listed as pending: read again at the next take. */
    private leftToRead: Set<string>,
    /** When each teammate was last heard from, on each laptop (the Team page). */
    readonly lastHeard: LastHeard,
  ) {}

  /** Documents read again at the next take as if the feed had just read them (their action whole, or arriving). */
  private readonly readWithAction = new Set<string>();

  /** The session of a laptop whose store holds its journal (syncedDocs held) and the take's checkpoint. */
  /** The role this laptop's documents say their writer acts in now (issue 52), or undefined. */
  get role(): Role | undefined {
    return this.journal.role;
  }

  static async open(engine: Engine, store: WorldStore, db: SyncDatabase, journal: SyncJournal): Promise<SyncSession> {
    const stored = (await store.readKind(INBOX_KIND)).find(([id]) => id === CHECKPOINT_ID)?.[1];
    const checkpoint = typeof stored?.since === 'number' || typeof stored?.since === 'string' ? stored.since : 0;
    const ids = (list: unknown) => (Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : []);
    const notTaken = new NotTaken(await store.readKind(NOT_TAKEN_KIND));
    const lastHeard = new LastHeard(await store.readKind(HEARD_KIND));
    return new SyncSession(engine, store, db, journal, checkpoint, new Set(ids(stored?.conflicted)), notTaken, new Set(ids(stored?.pending)), lastHeard);
  }

  /**
   * A team world made from this laptop's own (it joins a world that holds none yet; in tests, the
   * sample alike on every laptop): every document is held at the revision its body gives, in the
   * store and in the database, so the first sync compares revisions and moves no bodies.
   */
  static async fromOwnWorld(engine: Engine, store: WorldStore, db: SyncDatabase, journal: SyncJournal): Promise<SyncSession> {
    await writeOwnWorld(engine, store, db, journal);
    return SyncSession.open(engine, store, db, journal);
  }

  /** Where the outbox had been drained up to: nothing new to drain until the journal writes past it. */
  private drainedBefore = -1;

  /** The outbox holds what the laptop's database does not yet (an action answered a moment ago). */
  get undrained(): boolean {
    return this.journal.nextRecord !== this.drainedBefore;
  }

  /** Who this laptop's documents say wrote them: its team account, or the person signed in here. */
  get author(): string {
    return this.journal.by(this.engine.world);
  }

  /**
   * The server refused documents of this laptop's (docs/sync.md#who-can-do-what): listed with the
   * server's reason, never dropped in silence and never sent again blind; they stay in the
   * laptop's database, and go again when a person asks.
   */
  async denied(docs: readonly { id: string; why: string }[], now: number): Promise<void> {
    const change = this.notTaken.change();
    for (const { id, why } of docs) {
      if (!id) continue;
      change.set(id, { state: 'denied', rev: '', why: `The team server refused this change: ${why}. It is kept on this laptop; if it should be allowed, ask your team’s admin, then send it again.`, stamp: stampOf({ by: this.author, laptop: this.journal.laptop }, now, '') });
    }
    const records = change.records();
    await this.store.commit({ put: records.put, del: records.del });
    change.apply();
  }

  /**
   * No longer lists these (they are sent again, or the server holds them now). A refusal took the
   * place of what the take knew of each (a teammate's document still arriving or waiting, sent again
   * after the server lost the world): each is read again at the next take, with its action.
   */
  async forget(ids: readonly string[]): Promise<void> {
    const change = this.notTaken.change();
    for (const id of ids) {
      change.delete(id);
      this.readWithAction.add(id);
    }
    const records = change.records();
    await this.store.commit({ put: records.put, del: records.del });
    change.apply();
  }

  /**
   * Moves the stored outbox into the database; answers the action of each document it wrote, told
   * first to `counted` (the count of what is unsent). Told before the drain is said done: in
   * between, a leave that looked would have found nothing in the outbox, nothing undrained and
   * nothing unsent, and left with the action never sent (found by the random schedules).
   */
  async drain(counted?: (actions: string[]) => void): Promise<string[]> {
    // Most takes follow no action of this laptop's: the store is not read for an outbox that is empty.
    const next = this.journal.nextRecord;
    if (next === this.drainedBefore) return [];
    const drained = await drainStored(this.store, this.db);
    counted?.(drained);
    this.drainedBefore = next;
    return drained;
  }

  /**
   * Takes what the database holds past the checkpoint into the world, a batch at a time (`limit`),
   * in one engine commit with the new checkpoint, the held revisions and what could not be taken.
   * The database is read while actions go on (syncing never delays an action's answer); the
   * commit then checks, while no action runs, that the world still holds the revisions the read
   * compared with. If an action moved one in between, nothing is taken and the answer says to read
   * again. If the store refuses, nothing moves either.
   *
   * `whole` false: replication has not caught up, so an action of which only some documents have
   * arrived is left arriving until the rest has (the world never shows half of another laptop's
   * action); true: what is still missing is not coming (a later change replaced it).
   */
  async takeIn(whole = true, limit = READ_BATCH): Promise<TakeResult> {
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
    // What the inbox settles it signs as this laptop's account where a team server checks stamps.
    const as = this.journal.author ? { ...SETTLED, by: this.journal.author, laptop: this.journal.laptop } : undefined;
    const read = await readChanges(this.db, this.checkpoint, recording, limit, as);
    const fed = new Set(read.docs.map((d) => d._id));
    const forgotten = [...this.readWithAction];
    this.readWithAction.clear();
    const unread = forgotten.filter((id) => !fed.has(id));
    read.docs.push(...(await readAgain(this.db, unread)));
    read.ids.push(...unread);
    // This laptop's own history entries come back through its database: its records hold them already.
    read.docs = read.docs.filter((d) => !(isHistoryDocId(d._id) && (d.stamp as { laptop?: unknown } | undefined)?.laptop === this.journal.laptop));
    const notTaken = this.notTaken.change(true);
    // Every stamp read, taken or not: whom this laptop has heard from, kept with the take.
    const heard = this.lastHeard.heard(read.docs, this.journal.laptop);
    const { take, arriving } = this.arrivedWhole(read.docs, whole);
    // What a store of an earlier version left to read, and the rest of an action now whole, are read
    // again; so is what waits for any document this take reads: one read from the feed, and one of
    // those read again (the media set of an action now whole wakes the drive that names it, else
    // nothing would ever wake it: docs/sync.md#what-is-not-taken).
    const reread = [...this.leftToRead, ...take.again];
    const again = new Set([...reread, ...this.notTaken.waitersOf([...read.ids, ...reread])]);
    for (const doc of read.docs) again.delete(doc._id);
    const docs = [...take.docs, ...(await readAgain(this.db, again))];
    docs.push(...(await readAgain(this.db, capturesPutAgain(docs, this.engine.world.index))));
    const judged = { conflicts: read.conflicts, agreed: read.agreed, settle: read.settle };
    // A document whose version the world holds already (read, or read again) is no longer listed.
    const toTake = new Set(docs.map((d) => d._id));
    for (const doc of arriving) toTake.add(doc._id);
    for (const id of [...read.ids, ...again]) if (!toTake.has(id)) notTaken.delete(id);
    for (const doc of arriving) notTaken.set(doc._id, { state: 'arriving', rev: doc._rev, why: 'arriving: the rest of its action has not arrived yet', stamp: readTeamDoc(doc).stamp });
    if (!docs.length) {
      // Nothing for the world (this laptop's own changes coming back, or an action still arriving):
      // the checkpoint, the conflicts and what is not taken move on without an engine commit, so no action waits for it.
      const records = notTaken.records();
      const put = [...records.put, ...heard.records.put];
      const del = [...records.del, ...heard.records.del];
      if (read.since !== this.checkpoint || put.length || del.length) await this.store.commit({ put: [...put, this.checkpointRecord(read.since, judged)], del });
      heard.apply();
      this.landed(read.since, judged, notTaken);
      await this.settle(judged.settle);
      return { taken: 0, world: null, ...(read.more ? { more: true } : {}) };
    }
    const intake = new TeamTake(this.journal, { docs, overlay, compared, notTaken, checkpoint: () => this.checkpointRecord(read.since, judged), from: this.checkpoint, beside: heard.records });
    const world = await this.engine.team.takeIn(intake);
    if (!world) {
      // Stale: read once more in the take that follows.
      for (const id of forgotten) this.readWithAction.add(id);
      return { taken: 0, world: null, stale: true };
    }
    intake.landed();
    heard.apply();
    this.landed(read.since, judged, notTaken);
    await this.settle(judged.settle);
    // The world's documents; the history entries taken beside them are in `world.history`.
    return { taken: world.taken.length - world.history.length, world, ...(read.more ? { more: true } : {}) };
  }

  /**
   * Which of the documents read belong to an action not arrived whole (left arriving, unless `whole`),
   * and which documents left arriving before are now whole with what arrived (taken with it).
   */
  private arrivedWhole(docs: readonly StoredDoc[], whole: boolean): { take: { docs: StoredDoc[]; again: string[] }; arriving: StoredDoc[] } {
    const byAction = new Map<string, StoredDoc[]>();
    const take: StoredDoc[] = [];
    for (const doc of docs) {
      const action = actionOf(doc);
      if (!action) take.push(doc);
      else {
        const same = byAction.get(action.action);
        if (same) same.push(doc);
        else byAction.set(action.action, [doc]);
      }
    }
    const again: string[] = whole ? this.notTaken.allArriving() : [];
    const arriving: StoredDoc[] = [];
    for (const [action, here] of byAction) {
      const ids = new Set(here.map((d) => d._id));
      const before = [...this.notTaken.arriving(action)].filter((id) => !ids.has(id));
      const { docs: written } = actionOf(here[0]!)!;
      if (whole || here.length + before.length >= written) {
        take.push(...here);
        again.push(...before);
      } else arriving.push(...here);
    }
    return { take: { docs: take, again }, arriving };
  }

  private landed(checkpoint: number | string, judged: Pick<Read, 'conflicts' | 'agreed'>, notTaken: NotTakenChange): void {
    for (const id of judged.agreed) this.conflicted.delete(id);
    for (const id of judged.conflicts) this.conflicted.add(id);
    notTaken.apply();
    this.checkpoint = checkpoint;
    this.leftToRead.clear();
  }

  private async settle(settle: Read['settle']): Promise<void> {
    if (settle.length) await this.db.bulkDocs(settle, { new_edits: false });
  }

  /** The take's stored checkpoint, with the conflicts as they are once `judged` is applied. */
  private checkpointRecord(since: number | string, judged: Pick<Read, 'conflicts' | 'agreed'>): WorldBatch['put'][number] {
    const conflicted = new Set(this.conflicted);
    for (const id of judged.agreed) conflicted.delete(id);
    for (const id of judged.conflicts) conflicted.add(id);
    return { kind: INBOX_KIND, id: CHECKPOINT_ID, record: { o: 0, since, conflicted: [...conflicted] } };
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
