/**
 * The survey photo set as URLs: reads the photo index (docs/requirements.md#req-call-photo-index: one fixed test set whatever the
 * survey) and lists every thumbnail and frame, at every scale, through imageUrl().
 */
import type { PhotoIndex } from '../../worker/domain/types';
import { IMAGE_SCALES, imageUrl, type ImageRef } from '../images/imageUrl';

export const PHOTO_INDEX_URL = `${import.meta.env.BASE_URL}data/photos.json`;

export async function loadPhotoIndex(signal?: AbortSignal): Promise<PhotoIndex> {
  const response = await fetch(PHOTO_INDEX_URL, { signal });
  if (!response.ok) throw new Error(`The photo index could not be loaded (HTTP ${response.status}).`);
  return (await response.json()) as PhotoIndex;
}

/** Every image of the index, line by line, row by row, camera by camera. */
export function photoRefs(index: PhotoIndex): ImageRef[] {
  const refs: ImageRef[] = [];
  for (const { line, start, count } of index.lines) {
    for (let row = start; row < start + count; row++) {
      for (const camera of index.cameras) {
        const image = index.index[camera]?.[row];
        if (image) refs.push({ line, camera, image });
      }
    }
  }
  return refs;
}

/** Thumbnails first, so a cancelled download still leaves the QC grid usable offline. */
export function photoUrls(index: PhotoIndex, imageProxy?: string): string[] {
  const refs = photoRefs(index);
  return IMAGE_SCALES.flatMap((scale) => refs.map((ref) => new URL(imageUrl(ref, scale, imageProxy), location.href).href));
}
