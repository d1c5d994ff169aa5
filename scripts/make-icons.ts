/**
 * Draws the app icons deterministically (no image library): six camera frames over a flight line
 * on the theme blue. Writes public/icons/*.png with a minimal PNG encoder (node:zlib), and the
 * same drawing as SVG. Run with `npx tsx scripts/make-icons.ts`; the outputs are committed.
 */
import { deflateSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

type Rgb = [number, number, number];
const BLUE: Rgb = [0x0f, 0x6c, 0xbd];
const WHITE: Rgb = [0xff, 0xff, 0xff];
const AMBER: Rgb = [0xff, 0xb9, 0x00];
const SKY: Rgb = [0x9c, 0xd3, 0xff];

/** A filled shape in unit coordinates, described by a signed distance (negative inside). */
interface Shape {
  color: Rgb;
  distance(x: number, y: number): number;
}

function roundRect(color: Rgb, x: number, y: number, w: number, h: number, r: number): Shape {
  const cx = x + w / 2;
  const cy = y + h / 2;
  return {
    color,
    distance(px, py) {
      const qx = Math.abs(px - cx) - w / 2 + r;
      const qy = Math.abs(py - cy) - h / 2 + r;
      return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
    },
  };
}

/** The content (frames and flight line) mapped into the box [x0, x0 + size]². */
function content(x0: number, size: number): Shape[] {
  const at = (u: number) => x0 + u * size;
  const shapes: Shape[] = [roundRect(SKY, at(0), at(0.86), size, size * 0.06, size * 0.03)];
  for (let row = 0; row < 2; row++) {
    for (let col = 0; col < 3; col++) {
      const color = row === 0 && col === 1 ? AMBER : WHITE;
      shapes.push(roundRect(color, at(col * 0.35), at(0.1 + row * 0.37), size * 0.3, size * 0.3, size * 0.04));
    }
  }
  return shapes;
}

interface Icon {
  file: string;
  size: number;
  /** Maskable icons fill the square and keep content inside the 80 % safe circle. */
  maskable: boolean;
}

function shapesOf(maskable: boolean): Shape[] {
  const background = maskable ? roundRect(BLUE, 0, 0, 1, 1, 0) : roundRect(BLUE, 0.04, 0.04, 0.92, 0.92, 0.18);
  return [background, ...(maskable ? content(0.29, 0.42) : content(0.2, 0.6))];
}

const SUPERSAMPLE = 4;

function rasterize(size: number, shapes: Shape[]): Buffer {
  const rgba = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < SUPERSAMPLE; sy++) {
        for (let sx = 0; sx < SUPERSAMPLE; sx++) {
          const px = (x + (sx + 0.5) / SUPERSAMPLE) / size;
          const py = (y + (sy + 0.5) / SUPERSAMPLE) / size;
          let hit: Shape | undefined;
          for (const shape of shapes) if (shape.distance(px, py) <= 0) hit = shape;
          if (hit) {
            r += hit.color[0];
            g += hit.color[1];
            b += hit.color[2];
            a += 255;
          }
        }
      }
      const n = SUPERSAMPLE * SUPERSAMPLE;
      const covered = a / 255;
      const o = (y * size + x) * 4;
      rgba[o] = covered ? Math.round(r / covered) : 0;
      rgba[o + 1] = covered ? Math.round(g / covered) : 0;
      rgba[o + 2] = covered ? Math.round(b / covered) : 0;
      rgba[o + 3] = Math.round(a / n);
    }
  }
  return rgba;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** 8-bit RGBA, no interlace, filter 0 on every row: tiny and universally readable. */
function encodePng(size: number, rgba: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const hex = (c: Rgb) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/** The same drawing for the favicon: rectangles only, so the SVG is exact. */
function svg(): string {
  const rect = (c: Rgb, x: number, y: number, w: number, h: number, r: number) =>
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="${hex(c)}"/>`;
  const parts = [rect(BLUE, 20, 20, 472, 472, 92), rect(SKY, 102, 102 + 0.86 * 307, 307, 18, 9)];
  for (let row = 0; row < 2; row++) {
    for (let col = 0; col < 3; col++) {
      const x = 102 + col * 0.35 * 307;
      const y = 102 + (0.1 + row * 0.37) * 307;
      parts.push(rect(row === 0 && col === 1 ? AMBER : WHITE, Math.round(x), Math.round(y), 92, 92, 12));
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${parts.join('')}</svg>\n`;
}

const ICONS: Icon[] = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
];

const outDir = join(import.meta.dirname, '..', 'public', 'icons');
mkdirSync(outDir, { recursive: true });
for (const icon of ICONS) {
  writeFileSync(join(outDir, icon.file), encodePng(icon.size, rasterize(icon.size, shapesOf(icon.maskable))));
}
writeFileSync(join(outDir, 'icon.svg'), svg());
console.log(`icons written to ${outDir}`);
