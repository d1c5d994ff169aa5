/**
 * The localStorage mirror (docs/requirements.md#req-timings, docs/architecture.md#arch-local-storage): the all.json-shaped copy of the world the
 * main thread writes to `db`, handed over 500 ms after the change that landed last, while it fits
 * localStorage. IndexedDB is the record; this is the spec's key kept true.
 */
import type { PersistMessage } from '../api';
import { DATA_VERSION, LOCAL_MIRROR_MAX_CHARS, SAVE_DELAY_MS } from '../domain/constants';
import type { Cancel, Clock } from './clock';
import { serialise } from './persistence';
import type { World } from './world';

/** A rough size of the mirror, to skip serialising a world far too large for localStorage. */
const MIRROR_CHARS_PER_ENTITY = 900;

export class Mirror {
  private listener: ((m: PersistMessage) => void) | null = null;
  private pending: Cancel | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly world: World,
  ) {}

  listen(listener: (m: PersistMessage) => void): () => void {
    this.listener = listener;
    return () => {
      if (this.listener === listener) this.listener = null;
    };
  }

  /** A change landed: hand the copy over 500 ms from now (once, however many land meanwhile). */
  schedule(): void {
    this.pending ??= this.clock.after(SAVE_DELAY_MS, () => {
      this.pending = null;
      this.handOver();
    });
  }

  /** The page is being hidden: the scheduled copy now. */
  flush(): void {
    if (!this.pending) return;
    this.cancel();
    this.handOver();
  }

  cancel(): void {
    this.pending?.();
    this.pending = null;
  }

  private handOver(): void {
    const world = this.world;
    let entities = 0;
    for (const list of Object.values(world.ids)) entities += list.length;
    const db = entities * MIRROR_CHARS_PER_ENTITY <= LOCAL_MIRROR_MAX_CHARS * 4 ? serialise(world.toDb(this.clock.now())) : null;
    const message: PersistMessage = {
      db: db !== null && db.length <= LOCAL_MIRROR_MAX_CHARS ? db : null,
      version: DATA_VERSION,
      savedAt: world.savedAt,
      current: world.current,
      flags: world.flags,
    };
    try {
      this.listener?.(message);
    } catch {
      this.listener = null;
    }
  }
}
