/**
 * Every scale of a frame (docs/requirements.md#req-call-images): full frame, `.2` (1/2), `.4` (1/4), `.8` (1/8) by successive
 * 2×2 box filtering, and the thumbnail `.32`, which is 160×120 rather than a literal 1/32 (32×24
 * pixels would show nothing a reviewer could judge). Encoded as baseline JPEG: the four scales a
 * person views by sharp (libvips), the thumbnail by jpeg-js.
 */
import { encode } from 'jpeg-js';
import sharp from 'sharp';

export type Scale = 'full' | 2 | 4 | 8 | 32;
export const SCALES: readonly Scale[] = [32, 8, 4, 2, 'full'];
export const THUMB_W = 160;
export const THUMB_H = 120;

const QUALITY: Record<string, number> = { full: 70, 2: 75, 4: 80, 8: 82, 32: 78 };

/**
 * The scales a person views, encoded by libvips: some 25 ms for a full frame where jpeg-js, pure
 * JavaScript, took about 350, and the photos of a fresh clone took 106–157 s of `npm test`
 * (issue 50, docs/testing.md).
 */
async function encodeViewed(img: Image, quality: number): Promise<Uint8Array> {
  const jpg = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 4 } })
    .removeAlpha()
    .jpeg({ quality, progressive: false, chromaSubsampling: '4:2:0' })
    .toBuffer();
  return new Uint8Array(jpg.buffer, jpg.byteOffset, jpg.byteLength);
}

/**
 * The thumbnail stays jpeg-js's, byte for byte: the QC pre-screen measures the thumbnails, and its
 * thresholds and answer key were set on these (docs/qc-review.md#automatic-pre-screening).
 * jpeg-js rebuilds its tables on every call, some 20 ms an image.
 */
function encodeThumbnail(img: Image, quality: number): Uint8Array {
  return encode(img, quality).data;
}

interface Image {
  data: Uint8Array;
  width: number;
  height: number;
}

function halve(img: Image): Image {
  const w = img.width >> 1;
  const h = img.height >> 1;
  const out = new Uint8Array(w * h * 4);
  const s = img.data;
  const row = img.width * 4;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (2 * y * img.width + 2 * x) * 4;
      const o = (y * w + x) * 4;
      for (let c = 0; c < 3; c++) out[o + c] = (s[i + c]! + s[i + 4 + c]! + s[i + row + c]! + s[i + row + 4 + c]! + 2) >> 2;
      out[o + 3] = 255;
    }
  }
  return { data: out, width: w, height: h };
}

/** Area-weighted shrink by a factor between 1 and 2 (bilinear of the 2×2 neighbourhood). */
function shrink(img: Image, width: number, height: number): Image {
  const out = new Uint8Array(width * height * 4);
  const sx = img.width / width;
  const sy = img.height / height;
  for (let y = 0; y < height; y++) {
    const fy = Math.min(img.height - 2, (y + 0.5) * sy - 0.5);
    const y0 = Math.max(0, Math.floor(fy));
    const ty = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(img.width - 2, (x + 0.5) * sx - 0.5);
      const x0 = Math.max(0, Math.floor(fx));
      const tx = fx - x0;
      const i = (y0 * img.width + x0) * 4;
      const j = i + img.width * 4;
      const o = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) {
        const top = img.data[i + c]! + (img.data[i + 4 + c]! - img.data[i + c]!) * tx;
        const bottom = img.data[j + c]! + (img.data[j + 4 + c]! - img.data[j + c]!) * tx;
        out[o + c] = top + (bottom - top) * ty;
      }
      out[o + 3] = 255;
    }
  }
  return { data: out, width, height };
}

/** JPEG bytes of every scale of a full-frame RGBA image. */
export async function renditions(data: Uint8Array, width: number, height: number): Promise<Map<Scale, Uint8Array>> {
  const full: Image = { data, width, height };
  const two = halve(full);
  const four = halve(two);
  const eight = halve(four);
  const thumb = shrink(four, THUMB_W, THUMB_H);
  const viewed: [Scale, Image][] = [['full', full], [2, two], [4, four], [8, eight]];
  const out = new Map<Scale, Uint8Array>();
  for (const [scale, img] of viewed) out.set(scale, await encodeViewed(img, QUALITY[String(scale)]!));
  out.set(32, encodeThumbnail(thumb, QUALITY['32']!));
  return out;
}
