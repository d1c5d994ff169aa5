/**
 * The search index kept in step with the world: each commit's changes go in as they land, and a
 * whole new world is indexed a moment after it is shown (or at the first query, if that comes
 * sooner): at 100 000 surveys building the index is a good part of a boot. It is built aside, a
 * slice of entities per task (docs/views.md#the-users-path); what commits change meanwhile is noted
 * and brought up to date once the build is adopted.
 */
import { entityKey } from '../domain/names';
import type { Id, SearchEntry } from '../domain/types';
import { TICK_MS } from '../domain/constants';
import type { Cancel, Clock } from './clock';
import { SearchIndex } from './search';
import { IndexBuild, SEARCHED_KINDS, type SearchedKind } from './searchBuild';
import type { World } from './world';

/** Entities indexed per task (or 16 times as many rows merged, twice as many laid out): a few milliseconds each on a busy laptop. */
const BUILD_SLICE = 2_500;

export class LiveSearch {
  private readonly index: SearchIndex;
  private stale = false;
  private pending: Cancel | null = null;
  /** Changed while a build was under way: updated once it is adopted. */
  private touched = new Map<string, [SearchedKind, Id]>();

  constructor(
    private readonly world: World,
    private readonly clock: Clock,
  ) {
    this.index = new SearchIndex(() => world);
  }

  /** The world was replaced: index it, in slices, from a tick from now. */
  rebuildSoon(): void {
    this.stop();
    this.stale = true;
    this.touched.clear();
    this.pending = this.clock.after(TICK_MS, () => this.buildInSlices(new IndexBuild(this.world)));
  }

  /** The entities the coming commit changed or removed (before `World.commit` clears them). */
  follow(): void {
    const follow = (kind: SearchedKind, id: Id) => {
      // A build under way covers the world as it was: what changes now is redone once it is adopted.
      if (this.stale) this.touched.set(entityKey(kind, id), [kind, id]);
      else this.index.update(kind, id);
    };
    for (const kind of SEARCHED_KINDS) {
      for (const id of this.world.changedIds(kind)) follow(kind, id);
      for (const id of this.world.removedIds(kind)) follow(kind, id);
    }
  }

  query(text: string): SearchEntry[] {
    if (this.stale) this.rebuild();
    return this.index.query(text);
  }

  stop(): void {
    this.pending?.();
    this.pending = null;
  }

  private buildInSlices(build: IndexBuild): void {
    if (!build.step(BUILD_SLICE)) {
      this.pending = this.clock.after(0, () => this.buildInSlices(build));
      return;
    }
    this.pending = null;
    this.index.adopt(build);
    for (const [kind, id] of this.touched.values()) this.index.update(kind, id);
    this.touched.clear();
    this.stale = false;
  }

  private rebuild(): void {
    this.stop();
    this.index.rebuild();
    this.touched.clear();
    this.stale = false;
  }
}
