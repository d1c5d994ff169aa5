/**
 * How Download Frames names what it writes (docs/download-frames.md#names-in-the-zip): the ZIP itself, each
 * frame inside it, and the list of frames it could not fetch. Every name carries the survey, and a
 * frame's its line, camera and frame number, padded so that a file manager sorts them in flight
 * order:
 *
 *     survey-3F2A9C1D_frames_1-4.zip
 *       survey-3F2A9C1D/line-03/Cam04/3F2A9C1D_L03_Cam04_F0012.jpg
 *       survey-3F2A9C1D/missing-frames.txt
 *
 * The frame number is the frame's place on its line, from 1, as the QC flags and the QC report
 * count it. Names are built from the world's ids and the photo index; anything but letters, digits,
 * `-` and `_` becomes `_`, so no name can climb out of its folder or upset a file system.
 */
import { shortId } from '../../worker/domain/shortId';

export type DownloadScale = 8 | 4 | 2 | 'full';

/** The scales a person chooses from, as the image viewer names them, smallest first. */
export const DOWNLOAD_SCALES: readonly { scale: DownloadScale; label: string; slug: string }[] = [
  { scale: 8, label: '1/8', slug: '1-8' },
  { scale: 4, label: '1/4', slug: '1-4' },
  { scale: 2, label: '1/2', slug: '1-2' },
  { scale: 'full', label: 'Full frame', slug: 'full' },
];

export function scaleOf(scale: DownloadScale): { label: string; slug: string } {
  return DOWNLOAD_SCALES.find((s) => s.scale === scale) ?? DOWNLOAD_SCALES[DOWNLOAD_SCALES.length - 1];
}

/** Digits of the line and frame numbers, the same for every frame of one ZIP so they sort. */
export interface NameWidths {
  line: number;
  frame: number;
}

export function nameWidths(maxLine: number, maxFrame: number): NameWidths {
  return { line: Math.max(2, String(maxLine).length), frame: Math.max(4, String(maxFrame).length) };
}

function safe(text: string): string {
  const cleaned = text.replace(/[^A-Za-z0-9_-]/g, '_');
  return cleaned === '' ? '_' : cleaned;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** "3F2A9C1D": the survey's short id, as every screen names it. */
function surveyCode(surveyId: string): string {
  return safe(shortId(surveyId));
}

/** "survey-3F2A9C1D": the folder that holds everything in the ZIP. */
export function surveyFolder(surveyId: string): string {
  return `survey-${surveyCode(surveyId)}`;
}

export interface FramePlace {
  line: number;
  camera: string;
  /** 1-based place on its line. */
  frame: number;
}

/** "survey-3F2A9C1D/line-03/Cam04/3F2A9C1D_L03_Cam04_F0012.jpg" */
export function frameEntryName(surveyId: string, at: FramePlace, widths: NameWidths): string {
  const line = pad(at.line, widths.line);
  const camera = safe(at.camera);
  const file = `${surveyCode(surveyId)}_L${line}_${camera}_F${pad(at.frame, widths.frame)}.jpg`;
  return `${surveyFolder(surveyId)}/line-${line}/${camera}/${file}`;
}

/** "survey-3F2A9C1D/missing-frames.txt" */
export function missingListName(surveyId: string): string {
  return `${surveyFolder(surveyId)}/missing-frames.txt`;
}

/**
 * "survey-3F2A9C1D_frames_1-4.zip", or with some lines only "survey-3F2A9C1D_frames_1-4_lines-1-3.zip".
 * `allLines` says whether the choice is every line of the photo set.
 */
export function zipFileName(surveyId: string, scale: DownloadScale, lines: readonly number[], allLines: boolean): string {
  const which = allLines ? '' : `_lines-${[...lines].sort((a, b) => a - b).join('-')}`;
  return `${surveyFolder(surveyId)}_frames_${scaleOf(scale).slug}${which}.zip`;
}
