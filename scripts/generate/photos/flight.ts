/**
 * The photo set's flight: three parallel lines of twenty exposures, six cameras, 60 % forward and
 * 30 % side overlap, flown in alternate directions as a real survey flies its lines. Answers where
 * each exposure was taken, its name and time, which frames carry a defect (the manifest), and the photo index
 * (docs/requirements.md#req-call-photo-index) written to public/data/photos.json.
 */
import { CAMERAS, type CameraId } from '../../../worker/domain/constants';
import type { PhotoIndex } from '../../../worker/domain/types';
import { Rng } from '../prng';

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

/**
 * The faults a QC reviewer (and the pre-screen) must catch, each drawn on DEFECTS_PER_KIND frames.
 * A cloud's shadow alone is not among them yet: the pre-screen cannot tell it from dark water and
 * woodland at thumbnail size (docs/qc-review.md), and a kind it cannot find would only be noise.
 */
export const DEFECT_KINDS = ['cloud', 'blur', 'overexposed', 'black'] as const;
export type Defect = (typeof DEFECT_KINDS)[number];
/** How many frames the generator spoils with each kind of defect. */
export const DEFECTS_PER_KIND = 8;

export interface SpoiledFrame {
  line: number;
  camera: Camera;
  /** Frame within its line (0-based). */
  frame: number;
  defect: Defect;
}

let spoiled: SpoiledFrame[] | null = null;

/**
 * The spoiled frames: a seeded draw of DEFECTS_PER_KIND distinct frames per kind from the whole
 * set (every line and camera), the same on every machine. The build writes them to
 * public/photos/defects.json, the pre-screen test's answer key (never committed, never read by
 * the app).
 */
export function spoiledFrames(): readonly SpoiledFrame[] {
  if (spoiled) return spoiled;
  const all = exposures().flatMap((e) => CAMERAS.map((camera) => ({ line: e.line, camera, frame: e.frame })));
  const drawn = new Rng('photo-defects-v2').shuffle(all);
  spoiled = DEFECT_KINDS.flatMap((defect, k) => drawn.slice(k * DEFECTS_PER_KIND, (k + 1) * DEFECTS_PER_KIND).map((f) => ({ ...f, defect })));
  return spoiled;
}

export function defectOf(line: number, camera: Camera, frame: number): Defect | undefined {
  return spoiledFrames().find((f) => f.line === line && f.camera === camera && f.frame === frame)?.defect;
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
  return {
    index,
    lines: Array.from({ length: LINES }, (_, l) => ({ line: l + 1, start: l * FRAMES_PER_LINE, count: FRAMES_PER_LINE })),
    cameras: [...CAMERAS],
    count: all.length,
    times: all.map((e) => exposureTime(e.line, e.frame)),
  };
}
