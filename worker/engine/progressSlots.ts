/**
 * Progress as it travels (issue #11): every tick, up to a thousand working stages move. Keyed by
 * id, their patches were 45 kB an event. Instead each active workflow gets a small number, its
 * slot, for as long as it is active; the event names a slot once, when it is given, and then
 * carries only numbers: `[slot, percent, remainingS, slot, …]` per kind, about 10 kB for 1 000.
 *
 * `ProgressOut` is the engine's side; `SlotTable` a receiver's (a tab's view hub). A receiver
 * learns every slot from the events in order, and the whole table from a snapshot; after a gap it
 * asks for a snapshot. A freed slot is given again only with its new name in the same event as
 * its first patch, so a receiver never reads a patch under a stale name.
 */
import type { ProgressKind, ProgressNumbers, SlotNames } from '../api';
import type { Id } from '../domain/types';

export const PROGRESS_KINDS: readonly ProgressKind[] = ['media', 'surveys', 'captures'];

class KindSlots {
  private readonly slotOf = new Map<Id, number>();
  private readonly free: number[] = [];
  /** Slots let go in this commit: given again only after its event has left. */
  private freeing: number[] = [];
  private next = 0;
  named: Record<number, Id> | null = null;
  /** This commit's patches, flat: slot, percent, remainingS. */
  patches: number[] = [];
  /** The id of each slot with a patch, to leave out the entities an event sends whole. */
  patched: Id[] = [];

  slot(id: Id): number {
    let s = this.slotOf.get(id);
    if (s === undefined) {
      s = this.free.pop() ?? this.next++;
      this.slotOf.set(id, s);
      (this.named ??= {})[s] = id;
    }
    return s;
  }

  release(id: Id): void {
    const s = this.slotOf.get(id);
    if (s === undefined) return;
    this.slotOf.delete(id);
    this.freeing.push(s);
  }

  /** The event has left: its names are known, its freed slots may be given again. */
  sent(): void {
    this.named = null;
    this.patches = [];
    this.patched = [];
    for (const s of this.freeing) this.free.push(s);
    this.freeing = [];
  }

  table(): Record<number, Id> {
    const out: Record<number, Id> = {};
    for (const [id, s] of this.slotOf) out[s] = id;
    return out;
  }
}

export class ProgressOut {
  private kinds: Record<ProgressKind, KindSlots> = { media: new KindSlots(), surveys: new KindSlots(), captures: new KindSlots() };

  add(kind: ProgressKind, id: Id, percent: number, remainingS: number): void {
    const k = this.kinds[kind];
    k.patches.push(k.slot(id), percent, remainingS);
    k.patched.push(id);
  }

  /** The workflow is no longer active (or its entity is gone): its slot may be given again. */
  release(kind: ProgressKind, id: Id): void {
    this.kinds[kind].release(id);
  }

  get pending(): boolean {
    return PROGRESS_KINDS.some((kind) => this.kinds[kind].patches.length > 0);
  }

  /**
   * This commit's progress and the slots it names; the patches of entities in `whole` (sent whole,
   * with their progress) are left out.
   */
  drain(whole: (kind: ProgressKind) => ReadonlySet<Id> | undefined): { progress?: ProgressNumbers; slots?: SlotNames } {
    const out: { progress?: ProgressNumbers; slots?: SlotNames } = {};
    for (const kind of PROGRESS_KINDS) {
      const k = this.kinds[kind];
      const sent = whole(kind);
      let numbers = k.patches;
      if (sent?.size) {
        numbers = [];
        for (let i = 0; i < k.patched.length; i++) {
          if (!sent.has(k.patched[i]!)) numbers.push(k.patches[3 * i]!, k.patches[3 * i + 1]!, k.patches[3 * i + 2]!);
        }
      }
      if (numbers.length) (out.progress ??= {})[kind] = numbers;
      if (k.named) (out.slots ??= {})[kind] = k.named;
      k.sent();
    }
    return out;
  }

  /** Every slot in use, for a snapshot. */
  table(): SlotNames {
    const out: SlotNames = {};
    for (const kind of PROGRESS_KINDS) out[kind] = this.kinds[kind].table();
    return out;
  }

  /** A new world: no slot in use. */
  clear(): void {
    this.kinds = { media: new KindSlots(), surveys: new KindSlots(), captures: new KindSlots() };
  }
}

/** A receiver's names of the slots: from a snapshot, then from every event in order. */
export class SlotTable {
  private names: Record<ProgressKind, Map<number, Id>> = { media: new Map(), surveys: new Map(), captures: new Map() };

  replace(table: SlotNames | undefined): void {
    for (const kind of PROGRESS_KINDS) {
      const map = (this.names[kind] = new Map());
      for (const [slot, id] of Object.entries(table?.[kind] ?? {})) map.set(Number(slot), id);
    }
  }

  learn(named: SlotNames | undefined): void {
    if (!named) return;
    for (const kind of PROGRESS_KINDS) {
      const map = this.names[kind];
      for (const [slot, id] of Object.entries(named[kind] ?? {})) map.set(Number(slot), id);
    }
  }

  /** Calls `visit` for every patch of an event whose slot has a name. */
  read(progress: ProgressNumbers | undefined, visit: (kind: ProgressKind, id: Id, percent: number, remainingS: number) => void): void {
    if (!progress) return;
    for (const kind of PROGRESS_KINDS) {
      const numbers = progress[kind];
      if (!numbers) continue;
      const map = this.names[kind];
      for (let i = 0; i + 2 < numbers.length; i += 3) {
        const id = map.get(numbers[i]!);
        if (id !== undefined) visit(kind, id, numbers[i + 1]!, numbers[i + 2]!);
      }
    }
  }
}
