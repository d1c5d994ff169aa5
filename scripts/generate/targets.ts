/**
 * Where each generated entity stands in its workflow. The generator first decides these targets
 * (so every stage of every workflow is represented), then `workflows.ts` turns them into real
 * workflows. Kept as plain data so the plan can be tested and tuned on its own.
 */
import type { Season } from './catalog';

export type CaptureTarget =
  | 'waiting'
  | 'receive'
  | 'receive-processable'
  | 'feature-matching'
  | 'bundle-adjustment'
  | 'rolling-shutter'
  | 'orthorectification'
  | 'capture-qc-ready'
  | 'capture-qc-started'
  | 'capture-qc-rejected'
  | 'publish-ready'
  | 'publishing'
  | 'published';

/** Capture targets whose current stage is working (an automatic stage, or publishing). */
export const WORKING_CAPTURE_TARGETS: ReadonlySet<CaptureTarget> = new Set([
  'feature-matching',
  'bundle-adjustment',
  'rolling-shutter',
  'orthorectification',
  'publishing',
]);

/** A nearby target whose current stage waits: what a working capture becomes to calm a world. */
export const QUIET: Partial<Record<CaptureTarget, CaptureTarget>> = {
  'feature-matching': 'capture-qc-ready',
  'bundle-adjustment': 'capture-qc-started',
  'rolling-shutter': 'publish-ready',
  orthorectification: 'capture-qc-ready',
  publishing: 'published',
};

/** Capture targets past `receive`: their selected surveys mirror the capture's stage. */
export function isPastReceive(target: CaptureTarget): boolean {
  return target !== 'waiting' && target !== 'receive' && target !== 'receive-processable';
}

export type SurveyTarget =
  | { kind: 'new' }
  | { kind: 'copy' }
  | { kind: 'receive' }
  | { kind: 'applanix' }
  | { kind: 'podconfig' }
  | { kind: 'frame-extraction' }
  | { kind: 'qc-ready' }
  | { kind: 'qc-started' }
  | { kind: 'qc-approved' }
  | { kind: 'qc-rejected' }
  /** Cancelled by an operator, or with its media, at the named stage. */
  | { kind: 'cancelled'; at: 'copy' | 'receive' | 'applanix' | 'podconfig' | 'frame-extraction' | 'survey-qc' }
  /** Selected for processing: follows its capture's stage. */
  | { kind: 'selected' };

export type SurveyTargetKind = SurveyTarget['kind'];

/** Whether the survey's current stage is working at the data's reference time. */
export function isWorkingSurvey(target: SurveyTarget, capture: CaptureTarget): boolean {
  switch (target.kind) {
    case 'copy':
    case 'receive':
    case 'frame-extraction':
      return true;
    case 'selected':
      return WORKING_CAPTURE_TARGETS.has(capture);
    default:
      return false;
  }
}

export type MediaTarget = 'new' | 'copying' | 'receiving' | 'assign' | 'assigned' | 'cancelled';

/**
 * The 40 captures of the standard world, oldest season first: old seasons are published, the
 * current one (2026 Fall) is still being flown and received. Big worlds repeat this deck.
 */
export const CAPTURE_DECK: readonly (readonly [Season, CaptureTarget])[] = [
  ['2024 Spring', 'published'],
  ['2024 Spring', 'published'],
  ['2024 Spring', 'published'],
  ['2024 Spring', 'published'],
  ['2024 Fall', 'published'],
  ['2024 Fall', 'published'],
  ['2024 Fall', 'capture-qc-rejected'],
  ['2024 Fall', 'published'],
  ['2025 Spring', 'published'],
  ['2025 Spring', 'published'],
  ['2025 Spring', 'published'],
  ['2025 Spring', 'publish-ready'],
  ['2025 Spring', 'published'],
  ['2025 Fall', 'published'],
  ['2025 Fall', 'publishing'],
  ['2025 Fall', 'published'],
  ['2025 Fall', 'capture-qc-started'],
  ['2025 Fall', 'publish-ready'],
  ['2025 Fall', 'published'],
  ['2026 Spring', 'capture-qc-ready'],
  ['2026 Spring', 'orthorectification'],
  ['2026 Spring', 'published'],
  ['2026 Spring', 'bundle-adjustment'],
  ['2026 Spring', 'capture-qc-ready'],
  ['2026 Spring', 'receive-processable'],
  ['2026 Spring', 'publish-ready'],
  ['2026 Fall', 'feature-matching'],
  ['2026 Fall', 'rolling-shutter'],
  ['2026 Fall', 'receive-processable'],
  ['2026 Fall', 'receive'],
  ['2026 Fall', 'receive-processable'],
  ['2026 Fall', 'receive'],
  ['2026 Fall', 'receive'],
  ['2026 Fall', 'receive-processable'],
  ['2026 Fall', 'receive'],
  ['2026 Fall', 'waiting'],
  ['2026 Fall', 'waiting'],
  ['2026 Fall', 'waiting'],
  ['2026 Fall', 'waiting'],
  ['2026 Fall', 'waiting'],
];
