/**
 * The six cameras of the pod and how each sees the ground: Cam01 nadir (true colour), Cam02–Cam05
 * obliques looking forward, back, left and right (a pinhole camera tilted 28° off vertical, so
 * roads converge and detail coarsens with distance), Cam06 a wide nadir in colour infrared.
 * A frame is sampled from the ground raster's detail levels (blending two where it shows), then hazed
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

/** Vignetting of the lens, the same for every frame: computed once. */
let vignetteTable: Float32Array | undefined;
function vignette(): Float32Array {
  if (!vignetteTable) {
    vignetteTable = new Float32Array(FRAME_W * FRAME_H);
    const cx = FRAME_W / 2;
    const cy = FRAME_H / 2;
    for (let v = 0; v < FRAME_H; v++) {
      for (let u = 0; u < FRAME_W; u++) {
        const du = u + 0.5 - cx;
        const dv = v + 0.5 - cy;
        const rr = (du * du + dv * dv) / (cx * cx + cy * cy);
        vignetteTable[v * FRAME_W + u] = 1 - 0.22 * rr * rr - 0.08 * rr;
      }
    }
  }
  return vignetteTable;
}

/** Adds `weight` × the bilinear sample of `img` at (x, y) (pixel-centre coordinates) into acc. */
function addBilinear(img: Raster, x: number, y: number, weight: number, acc: Float64Array): void {
  const w = img.width;
  x = Math.min(Math.max(x - 0.5, 0), w - 1.001);
  y = Math.min(Math.max(y - 0.5, 0), img.height - 1.001);
  const x0 = x | 0;
  const y0 = y | 0;
  const tx = x - x0;
  const ty = y - y0;
  const d = img.data;
  const i = (y0 * w + x0) * 3;
  const j = i + w * 3;
  const a = (1 - tx) * (1 - ty) * weight;
  const b = tx * (1 - ty) * weight;
  const c = (1 - tx) * ty * weight;
  const e = tx * ty * weight;
  acc[0] = acc[0]! + d[i]! * a + d[i + 3]! * b + d[j]! * c + d[j + 3]! * e;
  acc[1] = acc[1]! + d[i + 1]! * a + d[i + 4]! * b + d[j + 1]! * c + d[j + 4]! * e;
  acc[2] = acc[2]! + d[i + 2]! * a + d[i + 5]! * b + d[j + 2]! * c + d[j + 5]! * e;
}

/**
 * Renders one exposure of one camera as RGBA (what jpeg-js encodes). Along an image row the ground
 * point moves linearly (the row is one line on the flat ground), so each row is set up once: where
 * it starts, its step per pixel, its level of detail and its haze.
 */
export function renderFrame(levels: readonly Raster[], e: Exposure, camera: Camera): Uint8Array {
  const model = CAMERA_MODELS[camera];
  const out = new Uint8Array(FRAME_W * FRAME_H * 4);
  if (model.look === 'nadir' && model.scale === 1) {
    copyNadir(levels[0]!, e, out);
    return out;
  }
  const vig = vignette();
  const acc = new Float64Array(3);
  const last = levels.length - 1;
  const cx = FRAME_W / 2;
  const cy = FRAME_H / 2;
  // Heading and its right-hand side in ground space (x east, y south).
  const rx = -e.dy;
  const ry = e.dx;
  const look: [number, number] =
    model.look === 'back' ? [-e.dx, -e.dy] : model.look === 'left' ? [-rx, -ry] : model.look === 'right' ? [rx, ry] : [e.dx, e.dy];
  const [gr, gg, gb] = model.gain;
  for (let v = 0; v < FRAME_H; v++) {
    const dv = v + 0.5 - cy;
    // Ground point of the row's first pixel centre, and its step per pixel.
    let ax: number;
    let ay: number;
    let bx: number;
    let by: number;
    let level: number;
    let haze = 0.04;
    if (model.look === 'nadir') {
      const t = model.scale;
      bx = rx * t;
      by = ry * t;
      ax = e.x + ((0.5 - cx) * rx - dv * e.dx) * t;
      ay = e.y + ((0.5 - cx) * ry - dv * e.dy) * t;
      // The wide camera sits between two levels; the nearest one is sharp enough and costs half.
      level = Math.round(Math.log2(t));
    } else {
      const down = FOCAL * Math.cos(TILT) + dv * Math.sin(TILT);
      const forward = FOCAL * Math.sin(TILT) - dv * Math.cos(TILT);
      const t = HEIGHT / down;
      const nextT = HEIGHT / (down + Math.sin(TILT));
      const nextF = FOCAL * Math.sin(TILT) - (dv + 1) * Math.cos(TILT);
      level = Math.log2(Math.max(t, Math.abs(nextT * nextF - t * forward)));
      haze = 0.05 + 0.16 * Math.max(0, (t * Math.hypot(down, forward)) / HEIGHT - 1);
      const sideX = -look[1];
      const sideY = look[0];
      bx = t * sideX;
      by = t * sideY;
      ax = e.x + t * (forward * look[0] + (0.5 - cx) * sideX);
      ay = e.y + t * (forward * look[1] + (0.5 - cx) * sideY);
    }
    // Blend two levels only where it shows: near a whole level, the nearest alone is as good.
    const l = Math.min(Math.max(level, 0), last);
    let l0 = Math.min(Math.floor(l), last);
    let f = l - l0;
    if (f < 0.2) f = 0;
    else if (f > 0.8 && l0 < last) {
      l0++;
      f = 0;
    }
    const near = levels[l0]!;
    const far = levels[Math.min(l0 + 1, last)]!;
    const s0 = 1 / (1 << l0);
    for (let u = 0; u < FRAME_W; u++) {
      const gx = ax + bx * u;
      const gy = ay + by * u;
      acc[0] = acc[1] = acc[2] = 0;
      addBilinear(near, gx * s0, gy * s0, 1 - f, acc);
      if (f > 0) addBilinear(far, gx * s0 * 0.5, gy * s0 * 0.5, f, acc);
      let r = acc[0]! * gr;
      let g = acc[1]! * gg;
      let b = acc[2]! * gb;
      if (model.infrared) {
        const nir = nearInfrared(r, g, b);
        b = g * 0.9;
        g = r * 0.95;
        r = nir;
      }
      const k = vig[v * FRAME_W + u]!;
      const o = (v * FRAME_W + u) * 4;
      out[o] = clamp((r + (HAZE[0] - r) * haze) * k);
      out[o + 1] = clamp((g + (HAZE[1] - g) * haze) * k);
      out[o + 2] = clamp((b + (HAZE[2] - b) * haze) * k);
      out[o + 3] = 255;
    }
  }
  return out;
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
  const vig = vignette();
  for (let v = 0; v < FRAME_H; v++) {
    const gy = Math.min(Math.max(Math.floor(e.y) + (south ? cy - 1 - v : v - cy), 0), ground.height - 1);
    for (let u = 0; u < FRAME_W; u++) {
      const gx = Math.min(Math.max(Math.floor(e.x) + (south ? cx - 1 - u : u - cx), 0), ground.width - 1);
      const i = (gy * ground.width + gx) * 3;
      const k = vig[v * FRAME_W + u]!;
      const o = (v * FRAME_W + u) * 4;
      out[o] = clamp((d[i]! + (HAZE[0] - d[i]!) * 0.04) * k);
      out[o + 1] = clamp((d[i + 1]! + (HAZE[1] - d[i + 1]!) * 0.04) * k);
      out[o + 2] = clamp((d[i + 2]! + (HAZE[2] - d[i + 2]!) * 0.04) * k);
      out[o + 3] = 255;
    }
  }
}

/**
 * Colour infrared shows near infrared as red, red as green, green as blue. Healthy vegetation
 * reflects near infrared strongly and turns red; water stays dark; bare soil goes grey-cyan.
 * Near infrared is estimated from how green and how bright a ground colour is.
 */
function nearInfrared(r: number, g: number, b: number): number {
  const vegetation = Math.max(0, g - Math.max(r, b) * 0.92) / 40;
  return Math.min(255, ((r + g + b) / 3) * 0.95 + vegetation * 150 + (b > g && b > r ? -40 : 0));
}

function clamp(v: number): number {
  return v < 0 ? 0 : v > 255 ? 255 : v;
}
