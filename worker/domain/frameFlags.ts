/**
 * Frame flags (issue 8): a reviewer marks a frame of a survey under QC as faulty, with one of the
 * reasons professionals use, and rejects a survey for a reason. Plain data, stored on the survey;
 * the checks live here so the engine and restore() agree on what a valid flag is.
 */
export const FLAG_REASONS = ['Cloud', 'Cloud shadow', 'Blur', 'Over-exposed', 'Under-exposed / black', 'Other'] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];

/** A note or a free-text reject reason: long enough for a sentence, short enough for a CSV cell. */
export const FLAG_NOTE_MAX = 500;
export const REJECT_REASON_MAX = 500;
const CAMERA_MAX = 20;

export interface FrameFlag {
  /** flight line number */
  line: number;
  /** camera name (Cam01…Cam06) */
  camera: string;
  /** frame in line, 1-based (the grid's row) */
  frame: number;
  reason: FlagReason;
  /** '' when none */
  note: string;
  /** email of the reviewer who flagged it */
  by: string;
  /** epoch ms */
  at: number;
}

export const isFlagReason = (v: unknown): v is FlagReason => typeof v === 'string' && (FLAG_REASONS as readonly string[]).includes(v);
export const isLine = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;
export const isFrame = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 1;
export const isCamera = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '' && v.length <= CAMERA_MAX;

export function isFrameFlag(v: unknown): v is FrameFlag {
  if (typeof v !== 'object' || v === null) return false;
  const f = v as Record<string, unknown>;
  return (
    isLine(f.line) &&
    isCamera(f.camera) &&
    isFrame(f.frame) &&
    isFlagReason(f.reason) &&
    typeof f.note === 'string' &&
    f.note.length <= FLAG_NOTE_MAX &&
    typeof f.by === 'string' &&
    typeof f.at === 'number' &&
    Number.isFinite(f.at)
  );
}

export const sameFrame = (a: Pick<FrameFlag, 'line' | 'camera' | 'frame'>, b: Pick<FrameFlag, 'line' | 'camera' | 'frame'>) =>
  a.line === b.line && a.camera === b.camera && a.frame === b.frame;

/** Flags in review order: line, frame, camera. */
export function sortFlags(flags: FrameFlag[]): FrameFlag[] {
  return flags.slice().sort((a, b) => a.line - b.line || a.frame - b.frame || a.camera.localeCompare(b.camera));
}
