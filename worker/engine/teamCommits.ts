/**
 * The engine's commits for team sync (docs/sync.md#the-inbox): other laptops' changes taken into
 * the world, the team's world adopted when a laptop joins one, and history entries made elsewhere.
 * Each runs on the writer's queue with the clock held, as an action does, and writes sync's own
 * records in the same transaction. What sync does besides is behind the port (syncPort.ts).
 */
import type { Db } from '../domain/dataFile';
import type { HistoryEntry } from '../domain/history';
import { isSimulationSpeed } from '../domain/session';
import type { Clock } from './clock';
import { appendsOf } from './historyBook';
import { step } from './simulation';
import type { WorldBatch } from './store/worldStore';
import type { Intake, Taken } from './syncPort';
import type { World } from './world';
import type { Writer } from './writer';

export interface TeamCommitParts {
  world: World;
  writer: Writer;
  clock: Clock;
  /** Resolves once the whole world is loaded: nothing is taken into a world still being read. */
  loaded: () => Promise<void>;
  /** The world was replaced by the team's: the next tick catches up at once. */
  adopted: () => void;
}

/** Entries made elsewhere say when this laptop learnt of them (an entry that says already keeps its own). */
const arrivedAt = (entries: readonly HistoryEntry[], now: number): HistoryEntry[] => entries.map((e) => (e.arrivedAt === undefined ? { ...e, arrivedAt: now } : e));

export class TeamCommits {
  constructor(private readonly parts: TeamCommitParts) {}

  /**
   * Other laptops' changes: once no action runs, `intake` says whether an action moved what its
   * read compared; if not, its changes to the world and sync's records written with them land in
   * one commit, after the step before it (a tick, as before an action). Answers what the take
   * answered, or null when the intake was stale (nothing taken). Throws if the store refused the
   * commit (nothing changed).
   */
  async takeIn<T extends Taken>(intake: Intake<T>): Promise<T | null> {
    const { world, writer, clock } = this.parts;
    await this.parts.loaded();
    return writer.exclusive(async () => {
      if (writer.unsaved !== null) throw new Error(writer.unsaved);
      if (intake.stale) return null;
      const now = clock.now();
      step(world, now);
      writer.commitTick(now);
      let result: T;
      try {
        result = intake.take(world, now);
      } catch (error) {
        // A fault half way: the world goes back to what the store holds, and nothing is taken.
        await writer.rollBack();
        throw error;
      }
      // Those of an entity removed are kept as well, as every laptop of the team keeps them (docs/history.md#sync).
      await writer.commitTaken(now, intake.written(result, world, now), appendsOf(arrivedAt(result.history, now)));
      return result;
    });
  }

  /**
   * The team's world replaces this laptop's (joining a world that has one), with sync's records
   * in the same transaction (docs/sync.md#joining-leaving-switching-worlds). Throws, with nothing
   * changed, if refused.
   */
  async adoptWorld(db: Db, put: WorldBatch['put'], speed: number): Promise<void> {
    const { world, writer, clock } = this.parts;
    await this.parts.loaded();
    await writer.exclusive(async () => {
      const flags = world.flags;
      try {
        if (speed !== flags.speed && isSimulationSpeed(speed)) world.setFlags({ ...flags, speed });
        await writer.replace(db, clock.now(), undefined, put);
      } catch (error) {
        world.flags = flags;
        await writer.rollBack();
        throw error;
      }
      this.parts.adopted();
      writer.replacements.emit({});
    });
  }

  /**
   * Entries made elsewhere (a conflict settled here, docs/history.md#sync), kept in their records:
   * each once, however often it arrives, since a record skips an id it holds. Throws if the store
   * refused.
   */
  async takeHistory(entries: readonly HistoryEntry[]): Promise<void> {
    const { writer, clock } = this.parts;
    await this.parts.loaded();
    const now = clock.now();
    await writer.exclusive(() => writer.commitTaken(now, { put: [], del: [] }, appendsOf(arrivedAt(entries, now))));
  }
}
