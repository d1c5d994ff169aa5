/**
 * Media ids (drive labels) typed when receiving (issue 13; docs/workflow-rules.md, Receive):
 * letters, digits and '-', 1 to 16 characters, so they build safe receive ids and paths; and no
 * label twice: not one already in another drive, not one typed twice in the same receive.
 */
import { MEDIA_ID_PATTERN } from './constants';
import type { EntityMaps } from './types';

export interface LabelProblem {
  /** The bay's position in the receive (0-based), for the message beside its field. */
  position: number;
  error: string;
}

/** A typed value shown back in a message: bounded, so a pasted novel cannot fill the dialog. */
const shown = (label: string) => (label.length > 20 ? `${label.slice(0, 20)}…` : label);
const key = (label: string) => label.toUpperCase();

/** Labels of every other drive's media: its media id and the ids typed when it was received. */
function labelsInOtherDrives(index: EntityMaps, host: string): Map<string, { label: string; host: string }> {
  const found = new Map<string, { label: string; host: string }>();
  for (const drive of Object.values(index.drives)) {
    if (drive.host === host || !drive.mediaId) continue;
    const media = index.media[drive.mediaId];
    for (const label of [drive.mediaId, ...(media?.itemIds ?? [])]) found.set(key(label), { label, host: drive.host });
  }
  return found;
}

/** The first problem with the typed labels, or null. Empty ones are the caller's ('missing media id'). */
export function mediaLabelProblem(index: EntityMaps, host: string, labels: readonly string[]): LabelProblem | null {
  for (const [position, label] of labels.entries()) {
    if (!MEDIA_ID_PATTERN.test(label)) {
      return { position, error: `"${shown(label)}" is not a media id: use letters, digits and -, 1 to 16 characters` };
    }
  }
  const elsewhere = labelsInOtherDrives(index, host);
  const typed = new Set<string>();
  for (const [position, label] of labels.entries()) {
    const other = elsewhere.get(key(label));
    if (other) return { position, error: `${label} is already in ${other.host}` };
    if (typed.has(key(label))) return { position, error: `${label} is typed twice in this receive` };
    typed.add(key(label));
  }
  return null;
}
