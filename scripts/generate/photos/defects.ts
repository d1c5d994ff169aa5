/**
 * The faults a QC reviewer must catch, applied to a rendered frame: a cloud with its shadow, motion
 * blur along the flight line, over-exposure (washed out, highlights clipped) and a black frame
 * (a camera that did not fire). Deterministic: the frame's row seeds the cloud's shape and place.
 */
import type { Defect } from './flight';
import type { NoiseTexture } from './noise';

export function applyDefect(rgba: Uint8Array, w: number, h: number, defect: Defect, noise: NoiseTexture, seed: number): void {
  switch (defect) {
    case 'cloud':
      return cloud(rgba, w, h, noise, seed);
    case 'blur':
      return motionBlur(rgba, w, h, BLUR_PX);
    case 'overexposed':
      for (let i = 0; i < rgba.length; i += 4) {
        for (let c = 0; c < 3; c++) rgba[i + c] = Math.min(255, 255 * (1 - Math.exp(-(rgba[i + c]! / 255) * 3.4)) * 1.08 + 28);
      }
      return;
    case 'black':
      for (let i = 0; i < rgba.length; i += 4) {
        const n = 3 + ((i * 2654435761) >>> 29);
        rgba[i] = n;
        rgba[i + 1] = n;
        rgba[i + 2] = n + 1;
      }
      return;
  }
}

/** Motion blur's smear at full frame: 41 px (6 px on the thumbnail), plainly soft to a reviewer. */
const BLUR_PX = 41;

/**
 * Shadowed ground is lit by the blue sky alone: darker, and bluer than the sunlit ground around it.
 * Factors per channel at the shadow's core.
 */
const SHADOW_KEEP = [0.5, 0.55, 0.68] as const;

/** Soft white cumulus over part of the frame; its shadow falls offset on the ground. */
function cloud(rgba: Uint8Array, w: number, h: number, noise: NoiseTexture, seed: number): void {
  const ox = (seed * 37) % 256;
  // The cloud's centre moves with the seed, within the frame's upper left quarter.
  const cx = w * (0.3 + ((seed * 7) % 11) / 100);
  const cy = h * (0.36 + ((seed * 13) % 9) / 100);
  const density = (x: number, y: number) => {
    // Billows at three scales, gathered around a centre and fraying outwards.
    const fall = 1 - Math.hypot((x - cx) / (w * 0.5), (y - cy) / (h * 0.55));
    const n = noise.at(x / 6 + ox, y / 6) * 0.55 + noise.at(x / 2.5, y / 2.5 + ox) * 0.3 + noise.at(x / 1.2 + ox, y / 1.2) * 0.15;
    return smoothstep(0.3, 0.62, fall * 0.7 + n * 1.1);
  };
  const shadowDx = 90;
  const shadowDy = 60;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      const shadow = density(x - shadowDx, y - shadowDy);
      const c = density(x, y);
      // Thin cloud edges are greyer (less light scattered back), thick cores bright white.
      const lit = 226 + 26 * noise.at(x / 3, y / 3 + ox) - 20 * (1 - c);
      for (let ch = 0; ch < 3; ch++) {
        const ground = rgba[i + ch]! * (1 - (1 - SHADOW_KEEP[ch]!) * shadow);
        rgba[i + ch] = Math.min(255, ground + ((ch === 2 ? lit + 4 : lit) - ground) * c);
      }
    }
  }
}

/** Box blur of `length` pixels along the image's vertical axis (the flight direction). */
function motionBlur(rgba: Uint8Array, w: number, h: number, length: number): void {
  const half = length >> 1;
  const column = new Float32Array(h);
  for (let x = 0; x < w; x++) {
    for (let ch = 0; ch < 3; ch++) {
      for (let y = 0; y < h; y++) column[y] = rgba[(y * w + x) * 4 + ch]!;
      let sum = 0;
      let n = 0;
      for (let y = -half; y < h + half; y++) {
        const add = y + half;
        const drop = y - half - 1;
        if (add < h) {
          sum += column[add]!;
          n++;
        }
        if (drop >= 0) {
          sum -= column[drop]!;
          n--;
        }
        if (y >= 0 && y < h) rgba[(y * w + x) * 4 + ch] = sum / n;
      }
    }
  }
}

function smoothstep(a: number, b: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - a) / (b - a)));
  return t * t * (3 - 2 * t);
}
