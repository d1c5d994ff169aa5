/**
 * The QC grid's rows, line by line: one row per image index (docs/requirements.md#req-screen-survey-qc), each naming the index of
 * its images in the photo index and a time label. The index carries no exposure times, so a row's
 * time is the simulated exposure time: lines start a quarter of an hour apart, frames follow every
 * FRAME_INTERVAL_S seconds.
 *
 * A `rows` override (a dev/test query, `?rows=3600`) repeats the first line's images to that many
 * rows, to prove the grid stays smooth on a 3 600-row survey with the small test set.
 */
import type { PhotoIndex } from '../../../worker/domain/types';

export const FRAME_INTERVAL_S = 2;
const FIRST_LINE_START_S = 9 * 3600; // 09:00:00
const LINE_GAP_S = 15 * 60;

export interface QcLine {
  line: number;
  /** Photo-index position of each row's images. */
  rows: number[];
  /** Seconds since midnight of the line's first frame. */
  startS: number;
}

export function qcLines(index: PhotoIndex, rowsOverride?: number): QcLine[] {
  return index.lines.map(({ line, start, count }, i) => {
    const n = i === 0 && rowsOverride && rowsOverride > 0 ? rowsOverride : count;
    const rows = Array.from({ length: n }, (_, r) => start + (count > 0 ? r % count : 0));
    return { line, rows, startS: FIRST_LINE_START_S + i * LINE_GAP_S };
  });
}

/** "HH:mm:ss" of a row. */
export function rowTime(line: QcLine, row: number): string {
  const t = (line.startS + row * FRAME_INTERVAL_S) % 86400;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(t / 3600))}:${pad(Math.floor((t % 3600) / 60))}:${pad(t % 60)}`;
}

/** Where an image sits: its line and row position, for the viewer's neighbours and metadata. */
export function locateImage(index: PhotoIndex, camera: string, image: string): { position: number; line: number; row: number } | null {
  // Own cameras only: a camera named "__proto__" in the address is no camera (issue 19).
  const names = Object.hasOwn(index.index, camera) ? index.index[camera] : undefined;
  const position = names ? names.indexOf(image) : -1;
  if (position < 0) return null;
  const line = index.lines.find((l) => position >= l.start && position < l.start + l.count);
  return line ? { position, line: line.line, row: position - line.start } : null;
}

/**
 * Whether the photo index holds this frame where the viewer's address puts it: the camera is one of
 * the set's, the image is that camera's, and it sits on that line (issue 19: an unknown one is Page
 * Not Found, as an unknown survey is).
 */
export function frameExists(index: PhotoIndex, line: number, camera: string, image: string): boolean {
  return index.cameras.includes(camera) && locateImage(index, camera, image)?.line === line;
}

/** Parses the `rows` query (dev/test only); anything else means no override. */
export function rowsOverrideFrom(search: string): number | undefined {
  const value = Number(new URLSearchParams(search).get('rows'));
  return Number.isInteger(value) && value > 0 && value <= 100_000 ? value : undefined;
}

/** The frames of a line (rows × cameras that hold an image), counted once for review progress. */
export function lineFrameCount(index: PhotoIndex, line: QcLine): number {
  let n = 0;
  for (const position of line.rows) for (const camera of index.cameras) if (index.index[camera]?.[position]) n++;
  return n;
}

/** The grid's row time of a flagged frame, for the QC report ('' when its line is not in the set). */
export function flagTime(lines: readonly QcLine[]): (flag: { line: number; frame: number }) => string {
  return (flag) => {
    const line = lines.find((l) => l.line === flag.line);
    return line ? rowTime(line, flag.frame - 1) : '';
  };
}
