/**
 * Field surfaces seen from above in late autumn: crop rows, furrows, stubble with straw swaths,
 * pasture, tramlines, and the slow colour drift of soil moisture across a field. Each field is a
 * rectangle painted pixel by pixel from a handful of parameters.
 */
import type { NoiseTexture } from './noise';
import type { Raster } from './raster';
import type { Rgb } from './paint';
import type { Rng } from '../prng';

export type CropKind = 'corn-green' | 'corn-dry' | 'soy' | 'stubble' | 'ploughed' | 'winter-wheat' | 'pasture' | 'alfalfa' | 'fallow';

interface CropLook {
  base: Rgb;
  /** Second colour the rows alternate with (soil between rows). */
  between: Rgb;
  /** Row period in pixels (0: no rows). */
  period: number;
  /** Share of the period covered by the row colour. */
  fill: number;
  /** Large-scale colour drift and fine grain. */
  drift: number;
  grain: number;
  /** Tramlines every n pixels (0: none). */
  tram: number;
  /** Per-pixel speckle: clumps of grass, clods of soil. */
  speck: number;
}

const LOOKS: Record<CropKind, CropLook> = {
  'corn-green': { base: [72, 98, 44], between: [96, 86, 58], period: 3.2, fill: 0.65, drift: 0.1, grain: 0.1, tram: 0, speck: 0.04 },
  'corn-dry': { base: [168, 150, 98], between: [120, 104, 72], period: 3.2, fill: 0.6, drift: 0.08, grain: 0.12, tram: 0, speck: 0.04 },
  soy: { base: [182, 160, 82], between: [150, 128, 80], period: 2.4, fill: 0.7, drift: 0.12, grain: 0.1, tram: 0, speck: 0.03 },
  stubble: { base: [204, 188, 142], between: [176, 160, 118], period: 9, fill: 0.3, drift: 0.08, grain: 0.08, tram: 48, speck: 0.04 },
  ploughed: { base: [112, 88, 64], between: [78, 60, 44], period: 4, fill: 0.5, drift: 0.14, grain: 0.1, tram: 0, speck: 0.05 },
  'winter-wheat': { base: [118, 142, 78], between: [128, 106, 80], period: 3.6, fill: 0.45, drift: 0.12, grain: 0.06, tram: 48, speck: 0.03 },
  pasture: { base: [104, 126, 64], between: [104, 126, 64], period: 0, fill: 1, drift: 0.2, grain: 0.12, tram: 0, speck: 0.05 },
  alfalfa: { base: [66, 116, 46], between: [86, 126, 58], period: 14, fill: 0.5, drift: 0.12, grain: 0.08, tram: 0, speck: 0.04 },
  fallow: { base: [146, 136, 90], between: [120, 112, 76], period: 0, fill: 1, drift: 0.22, grain: 0.16, tram: 0, speck: 0.06 },
};

export const CROPS = Object.keys(LOOKS) as CropKind[];

export interface FieldPaint {
  kind: CropKind;
  /** Rows run along x (0) or y (1), or diagonally (2). */
  rows: 0 | 1 | 2;
  /** Per-field tint, so neighbouring fields of one crop still differ. */
  tint: number;
  /** Centre pivot: paint a circle of this crop and the corners with `corner`. */
  pivot?: { cx: number; cy: number; r: number; corner: CropKind };
}

export function randomFieldPaint(rng: Rng, kind: CropKind, w: number, h: number): FieldPaint {
  return { kind, rows: w > h * 1.3 ? 0 : h > w * 1.3 ? 1 : rng.chance(0.15) ? 2 : rng.chance(0.5) ? 0 : 1, tint: rng.range(-0.08, 0.08) };
}

const MARGIN_PX = 3;
const MARGIN: Rgb = [96, 112, 62];

/** Paints one field on [x0,x1)×[y0,y1), with a grass margin at its edges. */
export function paintField(img: Raster, noise: NoiseTexture, x0: number, y0: number, x1: number, y1: number, paint: FieldPaint): void {
  const d = img.data;
  for (let y = Math.max(0, y0); y < Math.min(img.height, y1); y++) {
    for (let x = Math.max(0, x0); x < Math.min(img.width, x1); x++) {
      const edge = Math.min(x - x0, x1 - 1 - x, y - y0, y1 - 1 - y);
      let kind = paint.kind;
      let u = paint.rows === 0 ? y : paint.rows === 1 ? x : (x + y) * 0.7071;
      if (paint.pivot) {
        const r = Math.hypot(x - paint.pivot.cx, y - paint.pivot.cy);
        if (r > paint.pivot.r) kind = paint.pivot.corner;
        else {
          u = r;
          // Wheel tracks of the pivot's towers.
          if (Math.abs((r % 90) - 45) < 1.2) {
            write(d, (y * img.width + x) * 3, 0.72, LOOKS[kind].between);
            continue;
          }
        }
      }
      const look = LOOKS[kind];
      let k = 1 + paint.tint + look.drift * noise.at(x / 23, y / 23) + look.grain * noise.grain(x, y) + look.speck * noise.speck(x, y);
      let colour = look.base;
      if (look.period > 0) {
        const phase = (u / look.period) % 1;
        if (phase > look.fill) colour = look.between;
      }
      if (look.tram > 0 && (paint.rows === 1 ? x - x0 : y - y0) % look.tram < 2) k *= 0.8;
      if (edge < MARGIN_PX) {
        colour = MARGIN;
        k = 1 + 0.12 * noise.grain(x * 2, y * 2);
      }
      write(d, (y * img.width + x) * 3, k, colour);
    }
  }
}

function write(d: Uint8ClampedArray, i: number, k: number, c: Rgb): void {
  d[i] = c[0] * k;
  d[i + 1] = c[1] * k;
  d[i + 2] = c[2] * k;
}
