/**
 * The viewer's Metadata tab (issue 8), as rows of term and value: what a reviewer needs to name a
 * frame in a QC note and to judge it: where it is (survey, capture, flight plan, line, camera,
 * frame in line and in survey, time, position along the line, altitude), what is on screen
 * (rendition and pixel size), where it comes from (the bucket path) and what QC found (pre-screen
 * figures, flag). Pure, so the rules are tested without a browser.
 */
import type { SurveyQcRow } from '../../../worker/screens';
import type { FrameFlag } from '../../../worker/domain/frameFlags';
import { shortId } from '../../../worker/domain/shortId';
import type { Reduction, Size } from './viewerZoom';

/** Ground size of a full-frame pixel of the embedded set's straight-down cameras (docs/data.md). */
const NADIR_PIXEL_M: Record<string, number> = { Cam01: 0.5, Cam06: 0.8 };

export interface FrameFacts {
  surveyId: string;
  survey: SurveyQcRow | undefined;
  flightPlan: SurveyQcRow['plan'] | undefined;
  line: number;
  camera: string;
  image: string;
  /** 0-based row in the line, the line's frame count, 0-based place among the camera's frames. */
  row: number | null;
  lineCount: number | null;
  position: number | null;
  surveyCount: number | null;
  /** Day and row time, as the grid shows them. */
  day: string;
  time: string | null;
  reduction: Reduction;
  fullFrame: Size;
  /** The pre-screen's verdict in words, or why there is none. */
  prescreen: string;
  flag: FrameFlag | undefined;
}

const REDUCTION_LABEL: Record<Reduction, string> = { 8: '1/8', 4: '1/4', 2: '1/2', 1: 'Full Frame' };

/** Where along its line a frame was taken: frames are evenly spaced from the line's start to its end. */
export function positionAlongLine(row: number, lineCount: number, lineLengthMi: number): number {
  return lineCount > 1 ? (row / (lineCount - 1)) * lineLengthMi : 0;
}

export function frameMetadata(f: FrameFacts): [string, string][] {
  const fp = f.flightPlan;
  const fpLine = fp?.lines.find((l) => l.number === f.line);
  const km = (mi: number) => (mi * 1.609344).toFixed(2);
  const along =
    fpLine && f.row !== null && f.lineCount
      ? `${positionAlongLine(f.row, f.lineCount, fpLine.length).toFixed(3)} of ${fpLine.length} mi (${km(positionAlongLine(f.row, f.lineCount, fpLine.length))} of ${km(fpLine.length)} km)`
      : '—';
  const k = f.reduction;
  const size = `${Math.round(f.fullFrame.width / k)} × ${Math.round(f.fullFrame.height / k)} px`;
  const nadir = NADIR_PIXEL_M[f.camera];
  const pixel = nadir ? `${(nadir * k).toFixed(1)} m on the ground (nadir)` : 'oblique: grows across the frame away from the aircraft';
  return [
    ['Survey', shortId(f.surveyId)],
    ['Capture', f.survey?.cpid ?? '—'],
    ['Flight plan', fp ? `${fp.code} ${fp.name}` : '—'],
    ['Line', fpLine ? `${f.line} of ${fp!.lines.length} planned` : String(f.line)],
    ['Camera', f.camera],
    ['Image', f.image],
    ['Frame in line', f.row === null ? '—' : `${f.row + 1} of ${f.lineCount ?? '—'}`],
    // 1-based, like the line's: the frame's place among all of the camera's frames in the survey.
    ['Frame in survey', f.position === null ? '—' : `${f.position + 1} of ${f.surveyCount ?? '—'}`],
    ['Capture time', f.time ? `${f.day} ${f.time}` : '—'],
    ['Position along the line', along],
    ['Altitude', fp ? `${fp.altitude.toLocaleString('en-US')} ft` : '—'],
    ['Rendition', `${REDUCTION_LABEL[k]} · ${size}`],
    ['Pixel size', pixel],
    ['Source', `${f.line}/${f.camera}/${f.image}.jp2`],
    ['Pre-screen', f.prescreen],
    ['Flag', f.flag ? `${f.flag.reason}${f.flag.note ? ` (${f.flag.note})` : ''}, by ${f.flag.by}` : 'Not flagged'],
  ];
}
