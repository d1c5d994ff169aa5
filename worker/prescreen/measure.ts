/**
 * Automatic pre-screening of a frame (issue 8): plain figures measured from its small rendition's
 * RGBA pixels, and the suggestion they lead to. Pure functions with no DOM, shared by the
 * pre-screen worker (pixels from createImageBitmap + OffscreenCanvas) and the Node test that
 * measures precision and recall on the generated photo set (pixels from jpeg-js).
 *
 * The flight direction is the image's vertical axis (the photo set's convention, docs/data.md),
 * so motion blur smears along y: sharpness along y falls while sharpness across stays.
 */

import type { FlagReason } from '../domain/frameFlags';

export interface Pixels {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
}

export interface Figures {
  /** Mean luminance, 0–255. */
  meanLuminance: number;
  /** Share of pixels at black (luminance ≤ 16), 0–1. */
  black: number;
  /** Share of pixels clipped white (luminance ≥ 250), 0–1. */
  clipped: number;
  /**
   * Fine detail along the flight direction: the mean luminance step to the next pixel along it,
   * over the step to the pixel SHARPNESS_SPAN_PX away. A smear along the line makes neighbours
   * alike while pixels far apart still differ, so it falls; the scene's own texture moves both.
   */
  sharpness: number;
  /** Share of pixels bright and colourless (cloud), 0–1. */
  cloud: number;
}

/** The flag reasons a suggestion may carry (the engine's FrameFlag reasons). */
export type SuggestedReason = Extract<FlagReason, 'Under-exposed / black' | 'Over-exposed' | 'Cloud' | 'Blur'>;

export interface Suggestion {
  reason: SuggestedReason;
  /** The measured figure behind it, in words, e.g. "34 % cloud". */
  figure: string;
}

/**
 * Thresholds, chosen on the generated set (docs/qc-review.md has the figures' ranges, precision
 * and recall). Measured on the 160 × 120 thumbnail.
 */
export const THRESHOLDS = {
  blackMeanLuminance: 24,
  blackShare: 0.6,
  clippedShare: 0.01,
  brightMeanLuminance: 185,
  cloudShare: 0.02,
  sharpness: 0.24,
} as const;

const SHARPNESS_SPAN_PX = 6;

function luminance(r: number, g: number, b: number): number {
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

/** Mean absolute luminance difference between pixels `span` rows apart. */
function stepAlong(lum: Float32Array, w: number, h: number, span: number): number {
  let sum = 0;
  for (let p = 0; p < (h - span) * w; p++) sum += Math.abs(lum[p + span * w]! - lum[p]!);
  return h > span ? sum / ((h - span) * w) : 0;
}

export function measure({ data, width: w, height: h }: Pixels): Figures {
  const n = w * h;
  const lum = new Float32Array(n);
  let sum = 0;
  let black = 0;
  let clipped = 0;
  let cloud = 0;
  for (let p = 0, i = 0; p < n; p++, i += 4) {
    const r = data[i]!;
    const g = data[i + 1]!;
    const b = data[i + 2]!;
    const y = luminance(r, g, b);
    lum[p] = y;
    sum += y;
    if (y <= 16) black++;
    if (y >= 250) clipped++;
    const max = Math.max(r, g, b);
    if (y >= 200 && max - Math.min(r, g, b) <= 0.12 * max) cloud++;
  }
  const far = stepAlong(lum, w, h, SHARPNESS_SPAN_PX);
  return {
    meanLuminance: sum / n,
    black: black / n,
    clipped: clipped / n,
    sharpness: far > 0 ? stepAlong(lum, w, h, 1) / far : 1,
    cloud: cloud / n,
  };
}

const pct = (share: number) => `${Math.round(share * 100)} %`;

/** The one suggestion a frame's figures lead to, or null for a frame that looks clean. */
export function suggest(f: Figures, t = THRESHOLDS): Suggestion | null {
  if (f.meanLuminance < t.blackMeanLuminance && f.black > t.blackShare) return { reason: 'Under-exposed / black', figure: `mean luminance ${Math.round(f.meanLuminance)}` };
  if (f.clipped > t.clippedShare || f.meanLuminance > t.brightMeanLuminance) return { reason: 'Over-exposed', figure: `mean luminance ${Math.round(f.meanLuminance)}, ${pct(f.clipped)} clipped` };
  if (f.cloud > t.cloudShare) return { reason: 'Cloud', figure: `${pct(f.cloud)} cloud` };
  if (f.sharpness < t.sharpness) return { reason: 'Blur', figure: `fine detail ${f.sharpness.toFixed(2)} along the line` };
  return null;
}
