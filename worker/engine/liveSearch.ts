/**
 * The search index kept in step with the world: each commit's changes go in as they land, and a
 * whole new world is indexed a moment after it is shown (or at the first query, if that comes
 * sooner): at 100 000 surveys building the index is a good part of a boot.
 */
import type { SearchEntry } from '../domain/types';
import { TICK_MS } from '../domain/constants';
import type { Cancel, Clock } from './clock';
import { SEARCHED_KINDS, SearchIndex } from './search';
import type { World } from './world';

export class LiveSearch {
  private readonly index: SearchIndex;
  private stale = false;
  private pending: Cancel | null = null;

  constructor(
    private readonly world: World,
    private readonly clock: Clock,
  ) {
    this.index = new SearchIndex(() => world.index);
  }

  /** The world was replaced: index it a tick from now. */
  rebuildSoon(): void {
    this.stale = true;
    this.pending ??= this.clock.after(TICK_MS, () => {
      this.pending = null;
      if (this.stale) this.rebuild();
    });
  }

  /** The entities the coming commit changed or removed (before `World.commit` clears them). */
  follow(): void {
    if (this.stale) return;
    for (const kind of SEARCHED_KINDS) {
      for (const id of this.world.changedIds(kind)) this.index.update(kind, id);
      for (const id of this.world.removedIds(kind)) this.index.update(kind, id);
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

  private rebuild(): void {
    this.stop();
    this.index.rebuild();
    this.stale = false;
  }
}
