/**
 * Controls how many survey workflows are working (active) in a generated world, so the benchmark
 * can ask for, say, 1 000 active among 100 000. Extracting Frames is the free variable: such
 * surveys are swapped with Ready for QC ones (and then others that are waiting) until the count
 * is exact, which keeps every capture's story plausible. When that is not enough, processing and
 * publishing captures are moved to a nearby waiting stage (their surveys follow them).
 */
import type { PlannedCapture } from './captures';
import type { PlannedSurvey } from './surveys';
import { isPastReceive, isWorkingSurvey, QUIET, type SurveyTarget, type SurveyTargetKind } from './targets';

export function countActive(surveys: readonly PlannedSurvey[]): number {
  let n = 0;
  for (const s of surveys) if (isWorkingSurvey(s.target, s.capture.target)) n++;
  return n;
}

/** Rewrites ordinary targets in place so that exactly `wanted` of them are working (if possible). */
export function tuneActive(captures: readonly PlannedCapture[], targets: SurveyTarget[][], wanted: number): void {
  let active = 0;
  captures.forEach((pc, i) => {
    for (const t of targets[i]!) if (isWorkingSurvey(t, pc.target)) active++;
  });
  const swap = (from: readonly SurveyTargetKind[], to: SurveyTarget) => {
    for (let i = 0; i < captures.length && active !== wanted; i++) {
      if (isPastReceive(captures[i]!.target)) continue;
      const list = targets[i]!;
      for (let j = 0; j < list.length && active !== wanted; j++) {
        if (from.includes(list[j]!.kind)) {
          list[j] = to;
          active += to.kind === 'frame-extraction' ? 1 : -1;
        }
      }
    }
  };
  if (active > wanted) swap(['frame-extraction'], { kind: 'qc-ready' });
  for (let i = 0; i < captures.length && active > wanted; i++) {
    const pc = captures[i]!;
    const quiet = QUIET[pc.target];
    if (!quiet) continue;
    active -= targets[i]!.filter((t) => isWorkingSurvey(t, pc.target)).length;
    pc.target = quiet;
  }
  if (active < wanted) swap(['qc-ready', 'qc-started', 'applanix', 'podconfig'], { kind: 'frame-extraction' });
}
