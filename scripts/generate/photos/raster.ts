/**
 * An RGB image in shared memory, so the ground rendered once on the main thread is read by every
 * photo worker without copying. Holds the drawing primitives the terrain painter needs: pixel
 * blending, shaded discs (tree crowns), swept rectangles (building shadows).
 */

export class Raster {
  readonly data: Uint8ClampedArray;

  constructor(
    readonly width: number,
    readonly height: number,
    buffer?: SharedArrayBuffer,
  ) {
    this.data = new Uint8ClampedArray(buffer ?? new SharedArrayBuffer(width * height * 3));
  }

  get buffer(): SharedArrayBuffer {
    return this.data.buffer as SharedArrayBuffer;
  }

  set(x: number, y: number, r: number, g: number, b: number): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 3;
    this.data[i] = r;
    this.data[i + 1] = g;
    this.data[i + 2] = b;
  }

  /** Blends a colour over a pixel with coverage `a` (0..1). */
  blend(x: number, y: number, r: number, g: number, b: number, a: number): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height || a <= 0) return;
    const i = (y * this.width + x) * 3;
    const d = this.data;
    d[i] = d[i]! + (r - d[i]!) * a;
    d[i + 1] = d[i + 1]! + (g - d[i + 1]!) * a;
    d[i + 2] = d[i + 2]! + (b - d[i + 2]!) * a;
  }

  /** Multiplies a pixel's brightness (shadows < 1, highlights > 1). */
  shade(x: number, y: number, factor: number): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 3;
    const d = this.data;
    d[i] = d[i]! * factor;
    d[i + 1] = d[i + 1]! * factor;
    d[i + 2] = d[i + 2]! * factor * 1.04;
  }

  /** Half-size copy (box filter): the next level of detail for distant oblique views. */
  halve(): Raster {
    const w = Math.max(1, this.width >> 1);
    const h = Math.max(1, this.height >> 1);
    const out = new Raster(w, h);
    const s = this.data;
    const d = out.data;
    const sw = this.width * 3;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = (2 * y * this.width + 2 * x) * 3;
        const o = (y * w + x) * 3;
        for (let c = 0; c < 3; c++) d[o + c] = (s[i + c]! + s[i + 3 + c]! + s[i + sw + c]! + s[i + sw + 3 + c]!) >> 2;
      }
    }
    return out;
  }
}
