/**
 * The displayed stages of a capture (docs/requirements.md#req-capture-stages), in workflow order, as their status
 * labels read: the pipeline overview's capture bars and the /captures stage filter use them.
 */
export const CAPTURE_STAGE_LABELS = [
  'Waiting for Surveys',
  'Receiving Surveys and QC',
  'Feature Matching',
  'Bundle Adjustment',
  'Rolling Shutter',
  'Orthorectification',
  'Ready for QC',
  'QC in Progress',
  'QC Rejected',
  'Ready for Publishing',
  'Publishing',
  'Published',
] as const;
