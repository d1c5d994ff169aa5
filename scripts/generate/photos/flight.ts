/**
 * The photo set's flight: three parallel lines of twenty exposures, six cameras, 60 % forward and
 * 30 % side overlap, flown in alternate directions as a real survey flies its lines. Answers where
 * each exposure was taken, its name and time, which frames carry a defect, and the photo index
 * (SPEC §7) written to public/data/photos.json.
 */
import { CAMERAS, type CameraId } from '../../../worker/domain/constants';
import type { PhotoIndex } from '../../../worker/domain/types';

export const FRAME_W = 1024;
export const FRAME_H = 768;
/** Metres per pixel of the ground raster, and of the nadir camera at full frame. */
export const M_PER_PX = 0.5;
export const LINES = 3;
export const FRAMES_PER_LINE = 20;
export type Camera = CameraId;

const FOOT_W_PX = FRAME_W;
const FOOT_H_PX = FRAME_H;
/** Forward overlap 60 %: the next exposure is 40 % of a frame height further along the line. */
export const STEP_PX = Math.round(FOOT_H_PX * 0.4);
/** Side overlap 30 %. */
export const LINE_SPACING_PX = Math.round(FOOT_W_PX * 0.7);
/** Ground beyond the nadir coverage that the oblique and wide cameras see. */
export const MARGIN_PX = 640;

export const GROUND_W = Math.ceil(FOOT_W_PX + (LINES - 1) * LINE_SPACING_PX + 2 * MARGIN_PX);
export const GROUND_H = Math.ceil(FOOT_H_PX + (FRAMES_PER_LINE - 1) * STEP_PX + 2 * MARGIN_PX);

export interface Exposure {
  line: number;
  /** Row of the photo index (0-based across lines). */
  row: number;
  /** Frame within its line (0-based). */
  frame: number;
  /** Nadir point in ground raster pixels. */
  x: number;
  y: number;
  /** Unit heading in raster space: north is (0, -1). */
  dx: number;
  dy: number;
}

export function exposures(): Exposure[] {
  const out: Exposure[] = [];
  for (let l = 0; l < LINES; l++) {
    const north = l % 2 === 0;
    const x = MARGIN_PX + FOOT_W_PX / 2 + l * LINE_SPACING_PX;
    for (let f = 0; f < FRAMES_PER_LINE; f++) {
      const along = f * STEP_PX;
      const y = north ? GROUND_H - MARGIN_PX - FOOT_H_PX / 2 - along : MARGIN_PX + FOOT_H_PX / 2 + along;
      out.push({ line: l + 1, row: l * FRAMES_PER_LINE + f, frame: f, x, y, dx: 0, dy: north ? -1 : 1 });
    }
  }
  return out;
}

/** JPEG2000 base name as the bucket holds it (the image proxy appends `.jp2`). */
export function imageName(line: number, camera: Camera, row: number): string {
  return `L${String(line).padStart(3, '0')}_${camera}_${String(row + 1).padStart(5, '0')}`;
}

export type Defect = 'cloud' | 'blur' | 'overexposed' | 'black';

/** Frames a QC reviewer must catch: [line, camera, frame within line, defect]. */
export const DEFECTS: readonly (readonly [number, Camera, number, Defect])[] = [
  [1, 'Cam01', 13, 'cloud'],
  [1, 'Cam03', 6, 'blur'],
  [2, 'Cam01', 9, 'overexposed'],
  [2, 'Cam05', 15, 'black'],
  [3, 'Cam02', 4, 'cloud'],
];

export function defectOf(line: number, camera: Camera, frame: number): Defect | undefined {
  return DEFECTS.find(([l, c, f]) => l === line && c === camera && f === frame)?.[3];
}

/** Exposure times: one every 2.5 s on a line (154 m at 120 kn), four minutes to turn. */
const FIRST_EXPOSURE_MS = Date.UTC(2026, 9, 28, 16, 2, 10);
const INTERVAL_MS = 2500;
const TURN_MS = 4 * 60 * 1000;

export function exposureTime(line: number, frame: number): string {
  const lineStart = FIRST_EXPOSURE_MS + (line - 1) * ((FRAMES_PER_LINE - 1) * INTERVAL_MS + TURN_MS);
  return new Date(lineStart + frame * INTERVAL_MS).toISOString();
}

export function photoIndex(): PhotoIndex {
  const all = exposures();
  const index = Object.fromEntries(CAMERAS.map((c) => [c, all.map((e) => imageName(e.line, c, e.row))]));
  const defects: Record<string, Defect> = {};
  for (const [line, camera, frame, defect] of DEFECTS) defects[imageName(line, camera, (line - 1) * FRAMES_PER_LINE + frame)] = defect;
  return {
    index,
    lines: Array.from({ length: LINES }, (_, l) => ({ line: l + 1, start: l * FRAMES_PER_LINE, count: FRAMES_PER_LINE })),
    cameras: [...CAMERAS],
    count: all.length,
    times: all.map((e) => exposureTime(e.line, e.frame)),
    defects,
  };
}
