/**
 * The calendar of the generated data. Everything is relative to a fixed "today" (REFERENCE_DATE)
 * so all.json is byte-stable; the engine rebases working stages on load (worker/domain/restore.ts).
 */
import type { Season } from './catalog';
import type { Rng } from './prng';

export const REFERENCE_DATE = '2026-11-01';
/** Noon UTC of the reference day: the instant working stages are measured against. */
export const REFERENCE_MS = Date.UTC(2026, 10, 1, 12, 0, 0);

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC calendar day of an instant (the generator's calendar is UTC, so all.json never depends on the machine's zone). */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function dayMs(iso: string): number {
  return Date.parse(`${iso}T00:00:00Z`);
}

export function addDays(iso: string, days: number): string {
  return utcDay(dayMs(iso) + days * DAY_MS);
}

/** First and last flying day of a season; the current season ends the day before "today". */
export function seasonWindow(season: Season): [string, string] {
  const [year, half] = season.split(' ') as [string, 'Spring' | 'Fall'];
  if (half === 'Spring') return [`${year}-03-10`, `${year}-05-31`];
  const end = `${year}-10-31` < REFERENCE_DATE ? `${year}-10-31` : addDays(REFERENCE_DATE, -1);
  return [`${year}-09-01`, end];
}

/** A random day within [from, to], never after the reference day. */
export function dayBetween(rng: Rng, from: string, to: string): string {
  const last = Math.min(dayMs(to), dayMs(REFERENCE_DATE));
  const first = Math.min(dayMs(from), last);
  return utcDay(first + rng.int(0, Math.round((last - first) / DAY_MS)) * DAY_MS);
}

export function minDay(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return a < b ? a : b;
}

export function maxDay(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return a > b ? a : b;
}
