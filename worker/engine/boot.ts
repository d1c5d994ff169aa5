/**
 * A boot (docs/architecture.md#arch-boot): which world the engine starts from, and reading it. With a first look
 * (docs/views.md), the capture table, projects and users are read from their own records and the
 * boot answers at once; the rest of the world is read once the first view has been answered (or
 * after FIRST_LOOK_GRACE_MS), and the world is then replaced whole. Until then only the views of
 * the first look's kinds are answered, and actions, ticks and search wait.
 */
import type { BootAnswer, BootInput, BootProgress, Flash } from '../api';
import { DATA_VERSION } from '../domain/constants';
import { chooseBootWorld, discardsStored, loadSample } from './bootChoice';
import type { Clock } from './clock';
import type { CallLog } from './callLog';
import { FIRST_LOOK_GRACE_MS, FIRST_LOOK_KINDS, firstLook } from './firstLook';
import type { LiveSearch } from './liveSearch';
import { parseCurrent, parseFlags, type LegacyStore } from './persistence';
import { captureRowsBatch } from './commitRecords';
import { unsavedWorld } from './storageFailure';
import { unpackRows } from './store/rowBuckets';
import { CAPTURE_ROWS, type RecordName, type WorldStore } from './store/worldStore';
import { emptyIds, emptyMaps, type World } from './world';
import type { ChangeKind } from './worldChange';
import type { Writer } from './writer';

export interface BootDeps {
  world: World;
  store: WorldStore;
  writer: Writer;
  search: LiveSearch;
  calls: CallLog;
  clock: Clock;
  loadText: (url: string) => Promise<string>;
  legacy?: LegacyStore;
  /** The record that says the stored world is kept whatever its age (EngineDeps.keptWorld). */
  kept?: RecordName;
  /** Answer from a first look when the store allows one. */
  firstLook: boolean;
  /** Told how far a boot from all.json has come (the page's spinner says it). */
  progress?: (p: BootProgress) => void;
  /** A new laptop id, for a store that has none yet (docs/history.md#where). */
  newId: () => string;
  /** The wall clock, never the engine's (stepped in tests): where action numbers begin if the store's cannot be read. */
  wallClock?: () => number;
}

/**
 * How many action numbers a boot leaves unused after the stored one. An engine gives an action its
 * number, then writes it to disk before it applies the next (actionCommit.ts), so at most one number
 * of a dying engine can be missing from a meta record read while its last commit lands.
 */
export const NUMBERS_A_BOOT_SKIPS = 1024;

/**
 * Where this engine's action numbers begin (docs/history.md#where): past the stored number by
 * NUMBERS_A_BOOT_SKIPS. A tab that takes the lead from a dying one can read the meta record from
 * before the dying engine's last commit landed; the stored number alone then gave that action's
 * number again, and two of the laptop's entries one id (docs/testing.md). A meta record that could
 * not be read at all says nothing: the numbers then begin at the wall clock's milliseconds, above
 * any this laptop gave before, since every action is a commit to disk.
 */
export function firstActionNumber(stored: unknown, read: boolean, wallMs: number): number {
  const kept = typeof stored === 'number' && Number.isSafeInteger(stored) && stored > 0 ? stored : 0;
  const wall = Number.isSafeInteger(wallMs) && wallMs > 0 ? wallMs : 0;
  return (read ? kept : Math.max(kept, wall)) + NUMBERS_A_BOOT_SKIPS;
}

export class Boot {
  private started: Promise<BootAnswer> | null = null;
  /** The whole world is loaded (after a first look, later than the boot's answer). */
  private whole: Promise<unknown> = Promise.resolve();
  /** What the world holds: nothing yet, the first look's kinds, or everything. */
  private holding: 'nothing' | 'first look' | 'whole' = 'nothing';
  private openGate = () => {};
  baseUrl = '';

  constructor(private readonly deps: BootDeps) {}

  /** Boots once; later calls answer the session as it stands. */
  start(input: BootInput): Promise<BootAnswer> {
    if (this.started) return this.started.then(() => this.sessionAnswer());
    this.started = this.inSteps(input);
    return this.started;
  }

  get booted(): boolean {
    return this.started !== null;
  }

  /** Resolves once the whole world is loaded. */
  async loaded(): Promise<void> {
    if (this.started) await this.started;
    await this.whole;
  }

  /** Whether the world holds these kinds now. */
  holds(kinds: readonly ChangeKind[]): boolean {
    return this.holding === 'whole' || (this.holding === 'first look' && kinds.every((k) => FIRST_LOOK_KINDS.includes(k)));
  }

  /** Only the first look's kinds are in the world yet: actions, ticks and search wait. */
  get looking(): boolean {
    return this.holding === 'first look';
  }

  /** A view was answered: the rest of the world may be read now. */
  answered(): void {
    if (this.looking) this.deps.clock.after(0, this.openGate);
  }

  /** For tests and the benchmark: the world given, as if booted from it. */
  given(): void {
    this.holding = 'whole';
    this.started ??= Promise.resolve(this.sessionAnswer());
  }

  private sessionAnswer(): BootAnswer {
    const answer: BootAnswer = { current: this.deps.world.current, flags: { ...this.deps.world.flags } };
    if (this.deps.writer.unsaved) answer.unsaved = this.deps.writer.unsaved;
    return answer;
  }

  private async inSteps(input: BootInput): Promise<BootAnswer> {
    const { deps } = this;
    const read = await deps.store.readKinds([]).catch(() => null);
    const meta = read?.meta;
    // Made once and kept in the store: every entry this browser writes says where it was made.
    deps.world.laptop = typeof meta?.laptop === 'string' && meta.laptop ? meta.laptop : deps.newId();
    deps.world.historySeq = firstActionNumber(meta?.historySeq, read !== null, (deps.wallClock ?? Date.now)());
    // The session is the page's already (localStorage); what a slow boot opens is said, not guessed.
    if (meta) deps.progress?.({ step: 'opening', surveys: typeof meta.surveys === 'number' && Number.isSafeInteger(meta.surveys) && meta.surveys >= 0 ? meta.surveys : null });
    const first = deps.firstLook && !discardsStored(input, meta) ? await firstLook(deps.store, deps.clock.now(), deps.kept) : null;
    if (!first) {
      const answer = await this.wholePath(input);
      this.holding = 'whole';
      // Views opened while it booted are answered now.
      deps.writer.replacements.emit({});
      return answer;
    }
    deps.world.loadFirstLook(first);
    this.holding = 'first look';
    // Reading the rest keeps this thread busy for seconds in a large world: it starts once the
    // first view has been answered (the page shows its rows), or after a moment if none asks.
    const gate = new Promise<void>((open) => {
      this.openGate = open;
      deps.clock.after(FIRST_LOOK_GRACE_MS, open);
    });
    // The first look has just read the row buckets and found one row per capture: not read again.
    this.whole = gate.then(() => this.wholePath(input, true)).then(({ notices }) => {
      this.holding = 'whole';
      deps.writer.replacements.emit({ loaded: true, ...(notices ? { notices } : {}) });
    });
    return { ...this.sessionAnswer(), loading: true };
  }

  private async wholePath(input: BootInput, rowsChecked = false): Promise<BootAnswer> {
    const { deps } = this;
    this.baseUrl = input.baseUrl;
    const now = deps.clock.now();
    const { candidate, notices, calls: answered, discardedAt } = await chooseBootWorld({
      input,
      store: deps.store,
      legacy: deps.legacy,
      kept: deps.kept,
      now,
      loadSample: (speed) => loadSample(deps.loadText, this.baseUrl, now, speed, deps.progress),
    });
    for (const id of answered) deps.calls.remember(id);
    const db = candidate?.db ?? { version: DATA_VERSION, index: emptyMaps(), ids: emptyIds(), savedAt: 0, loadedAt: now };
    deps.world.current = candidate?.current ?? parseCurrent(input.stored.current);
    deps.world.flags = candidate?.flags ?? parseFlags(input.stored.flags);
    deps.world.discardedAt = discardedAt;
    if (candidate?.fromStore) {
      deps.world.load(db, candidate.orders);
      // Read whole and unrepaired, the world is what the store holds.
      deps.writer.mirrorsStore = !candidate.repaired?.length;
      deps.search.rebuildSoon();
      // A store written before capture row records were packed (or existed) gets them once, for its
      // next first look.
      if (!rowsChecked) {
        void deps.writer
          .serial(async () => {
            const stored = (await deps.store.readKinds([CAPTURE_ROWS])).records[CAPTURE_ROWS] ?? [];
            if (unpackRows(stored)?.length !== deps.world.ids.captures.length) await deps.store.commit(captureRowsBatch(deps.world, stored.map(([id]) => id)));
          })
          .catch(() => undefined);
      }
    } else {
      // Sample data, a newer localStorage copy or an earlier version's store: written whole, once.
      deps.progress?.({ step: 'storing', surveys: db.ids.surveys.length });
      await deps.writer.exclusive(async () => {
        try {
          // The sample data begins a new history; a newer copy of the stored world keeps its history.
          await deps.writer.replace(db, now, undefined, [], candidate?.source !== 'all.json' && candidate !== null);
        } catch (error) {
          // The world is shown from memory, and nothing is written until a reload (writer.unsaved).
          deps.writer.unsaved = unsavedWorld(error);
        }
      });
      if (deps.legacy) void deps.legacy.clear().catch(() => undefined);
    }
    const answer: BootAnswer = this.sessionAnswer();
    if (notices.length) answer.notices = notices as Flash[];
    return answer;
  }
}
