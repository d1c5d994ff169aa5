/**
 * Each line's thumbnails in one file, for the QC pre-screen (worker/prescreen/thumbnailPack.ts):
 * the `.32.jpg` files just written, byte for byte, in the order the pre-screen measures them
 * (exposure by exposure, camera by camera).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { THUMBNAIL_PACK_FILE } from '../../../worker/domain/constants';
import { packThumbnails } from '../../../worker/prescreen/thumbnailPack';
import { photoIndex } from './flight';

/** Writes `<line>/thumbnails.32.pack` under `dir` for every line; returns the bytes written. */
export function writeThumbnailPacks(dir: string): number {
  const { lines, cameras, index } = photoIndex();
  let bytes = 0;
  for (const { line, start, count } of lines) {
    const images: { image: string; bytes: Uint8Array }[] = [];
    for (let position = start; position < start + count; position++) {
      for (const camera of cameras) {
        const image = index[camera]![position]!;
        images.push({ image, bytes: readFileSync(join(dir, String(line), camera, `${image}.32.jpg`)) });
      }
    }
    const pack = packThumbnails(images);
    writeFileSync(join(dir, String(line), THUMBNAIL_PACK_FILE), pack);
    bytes += pack.length;
  }
  return bytes;
}
