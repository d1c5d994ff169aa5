/**
 * A line's thumbnails in one file (docs/qc-review.md#automatic-pre-screening): the small renditions'
 * own JPEG bytes, unchanged, one after another behind a short index. The pre-screen reads a line
 * in one request instead of one request a frame: a thousand requests cost a busy laptop more than
 * the pixels do (each passes the service worker, the browser's network stack and the cache), and
 * a slow link pays a round trip for each.
 *
 * Layout: a 4-byte little-endian length, that many bytes of UTF-8 JSON `[[image, size], …]`, then
 * the images' bytes in the index's order. Written by the photo generator, read by the pre-screen
 * worker and by the Node test that checks the file holds exactly the thumbnails.
 */

/** Where one image's bytes lie in a pack. */
export interface PackedImage {
  offset: number;
  size: number;
}

const HEADER_LENGTH_BYTES = 4;

/** The pack of these images, in this order. */
export function packThumbnails(images: readonly { image: string; bytes: Uint8Array }[]): Uint8Array {
  const index = new TextEncoder().encode(JSON.stringify(images.map(({ image, bytes }) => [image, bytes.length])));
  const total = HEADER_LENGTH_BYTES + index.length + images.reduce((sum, { bytes }) => sum + bytes.length, 0);
  const pack = new Uint8Array(total);
  new DataView(pack.buffer).setUint32(0, index.length, true);
  pack.set(index, HEADER_LENGTH_BYTES);
  let offset = HEADER_LENGTH_BYTES + index.length;
  for (const { bytes } of images) {
    pack.set(bytes, offset);
    offset += bytes.length;
  }
  return pack;
}

/**
 * Image name → where its bytes lie. Throws on anything that is not a whole pack (cut short, or not
 * a pack at all), so a damaged file is measured frame by frame instead, never misread.
 */
export function readThumbnailPack(pack: ArrayBuffer): Map<string, PackedImage> {
  if (pack.byteLength < HEADER_LENGTH_BYTES) throw new Error('not a thumbnail pack: too short');
  const indexLength = new DataView(pack).getUint32(0, true);
  const start = HEADER_LENGTH_BYTES + indexLength;
  if (start > pack.byteLength) throw new Error('not a thumbnail pack: its index runs past its end');
  const entries: unknown = JSON.parse(new TextDecoder().decode(new Uint8Array(pack, HEADER_LENGTH_BYTES, indexLength)));
  if (!Array.isArray(entries)) throw new Error('not a thumbnail pack: no index');
  const found = new Map<string, PackedImage>();
  let offset = start;
  for (const entry of entries as unknown[]) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string' || !Number.isSafeInteger(entry[1]) || (entry[1] as number) < 0) throw new Error('not a thumbnail pack: a bad index entry');
    const size = entry[1] as number;
    found.set(entry[0], { offset, size });
    offset += size;
  }
  if (offset !== pack.byteLength) throw new Error(`not a thumbnail pack: ${pack.byteLength} bytes where its index says ${offset}`);
  return found;
}
