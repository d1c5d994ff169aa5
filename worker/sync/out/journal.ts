/**
 * Sync's part of an action's commit (issue 21, docs/sync.md#the-journal): the outbox records of
 * what the action changed, and the laptop's held revisions moved on, written in the action's own
 * transaction. The held revisions move on in memory only once that transaction has landed: a
 * refused commit leaves no record and no revision behind, and the next action starts from the
 * same base as before.
 */
import type { World } from '../../engine/world';
import type { WorldWrites } from '../../engine/worldChange';
import type { Id } from '../../domain/types';
import { entityKey } from '../../domain/names';
import type { StoredRecord } from '../../engine/store/storedForm';
import { HELD_KIND, OUTBOX_KIND } from '../records';
import { actionDocs, addFlags, currentDocs, flagsBySurvey, type Encoded } from './actionDocs';
import { heldRecords } from '../doc/heldStore';
import type { WorldBatch } from '../../engine/store/worldStore';
import type { HistoryEntry } from '../../domain/history';
import { historyDoc } from '../doc/historyDoc';
import { stampOf, type SyncStamp, type Writer } from '../doc/syncStamp';
import type { Role } from '../../domain/roles';
import { roleOf } from '../../domain/teamRoles';
import { contentOfBuilt } from '../doc/revisions';
import { heldOf, type Held, type HeldRevisions } from '../doc/held';
import { answerRecords, outboxRecords, type OutboxRecord } from './outbox';

export type JournalKind = typeof OUTBOX_KIND | typeof HELD_KIND;

/** The held revisions as an action sees them: the laptop's, with the action's own on top. */
export class Overlay implements HeldRevisions {
  readonly own = new Map<string, Held>();
  constructor(private readonly base: HeldRevisions) {}
  get(id: string) {
    return this.own.get(id) ?? this.base.get(id);
  }
  set(id: string, held: Held) {
    this.own.set(id, held);
  }
  *keys() {
    for (const id of this.base.keys()) if (!this.own.has(id)) yield id;
    yield* this.own.keys();
  }
}

export interface JournalEntry {
  put: { kind: JournalKind; id: Id; record: StoredRecord }[];
  /** Called once the commit has landed: the held revisions move on. */
  landed(): void;
}

/** The stamp a tick's documents are compared under (content leaves the stamp out). */
const TICK_STAMP = stampOf({ by: '', laptop: '' }, 0, 'tick');

export class SyncJournal {
  /** The outbox's next record number (records are drained in this order). */
  private next: number;
  /** The held flag documents by survey, made at the first action that needs it. */
  private flagIndex: Map<Id, Set<string>> | null = null;
  /**
   * The team account this laptop writes as (docs/sync.md#signing-in): every document it writes is
   * stamped with it, as the server checks; null where none is known (the person signed in here).
   */
  author: string | null = null;
  /**
   * The account's roles as the server's session says them now (issue 52; its link's settings, which
   * a renewal of the session moves on): every document is stamped with the role they give, which the
   * server checks. Undefined: none known (joined before roles), and no stamp says a role.
   */
  roles: () => readonly string[] | undefined = () => undefined;

  constructor(
    readonly laptop: string,
    readonly held: Map<string, Held>,
    /** The number the next outbox record takes: past every record still stored (drainer.ts). */
    nextRecord = 0,
  ) {
    this.next = nextRecord;
  }

  /** The number the next outbox record takes: the drainer has nothing new while it has drained up to it. */
  get nextRecord(): number {
    return this.next;
  }

  private flags(): Map<Id, Set<string>> {
    return (this.flagIndex ??= flagsBySurvey(this.held.keys()));
  }

  /**
   * A tick changed the world: what time alone moved (a stage that ended) is derived alike on every
   * laptop and never sent, so the held contents follow it, on the same revisions. Otherwise the
   * next action would send a capture whose workflow alone had moved, and a person's change to it on
   * another laptop would meet it as a conflict nobody made.
   */
  ticked(world: World, writes: WorldWrites, batch?: Pick<WorldBatch, 'put'>): void {
    // Time never changes a frame flag: no held flag is looked up.
    const { written } = actionDocs(world, writes, TICK_STAMP, { flags: () => [], places: (id) => this.held.get(id)?.at }, { encoded: encodedIn(batch) });
    for (const doc of written) {
      const held = this.held.get(doc._id);
      // Built by the synced form, its keys are in order already: hashed without ordering them again.
      const fields = doc as unknown as Record<string, unknown>;
      if (held) this.held.set(doc._id, heldOf(held.rev, fields, contentOfBuilt(fields)));
    }
  }

  /** Revisions taken in from other laptops have landed: the laptop holds them now. */
  adopt(taken: ReadonlyMap<string, Held>): void {
    for (const [id, held] of taken) this.held.set(id, held);
    addFlags(this.flags(), taken.keys());
  }

  /** The records the action's commit (`writes`) writes beside its own; none if it changed nothing synced. */
  entry(world: World, writes: WorldWrites, tx: string, now: number, batch?: Pick<WorldBatch, 'put' | 'history'>): JournalEntry {
    const overlay = new Overlay(this.held);
    const stamp = stampOf(this.writer(world), now, tx);
    const held = { flags: (surveyId: Id) => this.flags().get(surveyId) ?? [], places: (id: string) => overlay.get(id)?.at };
    const { written, removed } = actionDocs(world, writes, stamp, held, { speed: true, encoded: encodedIn(batch) });
    const entries = historyEntries(batch);
    const records = outboxRecords(written, removed, stamp, overlay, entries.length);
    const numbered = this.numbered([...records, ...historyRecords(entries, { ...stamp, n: records.length + entries.length })]);
    numbered.put.push(...heldRecords(overlay.own));
    return {
      put: numbered.put,
      landed: () => {
        numbered.landed();
        this.adopt(overlay.own);
      },
    };
  }

  /**
   * The outbox records that answer refused versions (`bases`: document id → the refused revision)
   * with what the world holds (docs/sync.md#what-is-not-taken), over the take's own `held`, which
   * the take adopts once it has landed.
   */
  answer(world: World, bases: ReadonlyMap<string, string>, now: number, tx: string, held: Overlay): JournalEntry {
    const stamp = stampOf(this.writer(world), now, tx);
    const docs = currentDocs(world, [...bases.keys()], stamp, (id) => held.get(id)?.at);
    return this.numbered(answerRecords(docs, bases, stamp, held));
  }

  /** The role this laptop's documents say their writer acts in now, or undefined where none is known. */
  get role(): Role | undefined {
    const roles = this.roles();
    return roles ? roleOf(roles) : undefined;
  }

  /** Who writes this laptop's documents now: the account, this laptop, the role. */
  writer(world: World): Writer {
    const role = this.role;
    return role ? { by: this.by(world), laptop: this.laptop, role } : { by: this.by(world), laptop: this.laptop };
  }

  /** Who this laptop's documents say wrote them: its team account, or the person signed in here. */
  by(world: World): string {
    return this.author ?? world.current.user?.email ?? '';
  }

  /** The outbox's records, numbered in drain order from the next number; it moves on once they landed. */
  private numbered(records: readonly OutboxRecord[]): JournalEntry {
    const first = this.next;
    const put: JournalEntry['put'] = records.map((record, i) => ({
      kind: OUTBOX_KIND,
      id: String(first + i).padStart(12, '0'),
      record: { o: first + i, ...record },
    }));
    return { put, landed: () => (this.next = first + records.length) };
  }
}

/**
 * The records the commit's own batch encoded, by kind and id: an entity's synced document starts
 * from the record the store is given, rather than encoding it a second time (a tick that ends
 * stages at 100 000 surveys, docs/sync.md#the-journal).
 */
function encodedIn(batch: Pick<WorldBatch, 'put'> | undefined): Encoded | undefined {
  if (!batch) return undefined;
  const records = new Map<string, StoredRecord>();
  for (const { kind, id, record } of batch.put) records.set(entityKey(kind, id), record);
  return (kind, id) => records.get(entityKey(kind, id));
}

/** The action's history entries, each once (an entry kept under a media set and its drive is one). */
function historyEntries(batch: Pick<WorldBatch, 'history'> | undefined): HistoryEntry[] {
  const entries = new Map<string, HistoryEntry>();
  for (const { entries: list } of batch?.history ?? []) for (const entry of list) entries.set(entry.id, entry);
  return [...entries.values()];
}

/** The action's history entries as team documents (docs/history.md#sync), each new and never changed: no base, no held revision. */
function historyRecords(entries: readonly HistoryEntry[], stamp: SyncStamp): OutboxRecord[] {
  return entries.map((entry) => {
    const doc = historyDoc(entry, stamp);
    return { id: doc._id, base: null, doc };
  });
}
