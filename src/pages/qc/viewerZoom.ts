/**
 * The viewer's geometry (issue 8), as pure functions: which rendition suits the window, the scale
 * that fits a frame in it, zooming about a point, and how far the frame may be panned. Scales are
 * CSS pixels per rendition pixel; offsets are the frame centre's distance from the stage centre.
 */

/** Reduced renditions of a frame (docs/requirements.md#req-call-images): 1/8, 1/4, 1/2 and 1 (Full Frame). */
export type Reduction = 8 | 4 | 2 | 1;
export const REDUCTIONS: readonly Reduction[] = [8, 4, 2, 1];

export interface Size {
  width: number;
  height: number;
}

export interface View {
  scale: number;
  x: number;
  y: number;
}

/** Zoom limits: at most 8 CSS pixels per rendition pixel, never smaller than the fit. */
export const MAX_SCALE = 8;
export const ZOOM_STEP = 1.25;

export function fitScale(image: Size, stage: Size): number {
  if (image.width <= 0 || image.height <= 0 || stage.width <= 0 || stage.height <= 0) return 1;
  return Math.min(stage.width / image.width, stage.height / image.height);
}

/**
 * The smallest rendition that still has a device pixel for every screen pixel of the fitted frame:
 * sharp without fetching more than the window can show.
 */
export function bestReduction(fullFrame: Size, stage: Size, devicePixelRatio: number): Reduction {
  const needed = fitScale(fullFrame, stage) * devicePixelRatio;
  return REDUCTIONS.find((k) => 1 / k >= needed) ?? 1;
}

/** Keeps the frame over the stage: centred on an axis where it is smaller, edges covering it where larger. */
export function clampView(view: View, image: Size, stage: Size): View {
  const limit = (imagePx: number, stagePx: number) => Math.max(0, (imagePx * view.scale - stagePx) / 2);
  const lx = limit(image.width, stage.width);
  const ly = limit(image.height, stage.height);
  // (+ 0 turns a -0 into 0.)
  return { scale: view.scale, x: Math.max(-lx, Math.min(lx, view.x)) + 0, y: Math.max(-ly, Math.min(ly, view.y)) + 0 };
}

/** Zooms to `scale` keeping the image point under `at` (relative to the stage centre) in place. */
export function zoomAt(view: View, scale: number, at: { x: number; y: number }, image: Size, stage: Size): View {
  const fit = fitScale(image, stage);
  const next = Math.max(fit, Math.min(MAX_SCALE, scale));
  const k = next / view.scale;
  return clampView({ scale: next, x: at.x - (at.x - view.x) * k, y: at.y - (at.y - view.y) * k }, image, stage);
}

/** Whether the frame is larger than its fit (arrows then pan instead of changing frame). */
export function isZoomed(view: View, image: Size, stage: Size): boolean {
  return view.scale > fitScale(image, stage) * 1.001;
}
