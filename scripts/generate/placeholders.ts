/**
 * Blank values for the fields the engine derives (stage views, counts, flags). The generator
 * builds entities with these, then lets the engine's own derive functions fill them in, so the
 * rules live in one place.
 */
import type { CaptureCounts, StageView, Workflow } from '../../worker/domain/types';
import { CAPTURE_COUNT_KEYS } from '../../worker/domain/types';

export function blankWorkflow(): Workflow {
  return { stages: [], current: 0 };
}

export function blankView(): StageView {
  return { name: '', state: 'future', statusLabel: '' };
}

export function blankCounts(): CaptureCounts {
  return Object.fromEntries(CAPTURE_COUNT_KEYS.map((k) => [k, 0])) as CaptureCounts;
}
