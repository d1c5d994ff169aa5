/**
 * What Download Frames says about the frames it could not fetch (docs/download-frames.md): why one
 * frame is missing, a line of the dialog's list, the dialog's summary, and the text file the ZIP
 * carries beside the frames, so the ZIP itself tells what it lacks. Pure.
 */
import type { FrameToZip } from './frameList';

export interface MissingFrame {
  frame: FrameToZip;
  reason: string;
}

/** Why a frame could not be had: the answer's status, or what a failed fetch means here. */
export function missingReason(failure: { status: number } | { offline: boolean }): string {
  if ('status' in failure) return `the server answered ${failure.status}`;
  return failure.offline ? 'offline, and not kept on this device' : 'the network did not answer';
}

/** "Line 2 · Cam03 · frame 7": one frame, as the dialog lists it. */
export function frameWords(frame: FrameToZip): string {
  return `Line ${frame.line} · ${frame.camera} · frame ${frame.frame}`;
}

/** "3 of 360 frames could not be fetched", or null when none is missing. */
export function missingSummary(missing: number, total: number): string | null {
  if (missing === 0) return null;
  if (missing === total) return total === 1 ? 'The frame could not be fetched' : `None of the ${total} frames could be fetched`;
  return `${missing} of ${total} ${total === 1 ? 'frame' : 'frames'} could not be fetched`;
}

export interface MissingReportOf {
  /** "survey 3F2A9C1D" */
  survey: string;
  /** "1/4" */
  scale: string;
  total: number;
  missing: readonly MissingFrame[];
  at: Date;
}

/**
 * missing-frames.txt: a heading that says what it is, then one frame a line, tab-separated, with
 * the name it would have had in the ZIP and why it is not there. CRLF, for every text editor.
 */
export function missingReportText({ survey, scale, total, missing, at }: MissingReportOf): string {
  const lines = [
    `Frames of ${survey} at ${scale} that are not in this ZIP: ${missing.length} of ${total}.`,
    `Written ${at.toISOString()}. Download them again when the network is back, or make the survey available offline first.`,
    '',
    ['line', 'camera', 'frame', 'image', 'file', 'why'].join('\t'),
    ...missing.map(({ frame, reason }) => [frame.line, frame.camera, frame.frame, frame.image, frame.name, reason].join('\t')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
