/**
 * Cheap deterministic noise for the synthetic ground: a tileable fractal value-noise texture made
 * once per seed and sampled with bilinear filtering. Sampling a small texture is far faster than
 * evaluating noise per pixel, which keeps a 25-megapixel ground under a few seconds.
 */
import { Rng } from '../prng';

export const NOISE_SIZE = 256;
const MASK = NOISE_SIZE - 1;

/** Values in about [-1, 1], tiling every NOISE_SIZE texels. */
export class NoiseTexture {
  readonly data: Float32Array;
  /** Uncorrelated values in [-1, 1]: per-pixel speckle (leaves, clods, gravel). */
  readonly white: Float32Array;

  constructor(seed: number, octaves = 5) {
    const rng = new Rng(seed);
    this.data = new Float32Array(NOISE_SIZE * NOISE_SIZE);
    this.white = new Float32Array(NOISE_SIZE * NOISE_SIZE);
    for (let i = 0; i < this.white.length; i++) this.white[i] = rng.next() * 2 - 1;
    let amplitude = 1;
    let total = 0;
    for (let o = 0; o < octaves; o++) {
      const cells = 4 << o;
      const lattice = new Float32Array(cells * cells);
      for (let i = 0; i < lattice.length; i++) lattice[i] = rng.next() * 2 - 1;
      const step = NOISE_SIZE / cells;
      for (let y = 0; y < NOISE_SIZE; y++) {
        const gy = y / step;
        const y0 = Math.floor(gy);
        const ty = smooth(gy - y0);
        const r0 = (y0 % cells) * cells;
        const r1 = ((y0 + 1) % cells) * cells;
        for (let x = 0; x < NOISE_SIZE; x++) {
          const gx = x / step;
          const x0 = Math.floor(gx);
          const tx = smooth(gx - x0);
          const c0 = x0 % cells;
          const c1 = (x0 + 1) % cells;
          const top = lattice[r0 + c0]! + (lattice[r0 + c1]! - lattice[r0 + c0]!) * tx;
          const bottom = lattice[r1 + c0]! + (lattice[r1 + c1]! - lattice[r1 + c0]!) * tx;
          this.data[y * NOISE_SIZE + x]! += (top + (bottom - top) * ty) * amplitude;
        }
      }
      total += amplitude;
      amplitude *= 0.5;
    }
    for (let i = 0; i < this.data.length; i++) this.data[i] = this.data[i]! / total * 1.6;
  }

  /** Bilinear sample at texel coordinates (any real numbers; the texture wraps). */
  at(x: number, y: number): number {
    const xf = Math.floor(x);
    const yf = Math.floor(y);
    const tx = x - xf;
    const ty = y - yf;
    const x0 = xf & MASK;
    const y0 = (yf & MASK) * NOISE_SIZE;
    const x1 = (xf + 1) & MASK;
    const y1 = ((yf + 1) & MASK) * NOISE_SIZE;
    const d = this.data;
    const top = d[y0 + x0]! + (d[y0 + x1]! - d[y0 + x0]!) * tx;
    const bottom = d[y1 + x0]! + (d[y1 + x1]! - d[y1 + x0]!) * tx;
    return top + (bottom - top) * ty;
  }

  speck(x: number, y: number): number {
    return this.white[((y & MASK) * NOISE_SIZE) + (x & MASK)]!;
  }

  /** Nearest texel: for per-pixel grain where filtering would only cost time. */
  grain(x: number, y: number): number {
    return this.data[((y & MASK) * NOISE_SIZE) + (x & MASK)]!;
  }
}

function smooth(t: number): number {
  return t * t * (3 - 2 * t);
}

/** A stable pseudo-random value in [0, 1) for integer coordinates. */
export function hash2(x: number, y: number, seed = 0): number {
  let h = Math.imul(x | 0, 0x27d4eb2d) ^ Math.imul(y | 0, 0x165667b1) ^ Math.imul(seed, 0x9e3779b9);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}
