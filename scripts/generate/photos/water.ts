/**
 * Water from above: a meandering river crossing the flight lines diagonally, with muddy banks and
 * riparian trees, and a few ponds. Dark blue-green with slow swirls and a faint sky sheen.
 */
import type { Rng } from '../prng';
import { GROUND_H, GROUND_W } from './flight';
import type { NoiseTexture } from './noise';
import type { Raster } from './raster';
import type { Rgb } from './paint';

export const RIVER_HALF_WIDTH = 30;
const BANK_PX = 5;

/** The river's centre line: y as a function of x, crossing the ground from west to east. */
export function riverCentre(x: number): number {
  return GROUND_H * 0.62 + (x - GROUND_W / 2) * 0.45 + 140 * Math.sin(x / 260) + 50 * Math.sin(x / 97 + 1);
}

function waterColour(noise: NoiseTexture, x: number, y: number, depth: number): [number, number, number] {
  const swirl = noise.at(x / 14 + 50, y / 14) * 0.5 + noise.at(x / 4, y / 4 + 90) * 0.2;
  const k = 1 + 0.08 * swirl;
  // Shallows show the muddy bed; the middle is deep and dark.
  return [(46 + 30 * (1 - depth)) * k, (68 + 26 * (1 - depth)) * k, (66 + 8 * (1 - depth)) * k];
}

export function paintRiver(img: Raster, noise: NoiseTexture, rng: Rng, trees: [number, number, number, Rgb, number][]): void {
  for (let x = 0; x < GROUND_W; x++) {
    const c = riverCentre(x);
    const slope = (riverCentre(x + 1) - riverCentre(x - 1)) / 2;
    // Vertical half-width that gives the intended width across a sloping channel.
    const stretch = Math.sqrt(1 + slope * slope);
    const wobble = 1 + 0.12 * noise.at(x / 40, 7);
    const half = RIVER_HALF_WIDTH * wobble * stretch;
    const bank = BANK_PX * stretch;
    for (let y = Math.floor(c - half - bank); y <= Math.ceil(c + half + bank); y++) {
      const d = Math.abs(y - c);
      if (d <= half) {
        const [r, g, b] = waterColour(noise, x, y, 1 - (d / half) ** 2);
        img.set(x, y, r, g, b);
      } else {
        const k = 1 + 0.1 * noise.grain(x, y);
        img.blend(x, y, 128 * k, 116 * k, 88 * k, 1 - (d - half) / bank / 1.5);
      }
    }
    if (x % 5 === 0) {
      for (const side of [-1, 1]) {
        if (rng.chance(0.55)) {
          const off = half + bank + rng.range(2, 30) * stretch;
          trees.push([x + rng.range(-2, 2), c + side * off, rng.range(5, 10), rng.pick<Rgb>([[50, 72, 38], [66, 82, 42], [104, 96, 44]]), 12]);
        }
      }
    }
  }
}

export function paintPond(img: Raster, noise: NoiseTexture, rng: Rng, cx: number, cy: number, radius: number, trees: [number, number, number, Rgb, number][]): void {
  const phase = rng.range(0, 100);
  const reach = radius * 1.5;
  for (let y = Math.floor(cy - reach); y <= Math.ceil(cy + reach); y++) {
    for (let x = Math.floor(cx - reach); x <= Math.ceil(cx + reach); x++) {
      const a = Math.atan2(y - cy, x - cx);
      const edge = radius * (1 + 0.22 * noise.at(Math.cos(a) * 6 + phase, Math.sin(a) * 6 + phase));
      const d = Math.hypot(x - cx, y - cy);
      if (d < edge) {
        const [r, g, b] = waterColour(noise, x, y, 1 - (d / edge) ** 2);
        img.set(x, y, r * 0.95, g, b * 1.05);
      } else if (d < edge + 6) {
        img.blend(x, y, 84, 104, 56, 1 - (d - edge) / 6);
      }
    }
  }
  for (let i = 0; i < radius / 4; i++) {
    const a = rng.range(0, Math.PI * 2);
    const r = radius * rng.range(1.25, 1.6);
    trees.push([cx + Math.cos(a) * r, cy + Math.sin(a) * r, rng.range(5, 9), [56, 76, 40], 10]);
  }
}
