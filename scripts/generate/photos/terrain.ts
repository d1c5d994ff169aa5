/**
 * The ground under the photo flight, painted once into a shared raster (0.5 m per pixel): a grid of
 * section roads, fields subdivided inside each block, a centre pivot or two, woodlots and hedges,
 * farmsteads by the roads, a village of houses on a street grid, a meandering river and ponds.
 * Deterministic from its seed.
 */
import { Rng } from '../prng';
import { CROPS, paintField, randomFieldPaint, type CropKind, type FieldPaint } from './fields';
import { GROUND_H, GROUND_W, MARGIN_PX } from './flight';
import { NoiseTexture } from './noise';
import { drawBuilding, drawCar, drawTree, fillRect, type Rgb } from './paint';
import { Raster } from './raster';
import { paintPond, paintRiver, riverCentre, RIVER_HALF_WIDTH } from './water';
import { paintRoad, type Road } from './roads';

export interface Ground {
  raster: Raster;
  noise: NoiseTexture;
}

interface Block {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const TREE_GREENS: readonly Rgb[] = [
  [52, 74, 38],
  [44, 66, 36],
  [62, 80, 40],
  [70, 74, 36],
  [96, 84, 40],
  [120, 78, 38],
];

/** Woods are mostly green in the photo's late October; a few crowns have turned. */
const WOOD_GREENS: readonly Rgb[] = [
  [60, 86, 44],
  [52, 78, 40],
  [70, 92, 46],
  [66, 84, 40],
  [104, 96, 48],
];

export function paintGround(seed: number): Ground {
  const rng = new Rng(seed);
  const noise = new NoiseTexture(seed + 1);
  const img = new Raster(GROUND_W, GROUND_H);
  const roads = layRoads(rng);
  const blocks = blocksBetween(roads);
  // The village sits where the middle line passes, a third of the way along.
  const village = blocks.reduce((best, b) =>
    dist(b, GROUND_W / 2, GROUND_H * 0.38) < dist(best, GROUND_W / 2, GROUND_H * 0.38) ? b : best,
  );
  const trees: [number, number, number, Rgb, number][] = [];
  const buildings: (() => void)[] = [];
  for (const block of blocks) {
    if (block === village) paintVillage(img, noise, rng, block, roads, trees, buildings);
    else paintFarmland(img, noise, rng, block, trees, buildings);
  }
  paintRiver(img, noise, rng, trees);
  for (let i = 0; i < 4; i++) {
    const cx = rng.range(MARGIN_PX, GROUND_W - MARGIN_PX);
    const cy = rng.range(MARGIN_PX, GROUND_H - MARGIN_PX);
    if (Math.abs(cy - riverCentre(cx)) < RIVER_HALF_WIDTH * 4) continue;
    if (cx > village.x0 - 120 && cx < village.x1 + 120 && cy > village.y0 - 120 && cy < village.y1 + 120) continue;
    paintPond(img, noise, rng, cx, cy, rng.range(30, 80), trees);
  }
  for (const road of roads) paintRoad(img, noise, road, roads);
  for (const draw of buildings) draw();
  for (const [x, y, r, c, h] of trees) {
    if (!onRoad(roads, x, y, r)) drawTree(img, noise, x, y, r, c, h);
  }
  for (const road of roads) {
    if (!road.paved) continue;
    for (let i = 0; i < road.length / 260; i++) {
      const along = rng.range(0, road.length);
      const lane = rng.chance(0.5) ? -5 : 1;
      const colour = rng.pick<Rgb>([[230, 230, 228], [30, 32, 36], [160, 164, 170], [150, 30, 28], [40, 60, 120]]);
      if (road.vertical) drawCar(img, road.at + lane, along, false, colour);
      else drawCar(img, along, road.at + lane, true, colour);
    }
  }
  return { raster: img, noise };
}

function dist(b: Block, x: number, y: number): number {
  return Math.hypot((b.x0 + b.x1) / 2 - x, (b.y0 + b.y1) / 2 - y);
}

/** Section roads: north–south every 380–650 m, east–west every 420–800 m; some unpaved. */
function layRoads(rng: Rng): Road[] {
  const roads: Road[] = [];
  for (let x = rng.range(150, 450); x < GROUND_W - 100; x += rng.range(760, 1300)) {
    roads.push({ vertical: true, at: Math.round(x), paved: rng.chance(0.6), width: 14, length: GROUND_H });
  }
  for (let y = rng.range(200, 600); y < GROUND_H - 100; y += rng.range(840, 1600)) {
    roads.push({ vertical: false, at: Math.round(y), paved: rng.chance(0.5), width: 14, length: GROUND_W });
  }
  for (const r of roads) if (!r.paved) r.width = 10;
  return roads;
}

function blocksBetween(roads: readonly Road[]): Block[] {
  const xs = [0, ...roads.filter((r) => r.vertical).map((r) => r.at), GROUND_W];
  const ys = [0, ...roads.filter((r) => !r.vertical).map((r) => r.at), GROUND_H];
  const blocks: Block[] = [];
  for (let i = 0; i + 1 < xs.length; i++) {
    for (let j = 0; j + 1 < ys.length; j++) blocks.push({ x0: xs[i]! + 9, y0: ys[j]! + 9, x1: xs[i + 1]! - 9, y1: ys[j + 1]! - 9 });
  }
  return blocks;
}

function onRoad(roads: readonly Road[], x: number, y: number, r: number): boolean {
  return roads.some((road) => Math.abs((road.vertical ? x : y) - road.at) < road.width / 2 + r * 0.6);
}

type TreeList = [number, number, number, Rgb, number][];

function paintFarmland(img: Raster, noise: NoiseTexture, rng: Rng, b: Block, trees: TreeList, buildings: (() => void)[]): void {
  const w = b.x1 - b.x0;
  const h = b.y1 - b.y0;
  const alongX = w > h;
  const span = alongX ? w : h;
  // Strips across the block's long side, each maybe cut in two the other way.
  let at = 0;
  while (at < span) {
    const size = Math.min(span - at, rng.range(180, 520));
    const rest = span - at - size < 120 ? span - at : size;
    const parts = rng.chance(0.35) ? 2 : 1;
    for (let p = 0; p < parts; p++) {
      const other = alongX ? h : w;
      const cut0 = Math.round((other * p) / parts);
      const cut1 = Math.round((other * (p + 1)) / parts);
      const [x0, x1, y0, y1] = alongX
        ? [b.x0 + at, b.x0 + at + rest, b.y0 + cut0, b.y0 + cut1]
        : [b.x0 + cut0, b.x0 + cut1, b.y0 + at, b.y0 + at + rest];
      paintParcel(img, noise, rng, Math.round(x0), Math.round(y0), Math.round(x1), Math.round(y1), trees);
      // Hedgerow along some field edges.
      if (rng.chance(0.3)) {
        for (let t = (alongX ? y0 : x0) + 6; t < (alongX ? y1 : x1) - 6; t += rng.range(7, 12)) {
          trees.push(alongX ? [x1, t, rng.range(4, 7), rng.pick(TREE_GREENS), 8] : [t, y1, rng.range(4, 7), rng.pick(TREE_GREENS), 8]);
        }
      }
    }
    at += rest;
  }
  if (rng.chance(0.45)) paintTrack(img, noise, rng, b, trees);
  if (rng.chance(0.55)) buildings.push(farmstead(img, noise, rng, b, trees));
}

/** A farm track from the block's edge into its fields, two ruts, the odd tree beside it. */
function paintTrack(img: Raster, noise: NoiseTexture, rng: Rng, b: Block, trees: TreeList): void {
  const alongX = rng.chance(0.5);
  const at = Math.round(alongX ? rng.range(b.y0 + 40, b.y1 - 40) : rng.range(b.x0 + 40, b.x1 - 40));
  const [from, to] = alongX ? [b.x0, b.x0 + (b.x1 - b.x0) * rng.range(0.3, 0.9)] : [b.y0, b.y0 + (b.y1 - b.y0) * rng.range(0.3, 0.9)];
  for (let t = Math.round(from); t < to; t++) {
    for (let s = -3; s <= 3; s++) {
      const [x, y] = alongX ? [t, at + s] : [at + s, t];
      const rut = Math.abs(s) === 2 ? 0.82 : 1;
      const k = rut * (1 + 0.08 * noise.speck(x, y) + 0.06 * noise.grain(x, y));
      img.blend(x, y, 158 * k, 142 * k, 108 * k, Math.abs(s) === 3 ? 0.5 : 1);
    }
    if (rng.chance(0.012)) {
      const side = rng.chance(0.5) ? -9 : 9;
      trees.push(alongX ? [t, at + side, rng.range(4, 8), rng.pick(TREE_GREENS), 9] : [at + side, t, rng.range(4, 8), rng.pick(TREE_GREENS), 9]);
    }
  }
}

function paintParcel(img: Raster, noise: NoiseTexture, rng: Rng, x0: number, y0: number, x1: number, y1: number, trees: TreeList): void {
  const w = x1 - x0;
  const h = y1 - y0;
  if (rng.chance(0.1) && w > 120 && h > 120) {
    // Woodlot: dark floor under a closed canopy.
    fillRect(img, x0, y0, x1, y1, [58, 72, 40], noise, 0.2);
    for (let y = y0 + 6; y < y1 - 6; y += 11) {
      for (let x = x0 + 6; x < x1 - 6; x += 11) trees.push([x + rng.range(-4, 4), y + rng.range(-4, 4), rng.range(6, 10), rng.pick(WOOD_GREENS), 14]);
    }
    return;
  }
  const kind: CropKind = rng.pick(CROPS);
  const paint: FieldPaint = randomFieldPaint(rng, kind, w, h);
  if (w > 500 && h > 500 && rng.chance(0.5)) {
    const r = Math.min(w, h) / 2 - 6;
    paint.pivot = { cx: x0 + w / 2, cy: y0 + h / 2, r, corner: rng.pick(['pasture', 'fallow', 'stubble'] as const) };
    paint.kind = rng.pick(['corn-green', 'alfalfa', 'corn-dry', 'winter-wheat'] as const);
  }
  paintField(img, noise, x0, y0, x1, y1, paint);
}

/** A yard by the block's road edge: house, sheds, grain bins, a windbreak. */
function farmstead(img: Raster, noise: NoiseTexture, rng: Rng, b: Block, trees: TreeList): () => void {
  const x0 = Math.round(rng.chance(0.5) ? b.x0 + 10 : b.x1 - 150);
  const y0 = Math.round(rng.range(b.y0 + 20, Math.max(b.y0 + 21, b.y1 - 140)));
  fillRect(img, x0, y0, x0 + 140, y0 + 110, [150, 142, 122], noise, 0.1);
  for (let t = 0; t < 140; t += 9) trees.push([x0 + t, y0 - 8, rng.range(5, 8), rng.pick(TREE_GREENS), 12]);
  const shedRoof: Rgb = rng.pick([[196, 198, 200], [150, 58, 46], [170, 176, 180]]);
  const houseRoof: Rgb = rng.pick([[88, 84, 82], [120, 92, 70], [70, 72, 80]]);
  return () => {
    drawBuilding(img, noise, x0 + 12, y0 + 14, x0 + 40, y0 + 36, houseRoof, 'hip', 7);
    drawBuilding(img, noise, x0 + 60, y0 + 10, x0 + 130, y0 + 46, shedRoof, 'gable-x', 8);
    drawBuilding(img, noise, x0 + 70, y0 + 62, x0 + 104, y0 + 100, shedRoof, 'gable-y', 6);
    for (let i = 0; i < 3; i++) drawTree(img, noise, x0 + 20 + i * 16, y0 + 84, 6.5, [190, 192, 196], 9);
  };
}

function paintVillage(img: Raster, noise: NoiseTexture, rng: Rng, b: Block, roads: Road[], trees: TreeList, buildings: (() => void)[]): void {
  fillRect(img, b.x0, b.y0, b.x1, b.y1, [98, 128, 66], noise, 0.12);
  const streetsAt: number[] = [];
  for (let y = b.y0 + 130; y < b.y1 - 60; y += 150) {
    streetsAt.push(y);
    roads.push({ vertical: false, at: y, paved: true, width: 12, length: b.x1 - b.x0, from: b.x0, residential: true });
  }
  for (const sy of streetsAt) {
    for (const side of [-1, 1]) {
      for (let x = b.x0 + 10; x < b.x1 - 40; x += rng.range(42, 56)) {
        // Each lot's lawn is kept differently: greener, browner, freshly mown.
        const lotY = side < 0 ? [sy - 75, sy - 6] : [sy + 6, sy + 75];
        const tint = rng.range(-0.08, 0.08);
        fillRect(img, x - 4, lotY[0]!, x + 38, lotY[1]!, [98 * (1 + tint), 128 * (1 + tint * 0.5), 66], noise, 0.1);
        if (rng.chance(0.08)) continue;
        const hw = rng.range(20, 30);
        const hd = rng.range(16, 24);
        const setback = rng.range(14, 22);
        const yNear = sy + side * (6 + setback);
        const [hy0, hy1] = side < 0 ? [yNear - hd, yNear] : [yNear, yNear + hd];
        const roof: Rgb = rng.pick([[92, 88, 86], [120, 74, 56], [150, 90, 60], [70, 76, 90], [170, 166, 158], [60, 60, 64]]);
        const kind = rng.pick(['hip', 'hip', 'gable-x', 'gable-y'] as const);
        const drive = x + hw - 8;
        fillRect(img, drive, Math.min(sy, yNear), drive + 7, Math.max(sy, yNear), [178, 174, 166], noise, 0.05);
        if (rng.chance(0.18)) {
          const py = side < 0 ? hy0 - 22 : hy1 + 10;
          fillRect(img, x + 2, py - 1, x + 17, py + 11, [215, 215, 205]);
          fillRect(img, x + 3, py, x + 16, py + 10, [70, 176, 196], noise, 0.05);
        }
        buildings.push(() => drawBuilding(img, noise, x, hy0, x + hw, hy1, roof, kind, rng.range(5, 8)));
        if (rng.chance(0.7)) trees.push([x + rng.range(0, hw), side < 0 ? hy0 - rng.range(10, 30) : hy1 + rng.range(10, 30), rng.range(5, 9), rng.pick(TREE_GREENS), 11]);
      }
    }
  }
  // A school or church: one larger flat roof by the first street, with a car park.
  const sx = Math.round((b.x0 + b.x1) / 2);
  const sy = (streetsAt[0] ?? b.y0 + 100) - 70;
  fillRect(img, sx - 70, sy - 10, sx + 70, sy + 50, [96, 98, 100], noise, 0.06);
  for (let i = 0; i < 9; i++) fillRect(img, sx - 60 + i * 14, sy + 20, sx - 59 + i * 14, sy + 40, [220, 220, 214]);
  buildings.push(() => drawBuilding(img, noise, sx - 60, sy - 60, sx + 50, sy - 16, [190, 188, 182], 'flat', 8));
}
