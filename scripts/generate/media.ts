/**
 * Media sets and the drives they sit in. The standard world puts a few media sets in the ingest
 * drives, one for every drive and media state (new, copying, receiving, awaiting assignment,
 * cancelled, assigned, empty bays); every other media set has been received and ejected.
 */
import type { Drive, Media } from '../../worker/domain/types';
import { assembleMedia, makeDrive } from '../../worker/domain/entities';
import type { Rng } from './prng';
import type { MediaTarget, SurveyTarget } from './targets';
import { receiveIdOf } from '../../worker/domain/dates';

export const DRIVE_BAYS: readonly number[] = [2, 4, 3, 4, 2, 3, 2, 4, 3, 4];

export function driveHost(index: number): string {
  return `ingest-${String(index + 1).padStart(2, '0')}`;
}

export interface SpecialMedia {
  host: string | null;
  bays: number[];
  target: MediaTarget;
  /** The capture (by position in the deck) whose surveys it carries. */
  deckIndex: number;
  surveys: SurveyTarget[];
  /** Days before the reference day the surveys were flown. */
  flownDaysAgo: number;
}

/** ingest-01 holds the sample media TS007 (built apart); ingest-09 and ingest-10 stay empty. */
export const SPECIAL_MEDIA: readonly SpecialMedia[] = [
  { host: 'ingest-02', bays: [1, 2], target: 'new', deckIndex: 35, surveys: [{ kind: 'new' }, { kind: 'new' }, { kind: 'new' }], flownDaysAgo: 1 },
  { host: 'ingest-03', bays: [1, 2], target: 'copying', deckIndex: 29, surveys: [{ kind: 'copy' }, { kind: 'copy' }], flownDaysAgo: 2 },
  { host: 'ingest-04', bays: [1, 2, 3], target: 'receiving', deckIndex: 30, surveys: [{ kind: 'receive' }, { kind: 'receive' }, { kind: 'receive' }], flownDaysAgo: 2 },
  { host: 'ingest-05', bays: [1], target: 'receiving', deckIndex: 31, surveys: [{ kind: 'receive' }], flownDaysAgo: 3 },
  { host: 'ingest-06', bays: [1, 2], target: 'assign', deckIndex: 32, surveys: [{ kind: 'applanix' }, { kind: 'podconfig' }], flownDaysAgo: 3 },
  { host: 'ingest-07', bays: [1], target: 'cancelled', deckIndex: 33, surveys: [{ kind: 'cancelled', at: 'receive' }, { kind: 'cancelled', at: 'receive' }], flownDaysAgo: 4 },
  {
    host: 'ingest-08',
    bays: [1, 2, 3, 4],
    target: 'assigned',
    deckIndex: 28,
    surveys: [{ kind: 'qc-ready' }, { kind: 'qc-started' }, { kind: 'frame-extraction' }, { kind: 'applanix' }],
    flownDaysAgo: 4,
  },
  { host: null, bays: [1], target: 'cancelled', deckIndex: 34, surveys: [{ kind: 'cancelled', at: 'copy' }], flownDaysAgo: 6 },
];

export function newMedia(mediaId: string, host: string | null, bays: number[]): Media {
  return assembleMedia({ mediaId, host, bays });
}

/** Marks a media set received on `day` with one disk id per bay (the receive id of docs/requirements.md#req-receive-id). */
export function markReceived(rng: Rng, media: Media, day: string): void {
  media.receivedOn = day;
  media.itemIds = media.bays.map(() => `HD${rng.int(1000, 9999)}`);
  media.receiveId = receiveIdOf(day, media.itemIds);
}

export function newDrive(index: number): Drive {
  return makeDrive({ host: driveHost(index), bays: DRIVE_BAYS[index % DRIVE_BAYS.length]! });
}

/**
 * Splits each capture's ordinary surveys into media sets so that the total is exactly `total`
 * (when possible): every capture gets about its share, at least one set, at most one per survey.
 */
export function mediaCounts(surveyCounts: readonly number[], total: number): number[] {
  const all = surveyCounts.reduce((a, b) => a + b, 0);
  if (all === 0) return surveyCounts.map(() => 0);
  const target = Math.min(Math.max(total, surveyCounts.filter((n) => n > 0).length), all);
  const counts = surveyCounts.map((n) => (n === 0 ? 0 : Math.min(n, Math.max(1, Math.round((n * target) / all)))));
  let sum = counts.reduce((a, b) => a + b, 0);
  // Deterministic correction: take from the capture with the most sets, give to the one with
  // the most surveys per set.
  while (sum > target) {
    let best = -1;
    for (let i = 0; i < counts.length; i++) if (counts[i]! > 1 && (best < 0 || counts[i]! > counts[best]!)) best = i;
    if (best < 0) break;
    counts[best]!--;
    sum--;
  }
  while (sum < target) {
    let best = -1;
    for (let i = 0; i < counts.length; i++) {
      if (counts[i]! === 0 || counts[i]! >= surveyCounts[i]!) continue;
      if (best < 0 || surveyCounts[i]! / counts[i]! > surveyCounts[best]! / counts[best]!) best = i;
    }
    if (best < 0) break;
    counts[best]!++;
    sum++;
  }
  return counts;
}

/** Random cut points splitting `n` items into `parts` non-empty runs. */
export function splitRuns(rng: Rng, n: number, parts: number): number[] {
  const cuts = new Set<number>();
  if (parts >= n) return Array.from({ length: n }, () => 1);
  while (cuts.size < parts - 1) cuts.add(rng.int(1, n - 1));
  const sorted = [0, ...[...cuts].sort((a, b) => a - b), n];
  return sorted.slice(1).map((c, i) => c - sorted[i]!);
}
