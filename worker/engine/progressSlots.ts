/**
 * The active workflows, by slot (issue #11). Every tick, up to a thousand working stages move.
 *
 * For the clock: each active workflow has a slot, a row of numbers in contiguous arrays (its
 * stage's start and end, and the percent and time left last shown). A tick reads those rows and
 * touches an entity only when what it shows changes or its stage ends; at 100 000 surveys the
 * entities lie scattered over a large heap, and visiting a thousand of them each tick was most of
 * a tick's cost.
 *
 * On the wire: an event names a slot once, when it is given, and then carries only numbers:
 * `[slot, percent, remainingS, slot, …]` per kind, about 10 kB for 1 000 patches where ids made
 * 45 kB. `ActiveTable` is the engine's side; `SlotTable` a receiver's (a tab's view hub), which
 * learns every slot from the events in order and the whole table from a snapshot, and asks for a
 * snapshot after a gap. A freed slot is given again only in a later event, with its new name.
 */
import type { ProgressKind, ProgressNumbers, SlotNames } from '../api';
import type { Capture, Id, Media, Survey } from '../domain/types';
import { formatDuration, progressAt, remainingSAt } from '../domain/workflow';

export const PROGRESS_KINDS: readonly ProgressKind[] = ['media', 'surveys', 'captures'];

/** An entity the clock moves. */
export type Timed = Survey | Media | Capture;

export class KindTable {
  private readonly slotOf = new Map<Id, number>();
  private free: number[] = [];
  /** Slots let go in this commit: given again only after its event has left. */
  private freeing: number[] = [];
  /** Slots in use are below `size`; a freed one keeps no entity. */
  size = 0;
  /** Where the next spread tick starts taking stage ends (simulation.ts). */
  cursor = 0;
  readonly ids: (Id | undefined)[] = [];
  readonly entities: (Timed | undefined)[] = [];
  /** The current stage's start and expected end (epoch ms; NaN when it has none). */
  start = new Float64Array(64);
  end = new Float64Array(64);
  /** The percent and simulated seconds left last shown (in the entity's stage view). */
  percent = new Float64Array(64);
  left = new Float64Array(64);
  named: Record<number, Id> | null = null;
  /** This commit's patches, flat: slot, percent, remainingS; and the id of each. */
  patches: number[] = [];
  patched: Id[] = [];

  get count(): number {
    return this.slotOf.size;
  }

  has(id: Id): boolean {
    return this.slotOf.has(id);
  }

  /** The ids of the active workflows. */
  activeIds(): IterableIterator<Id> {
    return this.slotOf.keys();
  }

  /** The workflow is active: its slot (named if new), its times and shown figures read again. */
  enter(id: Id, entity: Timed, name: boolean): void {
    let s = this.slotOf.get(id);
    if (s === undefined) {
      s = this.free.pop() ?? this.size++;
      if (s >= this.start.length) this.grow();
      this.slotOf.set(id, s);
      this.ids[s] = id;
      if (name) (this.named ??= {})[s] = id;
    }
    this.entities[s] = entity;
    const stage = entity.workflow.stages[entity.workflow.current]!;
    this.start[s] = stage.startedAt ?? NaN;
    this.end[s] = stage.expectedEndAt ?? NaN;
    this.percent[s] = entity.stage.progress ?? NaN;
    this.left[s] = entity.stage.remainingS ?? NaN;
  }

  leave(id: Id): void {
    const s = this.slotOf.get(id);
    if (s === undefined) return;
    this.slotOf.delete(id);
    this.ids[s] = undefined;
    this.entities[s] = undefined;
    this.freeing.push(s);
  }

  /** Shows new figures for slot `s`: in its entity's stage view, and as a patch. */
  show(s: number, percent: number, remainingS: number, text: string): void {
    const view = this.entities[s]!.stage;
    view.progress = percent;
    view.remainingS = remainingS;
    view.remainingText = text;
    this.percent[s] = percent;
    this.left[s] = remainingS;
    this.patches.push(s, percent, remainingS);
    this.patched.push(this.ids[s]!);
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

  private grow(): void {
    const bigger = (a: Float64Array) => {
      const b = new Float64Array(a.length * 2);
      b.set(a);
      return b;
    };
    this.start = bigger(this.start);
    this.end = bigger(this.end);
    this.percent = bigger(this.percent);
    this.left = bigger(this.left);
  }
}

const newTables = (): Record<ProgressKind, KindTable> => ({ media: new KindTable(), surveys: new KindTable(), captures: new KindTable() });

export class ActiveTable {
  private kinds = newTables();

  of(kind: ProgressKind): KindTable {
    return this.kinds[kind];
  }

  /** A new world: no slot in use. */
  clear(): void {
    this.kinds = newTables();
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

  /** Every working stage's progress, and the time left its stage view gives, as of `now`. */
  bringUpTo(now: number, speed: number): void {
    for (const kind of PROGRESS_KINDS) {
      for (const e of this.kinds[kind].entities) {
        const stage = e?.workflow.stages[e.workflow.current];
        if (stage?.state !== 'working') continue;
        stage.progress = progressAt(stage, now);
        const left = Math.ceil(remainingSAt(stage, now, speed));
        Object.assign(e!.stage, { progress: Math.floor(stage.progress), remainingS: left, remainingText: formatDuration(left) });
      }
    }
  }

  /** Every slot in use, for a snapshot. */
  table(): SlotNames {
    const out: SlotNames = {};
    for (const kind of PROGRESS_KINDS) out[kind] = this.kinds[kind].table();
    return out;
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
