/**
 * Roads from above: asphalt with a dashed yellow centre line and white edge lines, gravel shoulders,
 * or an unpaved road with two darker wheel tracks. Markings stop at crossings as real ones do.
 */
import type { NoiseTexture } from './noise';
import type { Raster } from './raster';

export interface Road {
  vertical: boolean;
  /** Centre line, in raster pixels across the road's direction. */
  at: number;
  paved: boolean;
  width: number;
  length: number;
  /** Start along the road's direction (default 0). */
  from?: number;
  /** Village streets: paved, no markings. */
  residential?: boolean;
}

export function paintRoad(img: Raster, noise: NoiseTexture, road: Road, all: readonly Road[]): void {
  const half = road.width / 2;
  const from = Math.max(0, road.from ?? 0);
  const to = Math.min(road.vertical ? img.height : img.width, from + road.length);
  const crossings = all.filter((r) => r.vertical !== road.vertical).map((r) => [r.at, r.width / 2 + 3] as const);
  for (let t = from; t < to; t++) {
    const atCrossing = crossings.some(([at, h]) => Math.abs(t - at) < h);
    for (let s = -half - 2; s < half + 2; s++) {
      const across = Math.round(road.at + s);
      const [x, y] = road.vertical ? [across, t] : [t, across];
      const grain = noise.grain(x * 2, y * 2);
      if (s < -half || s >= half) {
        // Gravel shoulder, blended into whatever is beside the road.
        img.blend(x, y, 150 + 20 * grain, 140 + 20 * grain, 118, 0.7);
        continue;
      }
      if (!road.paved) {
        const track = Math.abs(Math.abs(s + 0.5) - half * 0.45) < 1.2 ? 0.85 : 1;
        const k = track * (1 + 0.1 * grain + 0.05 * noise.at(x / 6, y / 6));
        img.set(x, y, 170 * k, 154 * k, 122 * k);
        continue;
      }
      const k = 1 + 0.07 * grain + 0.04 * noise.at(x / 9, y / 9);
      img.set(x, y, 100 * k, 101 * k, 100 * k);
      if (road.residential || atCrossing) continue;
      const centre = Math.abs(s + 0.5) < 0.6;
      if (centre && t % 30 < 12) img.blend(x, y, 222, 188, 60, 0.8);
      if (Math.abs(s + 0.5) > half - 2 && Math.abs(s + 0.5) < half - 1) img.blend(x, y, 235, 235, 230, 0.6);
    }
  }
}
