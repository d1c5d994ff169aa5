/**
 * Drawing the objects seen from above: tree crowns with their shadows, buildings with hip or gable
 * roofs lit from the south-west, cars, swimming pools. All in raster pixels (0.5 m each); the sun
 * stands in the south-west, so shadows fall to the north-east (+x, -y).
 */
import type { NoiseTexture } from './noise';
import type { Raster } from './raster';

export type Rgb = readonly [number, number, number];

/** Unit vector towards the sun in raster space (x east, y south, z up). */
const SUN = normalise(-0.55, 0.55, 0.62);
/** Ground shift of a shadow per metre of object height, in pixels (sun about 40° high). */
export const SHADOW_PER_HEIGHT_PX: readonly [number, number] = [1.15, -1.15];

function normalise(x: number, y: number, z: number): [number, number, number] {
  const l = Math.hypot(x, y, z);
  return [x / l, y / l, z / l];
}

/** A tree crown of radius `r` px with a ragged edge, leafy texture and its cast shadow. */
export function drawTree(img: Raster, noise: NoiseTexture, cx: number, cy: number, r: number, colour: Rgb, heightM: number): void {
  const sx = cx + SHADOW_PER_HEIGHT_PX[0] * heightM * 0.55;
  const sy = cy + SHADOW_PER_HEIGHT_PX[1] * heightM * 0.55;
  const rs = r * 0.95;
  for (let y = Math.floor(sy - rs); y <= Math.ceil(sy + rs); y++) {
    for (let x = Math.floor(sx - rs); x <= Math.ceil(sx + rs); x++) {
      const d = Math.hypot(x - sx, y - sy);
      if (d < rs) img.shade(x, y, 0.5 + 0.2 * (d / rs) ** 4);
    }
  }
  const [cr, cg, cb] = colour;
  const seed = (cx * 7 + cy * 13) | 0;
  for (let y = Math.floor(cy - r - 1); y <= Math.ceil(cy + r + 1); y++) {
    for (let x = Math.floor(cx - r - 1); x <= Math.ceil(cx + r + 1); x++) {
      const dx = x - cx;
      const dy = y - cy;
      const edge = r * (1 + 0.18 * noise.grain(x * 3 + seed, y * 3));
      const d = Math.hypot(dx, dy);
      const alpha = Math.min(1, edge - d + 0.5);
      if (alpha <= 0) continue;
      const t = Math.min(0.99, d / edge);
      const nz = Math.sqrt(1 - t * t);
      const lit = Math.max(0, (dx / edge) * SUN[0] + (dy / edge) * SUN[1] + nz * SUN[2]);
      // Leaves, and clumps of branches each catching the light on their own.
      const leaf = 1 + 0.3 * noise.grain(x * 5 + seed, y * 5 - seed) + 0.12 * noise.speck(x, y) + 0.25 * noise.at(x * 0.7 + seed, y * 0.7);
      const k = (0.42 + 0.75 * lit) * leaf;
      img.blend(x, y, cr * k, cg * k, cb * k, alpha);
    }
  }
}

export type RoofKind = 'hip' | 'gable-x' | 'gable-y' | 'flat';

/**
 * A building on the rectangle [x0,x1)×[y0,y1): its shadow swept to the north-east by its height,
 * then the roof, each facet lit by which way it faces (the nearest eave decides the facet).
 */
export function drawBuilding(
  img: Raster,
  noise: NoiseTexture,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  roof: Rgb,
  kind: RoofKind,
  heightM: number,
): void {
  const [ox, oy] = [SHADOW_PER_HEIGHT_PX[0] * heightM, SHADOW_PER_HEIGHT_PX[1] * heightM];
  for (let y = Math.floor(y0 + Math.min(0, oy)); y < Math.ceil(y1 + Math.max(0, oy)); y++) {
    for (let x = Math.floor(x0 + Math.min(0, ox)); x < Math.ceil(x1 + Math.max(0, ox)); x++) {
      if (inSweep(x + 0.5, y + 0.5, x0, y0, x1, y1, ox, oy)) img.shade(x, y, 0.6);
    }
  }
  const [r, g, b] = roof;
  for (let y = Math.floor(y0); y < Math.ceil(y1); y++) {
    for (let x = Math.floor(x0); x < Math.ceil(x1); x++) {
      const dw = x + 0.5 - x0;
      const de = x1 - (x + 0.5);
      const dn = y + 0.5 - y0;
      const ds = y1 - (y + 0.5);
      let light: number;
      if (kind === 'flat') light = 0.95;
      else {
        // Which eave is nearest tells which way this part of the roof slopes.
        const facing =
          kind === 'gable-x' ? (dn < ds ? 'n' : 's') : kind === 'gable-y' ? (dw < de ? 'w' : 'e') : nearest(dw, de, dn, ds);
        light = facing === 's' ? 1.12 : facing === 'w' ? 1.02 : facing === 'e' ? 0.8 : 0.7;
        const ridge = kind === 'gable-x' ? Math.abs(dn - ds) : kind === 'gable-y' ? Math.abs(dw - de) : 99;
        if (ridge < 1) light += 0.12;
      }
      const eave = Math.min(dw, de, dn, ds) < 1 ? 0.82 : 1;
      const texture = 1 + 0.06 * noise.grain(x * 3, y * 3) + (kind !== 'flat' && (x + y) % 3 === 0 ? 0.03 : 0);
      const k = light * eave * texture;
      img.set(x, y, r * k, g * k, b * k);
    }
  }
}

function nearest(w: number, e: number, n: number, s: number): 'w' | 'e' | 'n' | 's' {
  const m = Math.min(w, e, n, s);
  return m === s ? 's' : m === w ? 'w' : m === e ? 'e' : 'n';
}

/** Whether (px,py) lies in the rectangle swept along (ox,oy): some t in [0,1] puts p - t·o inside. */
function inSweep(px: number, py: number, x0: number, y0: number, x1: number, y1: number, ox: number, oy: number): boolean {
  let lo = 0;
  let hi = 1;
  for (const [p, a, b, o] of [
    [px, x0, x1, ox],
    [py, y0, y1, oy],
  ] as const) {
    if (o === 0) {
      if (p < a || p >= b) return false;
      continue;
    }
    let t0 = (p - b) / o;
    let t1 = (p - a) / o;
    if (t0 > t1) [t0, t1] = [t1, t0];
    lo = Math.max(lo, t0);
    hi = Math.min(hi, t1);
  }
  return lo <= hi;
}

/** A car of about 4.5 × 1.8 m, along x or y, with a darker windscreen and a small shadow. */
export function drawCar(img: Raster, x: number, y: number, alongX: boolean, colour: Rgb): void {
  const [w, h] = alongX ? [9, 4] : [4, 9];
  for (let j = 0; j < h; j++) for (let i = 0; i < w; i++) img.shade(x + i + 2, y + j - 2, 0.6);
  const [r, g, b] = colour;
  for (let j = 0; j < h; j++) {
    for (let i = 0; i < w; i++) {
      const along = alongX ? i : j;
      const glass = along === 2 || along === 6;
      const k = glass ? 0.35 : 1 - (alongX ? Math.abs(j - 1.5) : Math.abs(i - 1.5)) * 0.06;
      img.set(x + i, y + j, r * k, g * k, b * k);
    }
  }
}

export function fillRect(img: Raster, x0: number, y0: number, x1: number, y1: number, colour: Rgb, noise?: NoiseTexture, amount = 0): void {
  const [r, g, b] = colour;
  for (let y = Math.max(0, Math.floor(y0)); y < Math.min(img.height, Math.ceil(y1)); y++) {
    for (let x = Math.max(0, Math.floor(x0)); x < Math.min(img.width, Math.ceil(x1)); x++) {
      const k = noise ? 1 + amount * noise.grain(x, y) : 1;
      img.set(x, y, r * k, g * k, b * k);
    }
  }
}
