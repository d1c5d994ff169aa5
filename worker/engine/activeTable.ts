/**
 * The active workflows, by slot (issue #11). Every tick, up to a thousand working stages move.
 *
 * Each active workflow has a slot, a row of numbers in contiguous arrays (its stage's start and
 * end, and the percent and time left last shown). A tick reads those rows and touches an entity
 * only when what it shows changes or its stage ends; at 100 000 surveys the entities lie
 * scattered over a large heap, and visiting a thousand of them each tick was most of a tick's
 * cost. What a tick showed is taken as patches by id (`takePatches`), for the rows of the open
 * views that show those stages (worker/views/registry.ts).
 */
import type { Capture, Id, Media, Survey } from '../domain/types';
import { formatDuration, progressAt, remainingSAt } from '../domain/workflow';

/** The kinds whose workflows the clock moves. */
export type ProgressKind = 'surveys' | 'media' | 'captures';

export const PROGRESS_KINDS: readonly ProgressKind[] = ['media', 'surveys', 'captures'];

/** An entity the clock moves. */
export type Timed = Survey | Media | Capture;

export class KindTable {
  private readonly slotOf = new Map<Id, number>();
  private free: number[] = [];
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
  /**
   * This commit's patches, `patchCount` of them: the id, percent and simulated seconds left of
   * each. Kept between commits and written over, as a thousand a step were a new array's worth of
   * garbage at every action and tick.
   */
  patchCount = 0;
  readonly patchedIds: Id[] = [];
  patchPercent = new Float64Array(64);
  patchLeft = new Float64Array(64);

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

  /** The workflow is active: its slot, its times and shown figures read again. */
  enter(id: Id, entity: Timed): void {
    let s = this.slotOf.get(id);
    if (s === undefined) {
      s = this.free.pop() ?? this.size++;
      if (s >= this.start.length) this.grow();
      this.slotOf.set(id, s);
      this.ids[s] = id;
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
    this.free.push(s);
  }

  /** Shows new figures for slot `s`: in its entity's stage view, and as a patch. */
  show(s: number, percent: number, remainingS: number, text: string): void {
    const view = this.entities[s]!.stage;
    view.progress = percent;
    view.remainingS = remainingS;
    view.remainingText = text;
    this.percent[s] = percent;
    this.left[s] = remainingS;
    const n = this.patchCount++;
    if (n >= this.patchPercent.length) {
      this.patchPercent = doubled(this.patchPercent);
      this.patchLeft = doubled(this.patchLeft);
    }
    this.patchedIds[n] = this.ids[s]!;
    this.patchPercent[n] = percent;
    this.patchLeft[n] = remainingS;
  }

  /** The patches have been taken. */
  taken(): void {
    this.patchCount = 0;
  }

  private grow(): void {
    this.start = doubled(this.start);
    this.end = doubled(this.end);
    this.percent = doubled(this.percent);
    this.left = doubled(this.left);
  }
}

function doubled(a: Float64Array<ArrayBuffer>): Float64Array<ArrayBuffer> {
  const b = new Float64Array(a.length * 2);
  b.set(a);
  return b;
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
    return PROGRESS_KINDS.some((kind) => this.kinds[kind].patchCount > 0);
  }

  /**
   * This commit's progress as [kind, id, percent, remainingS]; the patches of entities in `whole`
   * (changed whole: their new rows carry their progress) are left out.
   */
  takePatches(whole: (kind: ProgressKind) => ReadonlySet<Id> | undefined): [ProgressKind, Id, number, number][] {
    const out: [ProgressKind, Id, number, number][] = [];
    for (const kind of PROGRESS_KINDS) {
      const k = this.kinds[kind];
      const sent = whole(kind);
      for (let i = 0; i < k.patchCount; i++) {
        const id = k.patchedIds[i]!;
        if (!sent?.has(id)) out.push([kind, id, k.patchPercent[i]!, k.patchLeft[i]!]);
      }
      k.taken();
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
}
