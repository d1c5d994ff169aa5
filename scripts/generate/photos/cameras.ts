/**
 * The six cameras of the pod and how each sees the ground: Cam01 nadir (true colour), Cam02–Cam05
 * obliques looking forward, back, left and right (a pinhole camera tilted 28° off vertical, so
 * roads converge and detail coarsens with distance), Cam06 a wide nadir in colour infrared.
 * A frame is sampled from the ground raster's detail levels with trilinear filtering, then hazed
 * by distance and vignetted as a real lens does.
 */
import type { Camera, Exposure } from './flight';
import { FRAME_H, FRAME_W } from './flight';
import type { Raster } from './raster';

export interface CameraModel {
  look: 'nadir' | 'forward' | 'back' | 'left' | 'right';
  /** Nadir: ground pixels per image pixel. */
  scale: number;
  infrared: boolean;
  /** Per-camera colour balance: the sensors of a pod never match exactly. */
  gain: readonly [number, number, number];
}

export const CAMERA_MODELS: Record<Camera, CameraModel> = {
  Cam01: { look: 'nadir', scale: 1, infrared: false, gain: [1, 1, 1] },
  Cam02: { look: 'forward', scale: 1, infrared: false, gain: [1.03, 1, 0.97] },
  Cam03: { look: 'back', scale: 1, infrared: false, gain: [0.98, 1, 1.03] },
  Cam04: { look: 'left', scale: 1, infrared: false, gain: [1.02, 1.01, 0.96] },
  Cam05: { look: 'right', scale: 1, infrared: false, gain: [0.97, 0.99, 1.04] },
  Cam06: { look: 'nadir', scale: 1.6, infrared: true, gain: [1, 1, 1] },
};

/** Oblique geometry in ground pixels: focal length, tilt, and a height that keeps the centre at 1:1. */
const FOCAL = 1000;
const TILT = (28 * Math.PI) / 180;
const HEIGHT = FOCAL * Math.cos(TILT);
const HAZE: readonly [number, number, number] = [182, 194, 208];

export type Sampler = ((x: number, y: number, level: number, out: Float32Array) => void) & { levels: readonly Raster[] };

/** Trilinear sampling over the ground's detail levels (level 0 = full resolution). */
export function makeSampler(levels: readonly Raster[]): Sampler {
  const bilinear = (img: Raster, x: number, y: number, out: Float32Array, weight: number) => {
    const w = img.width;
    const h = img.height;
    x = Math.min(Math.max(x - 0.5, 0), w - 1.001);
    y = Math.min(Math.max(y - 0.5, 0), h - 1.001);
    const x0 = x | 0;
    const y0 = y | 0;
    const tx = x - x0;
    const ty = y - y0;
    const d = img.data;
    const i = (y0 * w + x0) * 3;
    const j = i + w * 3;
    for (let c = 0; c < 3; c++) {
      const top = d[i + c]! + (d[i + 3 + c]! - d[i + c]!) * tx;
      const bottom = d[j + c]! + (d[j + 3 + c]! - d[j + c]!) * tx;
      out[c] = out[c]! + (top + (bottom - top) * ty) * weight;
    }
  };
  const last = levels.length - 1;
  const sampler = (x: number, y: number, level: number, out: Float32Array) => {
    out[0] = out[1] = out[2] = 0;
    const l = Math.min(Math.max(level, 0), last);
    let l0 = Math.min(l | 0, last);
    let f = l - l0;
    // Blend two levels only where it shows: near a whole level, the nearest alone is as good.
    if (f < 0.2) f = 0;
    else if (f > 0.8 && l0 < last) {
      l0++;
      f = 0;
    }
    const s0 = 1 / (1 << l0);
    bilinear(levels[l0]!, x * s0, y * s0, out, 1 - f);
    if (f > 0.01 && l0 < last) bilinear(levels[l0 + 1]!, x * s0 * 0.5, y * s0 * 0.5, out, f);
  };
  return Object.assign(sampler, { levels });
}

function levels0(sample: Sampler): Raster {
  return sample.levels[0]!;
}

/**
 * The nadir camera at full frame sees the ground 1:1, so its frame is the raster itself, turned to
 * the heading (a south-bound line sees the ground upside down), with light haze and vignetting.
 */
function copyNadir(ground: Raster, e: Exposure, out: Uint8Array): void {
  const cx = FRAME_W / 2;
  const cy = FRAME_H / 2;
  const south = e.dy > 0;
  const d = ground.data;
  for (let v = 0; v < FRAME_H; v++) {
    const gy = Math.floor(e.y) + (south ? cy - 1 - v : v - cy);
    const dv = v + 0.5 - cy;
    for (let u = 0; u < FRAME_W; u++) {
      const gx = Math.floor(e.x) + (south ? cx - 1 - u : u - cx);
      const i = (Math.min(Math.max(gy, 0), ground.height - 1) * ground.width + Math.min(Math.max(gx, 0), ground.width - 1)) * 3;
      const du = u + 0.5 - cx;
      const rr = (du * du + dv * dv) / (cx * cx + cy * cy);
      const k = 1 - 0.22 * rr * rr - 0.08 * rr;
      const o = (v * FRAME_W + u) * 4;
      out[o] = clamp((d[i]! + (HAZE[0] - d[i]!) * 0.04) * k);
      out[o + 1] = clamp((d[i + 1]! + (HAZE[1] - d[i + 1]!) * 0.04) * k);
      out[o + 2] = clamp((d[i + 2]! + (HAZE[2] - d[i + 2]!) * 0.04) * k);
      out[o + 3] = 255;
    }
  }
}

/** Renders one exposure of one camera as RGBA (what jpeg-js encodes). */
export function renderFrame(sample: Sampler, e: Exposure, camera: Camera): Uint8Array {
  const model = CAMERA_MODELS[camera];
  const out = new Uint8Array(FRAME_W * FRAME_H * 4);
  const px = new Float32Array(3);
  const cx = FRAME_W / 2;
  const cy = FRAME_H / 2;
  // Heading and its right-hand side in ground space (x east, y south).
  const rx = -e.dy;
  const ry = e.dx;
  const look: [number, number] =
    model.look === 'back' ? [-e.dx, -e.dy] : model.look === 'left' ? [-rx, -ry] : model.look === 'right' ? [rx, ry] : [e.dx, e.dy];
  const sideX = -look[1];
  const sideY = look[0];
  if (model.look === 'nadir' && model.scale === 1) {
    copyNadir(levels0(sample), e, out);
    return out;
  }
  for (let v = 0; v < FRAME_H; v++) {
    const dv = v + 0.5 - cy;
    let t = model.scale;
    let forward = 0;
    // The wide camera sits between two levels; the nearest one is sharp enough and costs half.
    let level = Math.round(Math.log2(model.scale));
    let haze = 0.04;
    if (model.look !== 'nadir') {
      const down = FOCAL * Math.cos(TILT) + dv * Math.sin(TILT);
      forward = FOCAL * Math.sin(TILT) - dv * Math.cos(TILT);
      t = HEIGHT / down;
      const nextT = HEIGHT / (down + Math.sin(TILT));
      const nextF = FOCAL * Math.sin(TILT) - (dv + 1) * Math.cos(TILT);
      level = Math.log2(Math.max(t, Math.abs(nextT * nextF - t * forward)));
      const slant = t * Math.hypot(down, forward);
      haze = 0.05 + 0.16 * Math.max(0, slant / HEIGHT - 1);
    }
    for (let u = 0; u < FRAME_W; u++) {
      const du = u + 0.5 - cx;
      let gx: number;
      let gy: number;
      if (model.look === 'nadir') {
        gx = e.x + (du * rx - dv * e.dx) * t;
        gy = e.y + (du * ry - dv * e.dy) * t;
      } else {
        gx = e.x + t * (forward * look[0] + du * sideX);
        gy = e.y + t * (forward * look[1] + du * sideY);
      }
      sample(gx, gy, level, px);
      const rr = (du * du + dv * dv) / (cx * cx + cy * cy);
      const vignette = 1 - 0.22 * rr * rr - 0.08 * rr;
      let r = px[0]! * model.gain[0];
      let g = px[1]! * model.gain[1];
      let b = px[2]! * model.gain[2];
      if (model.infrared) [r, g, b] = colourInfrared(r, g, b);
      const o = (v * FRAME_W + u) * 4;
      out[o] = clamp((r + (HAZE[0] - r) * haze) * vignette);
      out[o + 1] = clamp((g + (HAZE[1] - g) * haze) * vignette);
      out[o + 2] = clamp((b + (HAZE[2] - b) * haze) * vignette);
      out[o + 3] = 255;
    }
  }
  return out;
}

/**
 * Colour-infrared rendition (near infrared shown as red, red as green, green as blue): healthy
 * vegetation reflects near infrared strongly and turns red, water stays dark, bare soil grey-cyan.
 */
function colourInfrared(r: number, g: number, b: number): [number, number, number] {
  const vegetation = Math.max(0, g - Math.max(r, b) * 0.92) / 40;
  const nir = Math.min(255, (r + g + b) / 3 * 0.95 + vegetation * 150 + (b > g && b > r ? -40 : 0));
  return [nir, r * 0.95, g * 0.9];
}

function clamp(v: number): number {
  return v < 0 ? 0 : v > 255 ? 255 : v;
}
