/**
 * Which world a boot starts from (docs/architecture.md#arch-boot, docs/requirements.md#req-version-rule): a localStorage `version` other than
 * 45 discards every stored copy; otherwise the store's world, localStorage's `db` and (once) an
 * earlier version's store are judged, and the newest valid one wins; else the sample data is
 * fetched. Reading and judging only: the engine loads (or writes) what this chooses.
 */
import type { BootInput, BootProgress, Flash } from '../api';
import { DATA_VERSION } from '../domain/constants';
import { isOtherVersion } from '../domain/dataVersion';
import { restore } from '../domain/restore';
import type { Db } from '../domain/dataFile';
import { checkCurrent, checkFlags } from '../domain/session';
import { chooseStored, judge, judgeStored, readLegacy, repairNotice, type Candidate, type Judgement, type LegacyStore } from './persistence';
import { holdsKept, type RecordName, type StoreMeta, type StoredWorld, type WorldStore } from './store/worldStore';

export type SampleResult = { ok: true; db: Db } | { ok: false; error: string };

/**
 * docs/requirements.md#req-version-rule: a stored version other than 45 discards the stored data, the store's included. Decided
 * once, from the store: a page's copy of localStorage read before the store last applied the rule
 * is stale (a new leading tab boots with the copy its page read long ago), and discards nothing.
 */
export function discardsStored(input: Pick<BootInput, 'stored' | 'readAt'>, meta: Pick<StoreMeta, 'discardedAt'> | undefined): boolean {
  if (!isOtherVersion(input.stored.version)) return false;
  return meta?.discardedAt === undefined || meta.discardedAt < input.readAt;
}

/** Fetches and restores `data/all.json` (cache-busted), as version 45 loaded now. */
export async function loadSample(
  loadText: (url: string) => Promise<string>,
  baseUrl: string,
  now: number,
  speed: number,
  progress?: (p: BootProgress) => void,
): Promise<SampleResult> {
  let text: string;
  const url = new URL(`data/all.json?v=${now}`, baseUrl || 'http://localhost/').href;
  try {
    text = await loadText(url);
  } catch (e) {
    return { ok: false, error: `all.json could not be fetched (${e instanceof Error ? e.message : String(e)})` };
  }
  progress?.({ step: 'checking' });
  const result = restore(text, now, { source: 'all.json', speed });
  if (result.ok) {
    result.db.version = DATA_VERSION;
    result.db.loadedAt = now;
  }
  return result;
}

export interface BootChoice {
  /** The world to boot from (null: nothing valid and no sample data either). */
  candidate: Candidate | null;
  notices: Flash[];
  /** Ids of the calls the store answered (another tab's, kept to answer a replay). */
  calls: string[];
  /** The version rule discarded the stored data now; else when it last did, as the store says. */
  discardedAt: number | undefined;
}

export async function chooseBootWorld(opts: {
  input: Pick<BootInput, 'stored' | 'readAt'>;
  store: WorldStore;
  legacy?: LegacyStore;
  /** The record that says the stored world is kept whatever its age (EngineDeps.keptWorld). */
  kept?: RecordName;
  now: number;
  loadSample: (speed: number) => Promise<SampleResult>;
}): Promise<BootChoice> {
  const { input, now } = opts;
  const local = input.stored;
  const meta = (await opts.store.readKinds([]).catch(() => null))?.meta;
  const discard = discardsStored(input, meta);
  const judgements: Judgement[] = [];
  const stored: StoredWorld | null = discard ? null : await opts.store.readAll().catch(() => null);
  if (!discard) {
    // A kept world (a team's) never expires: a sample in its place would be sent as the laptop's changes.
    judgements.push(judgeStored(stored, now, { team: await holdsKept(opts.store, opts.kept).catch(() => false) }));
    judgements.push(judge(local, 'stored data (local storage)', now));
    if (opts.legacy && !stored?.meta) {
      try {
        judgements.push(judge(await readLegacy(opts.legacy), 'stored data (IndexedDB)', now));
      } catch {
        /* no earlier store */
      }
    }
  }
  const choice = chooseStored(judgements);
  const notices = [...choice.notices];
  let candidate: Candidate | null = choice.chosen;
  if (!candidate) {
    const flags = checkFlags(local.flags);
    const sample = await opts.loadSample(flags.value.speed);
    if (sample.ok) {
      const current = checkCurrent(local.current);
      candidate = { db: sample.db, current: current.value, flags: flags.value, source: 'all.json', repaired: [...current.repaired, ...flags.repaired] };
    } else {
      notices.push({ category: 'danger', text: `The sample data could not be loaded: ${sample.error}` });
      candidate = choice.fallback;
    }
  }
  // Issue 19: what was dropped or repaired to read the chosen copy is said, once.
  const repaired = repairNotice(candidate?.repaired ?? []);
  if (repaired) notices.push(repaired);
  // The pages' wall clock, as `readAt` is: the rule is judged against what they read.
  return { candidate, notices, calls: stored?.calls ?? [], discardedAt: discard ? Date.now() : meta?.discardedAt };
}
