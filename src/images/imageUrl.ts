/**
 * The one place that builds a survey photo URL (docs/requirements.md#req-call-images, docs/architecture.md#arch-images). Every thumbnail, frame,
 * prefetch and "Make available offline" list comes from here, so the service worker's photo route
 * and the pinned cache always see the same URLs the grid and the viewer ask for.
 *
 * - Embedded test set (default, and what works offline), laid out as docs/data.md says:
 *     `<base>photos/<line>/<camera>/<image>.<scale>.jpg`        e.g. /photos/1/Cam03/L01_0004.32.jpg
 *   with scale 32 (thumbnail), 8, 4, 2, or `full`.
 * - Image proxy (Settings, `flags.imageProxy` non-empty): JPEG2000 named by its bucket path,
 *     `<proxy>?source=<line>/<camera>/<image>.jp2<suffix>`    e.g. https://proxy/img?source=1/Cam03/L01_0004.jp2.32
 *   suffix `.32` for thumbnails, `.8`, `.4`, `.2` for reduced frames, none for the full frame.
 *   When the proxy URL already has a query, `&source=` is appended instead.
 */
import { THUMBNAIL_PACK_FILE } from '../../worker/domain/constants';

export type ImageScale = 32 | 8 | 4 | 2 | 'full';
export interface ImageRef {
  line: number;
  camera: string;
  image: string;
}

/** Every scale the viewer and the QC grid use, thumbnails first. */
export const IMAGE_SCALES: readonly ImageScale[] = [32, 8, 4, 2, 'full'];

// Keeps the bucket path readable (slashes) while escaping anything that would end the parameter.
function encodeSource(path: string): string {
  return encodeURIComponent(path).replace(/%2F/g, '/');
}

export function imageUrl(ref: ImageRef, scale: ImageScale, imageProxy?: string): string {
  const proxy = imageProxy?.trim();
  if (proxy) {
    const suffix = scale === 'full' ? '' : `.${scale}`;
    const source = encodeSource(`${ref.line}/${ref.camera}/${ref.image}.jp2${suffix}`);
    return `${proxy}${proxy.includes('?') ? '&' : '?'}source=${source}`;
  }
  const seg = encodeURIComponent;
  return `${import.meta.env.BASE_URL}photos/${ref.line}/${seg(ref.camera)}/${seg(ref.image)}.${scale}.jpg`;
}

/**
 * A line's thumbnails in one file, which the QC pre-screen reads instead of each thumbnail
 * (worker/prescreen/thumbnailPack.ts). Only the embedded set has one: a proxy's images are not read.
 */
export function thumbnailPackUrl(line: number): string {
  return `${import.meta.env.BASE_URL}photos/${line}/${THUMBNAIL_PACK_FILE}`;
}
