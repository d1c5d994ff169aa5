/**
 * Why a survey of the process dialog cannot be chosen (docs/requirements.md#req-validation-process: only QC-approved surveys can be
 * processed), in the words of its displayed stage.
 */
import type { Survey } from '../engine/entities';

const PAST_PROCESSING = new Set(['Processing', 'Waiting for Capture QC', 'Ready for Publishing', 'Publishing', 'Published']);

export function processReason(survey: Pick<Survey, 'display' | 'flags'>): string | null {
  if (survey.flags.canProcess) return null;
  if (survey.display === 'Cancelled') return 'a cancelled survey is not processed';
  if (survey.display === 'QC Rejected') return 'rejected in QC';
  if (PAST_PROCESSING.has(survey.display)) return 'already processed';
  return 'needs QC approval first';
}
