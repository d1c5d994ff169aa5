/**
 * One take as the engine is handed it (docs/sync.md#the-inbox): the documents a read found, and
 * what it compared of the held revisions. The engine asks it, once no action runs, whether an
 * action has moved one of those since (`stale`: nothing is taken, the loop reads again); else it
 * puts the documents into the world (`take`) and writes, in the same commit, what the take gives
 * beside them (`written`). It joins both wings: what comes in, and the held revisions and answers
 * that go out.
 */
import type { WorldBatch } from '../engine/store/worldStore';
import type { Intake } from '../engine/syncPort';
import type { World } from '../engine/world';
import type { StoredDoc } from './doc/database';
import { isHistoryDocId } from './doc/docIds';
import { heldOf } from './doc/held';
import { heldRecords } from './doc/heldStore';
import { readTeamDoc } from './doc/teamDoc';
import type { NotTakenChange } from './in/notTaken';
import { takeIntoWorld, type TakenIntoWorld } from './in/takenIntoWorld';
import type { JournalEntry, Overlay, SyncJournal } from './out/journal';

export interface TakeRead {
  /** The documents to put into the world. */
  docs: readonly StoredDoc[];
  /** The held revisions as the take sees them: the laptop's, with what it moves on top. */
  overlay: Overlay;
  /** The held revision the read compared each document with (undefined: none was held). */
  compared: ReadonlyMap<string, string | undefined>;
  /** What is no longer, or now, not taken. */
  notTaken: NotTakenChange;
  /** The take's new checkpoint, with the conflicts as they stand once it lands. */
  checkpoint(): WorldBatch['put'][number];
  /** Where the take began to read (the checkpoint before it): the id of the answer it writes tells one take from another. */
  from: number | string;
  /** Other records written with the take (whom it heard from: in/lastHeard.ts). */
  beside: Pick<WorldBatch, 'put' | 'del'>;
}

export class TeamTake implements Intake<TakenIntoWorld> {
  /** What the journal writes with this take (the answers to refused versions), moved on once it has landed. */
  private answers: JournalEntry | null = null;

  constructor(
    private readonly journal: SyncJournal,
    private readonly read: TakeRead,
  ) {}

  get stale(): boolean {
    for (const [id, rev] of this.read.compared) if (this.journal.held.get(id)?.rev !== rev) return true;
    return false;
  }

  take(world: World, now: number): TakenIntoWorld {
    // A sibling taken in this same read stands at its document's place.
    const places = new Map(this.read.docs.map((d) => [d._id, d.at as Record<string, number> | undefined]));
    const placeOf = (id: string) => places.get(id) ?? this.read.overlay.get(id)?.at;
    return takeIntoWorld(world, this.read.docs, now, placeOf);
  }

  /** What a take writes beside the world: held revisions moved on, answers to refused versions, the list of what is not taken, the checkpoint. */
  written(taken: TakenIntoWorld, world: World, now: number): Pick<WorldBatch, 'put' | 'del'> {
    const { overlay, notTaken } = this.read;
    for (const doc of taken.taken) {
      // A history entry is never changed: no revision of it is held (they would be most of what a laptop holds).
      if (!isHistoryDocId(doc._id)) overlay.set(doc._id, heldOf(doc._rev, doc));
      notTaken.delete(doc._id);
    }
    const bases = new Map<string, string>();
    for (const { doc, why, answered } of taken.refused) {
      const stamp = readTeamDoc(doc).stamp;
      if (answered) bases.set(doc._id, doc._rev);
      notTaken.set(doc._id, answered ? { state: 'answered', rev: doc._rev, why, stamp, answeredAt: now } : { state: 'refused', rev: doc._rev, why, stamp });
    }
    for (const { doc, needs, why } of taken.waiting) notTaken.set(doc._id, { state: 'waiting', rev: doc._rev, why, stamp: readTeamDoc(doc).stamp, needs });
    if (bases.size) this.answers = this.journal.answer(world, bases, now, `answer:${this.journal.laptop}:${now}:${String(this.read.from)}`, overlay);
    const records = notTaken.records();
    return { put: [...(this.answers?.put ?? []), ...heldRecords(overlay.own), ...records.put, ...this.read.beside.put, this.read.checkpoint()], del: [...records.del, ...this.read.beside.del] };
  }

  /** The commit has landed: the held revisions it wrote are the laptop's. */
  landed(): void {
    this.answers?.landed();
    this.journal.adopt(this.read.overlay.own);
  }
}
