/**
 * The displayed stages of a survey (docs/requirements.md#req-displayed-stages), once: the order they are shown in, the capture count
 * each adds to (docs/requirements.md#req-capture-counts), and the label of that count in a breakdown. `surveyDisplay()` (derive.ts)
 * says which one a survey is at; the capture counts, the survey-count breakdown and the dashboard's
 * pipeline all read this table.
 */
import type { CaptureCountKey, SurveyDisplayStage } from './types';

export interface DisplayedStage {
  stage: SurveyDisplayStage;
  /** The capture count it adds to (Cancelled adds to none: it is the remainder of the total). */
  count: CaptureCountKey | null;
  /** Its name in a breakdown of counts. */
  label: string;
}

export const SURVEY_DISPLAY: readonly DisplayedStage[] = [
  { stage: 'New', count: 'notReceived', label: 'Not yet received' },
  { stage: 'Copy/Receiving', count: 'receiving', label: 'Copy/Receiving' },
  { stage: 'Waiting for Applanix', count: 'waitingForApplanix', label: 'Waiting for Applanix' },
  { stage: 'Waiting for PodConfig', count: 'waitingForPodConfig', label: 'Waiting for PodConfig' },
  { stage: 'Extracting Frames', count: 'extractingFrames', label: 'Extracting Frames' },
  { stage: 'Ready for QC', count: 'qcReady', label: 'Ready for QC' },
  { stage: 'QC in Progress', count: 'qcInProgress', label: 'QC in Progress' },
  { stage: 'QC Rejected', count: 'qcRejected', label: 'QC Rejected' },
  { stage: 'Ready for Processing', count: 'qcApproved', label: 'Ready for Processing' },
  { stage: 'Processing', count: 'processing', label: 'Processing' },
  { stage: 'Waiting for Capture QC', count: 'waitingForCaptureQc', label: 'Waiting for Capture QC' },
  { stage: 'Ready for Publishing', count: 'canPublish', label: 'Ready for Publishing' },
  { stage: 'Publishing', count: 'publishing', label: 'Publishing' },
  { stage: 'Published', count: 'published', label: 'Published' },
  { stage: 'Cancelled', count: null, label: 'Cancelled' },
];

/** Which count of docs/requirements.md#req-capture-counts a survey's displayed stage adds to. */
export const COUNT_OF_DISPLAY: Partial<Record<SurveyDisplayStage, CaptureCountKey>> = Object.fromEntries(
  SURVEY_DISPLAY.flatMap((d) => (d.count ? [[d.stage, d.count]] : [])),
);

/** The counted stages in order: [count, label]. */
export const STAGE_COUNTS: readonly (readonly [CaptureCountKey, string])[] = SURVEY_DISPLAY.flatMap((d) => (d.count ? [[d.count, d.label] as const] : []));

/** The number of a flight plan's lines to be captured: what a survey's "flown / planned" counts against. */
export function plannedLines(fp: { lines: readonly { capture: boolean }[] }): number {
  return fp.lines.filter((l) => l.capture).length;
}
