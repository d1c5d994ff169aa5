/**
 * Which frames a Download Frames choice means (docs/download-frames.md): every camera's image at
 * every place of each chosen line of the photo index, at one scale, in flight order (line, camera,
 * frame), each with the URL the QC grid and the viewer use (imageUrl) and its name in the ZIP.
 * Pure: the dialog counts with it, the download fetches what it lists.
 */
import type { PhotoIndex } from '../../worker/domain/types';
import { imageUrl } from '../images/imageUrl';
import { frameEntryName, nameWidths, type DownloadScale, type FramePlace } from './frameNames';

export interface FrameChoice {
  scale: DownloadScale;
  /** Line numbers of the photo index; others, and repeats, are ignored. */
  lines: readonly number[];
}

export interface FrameToZip extends FramePlace {
  /** The image's name in the photo index, e.g. L002_Cam04_00025. */
  image: string;
  url: string;
  /** Its path inside the ZIP. */
  name: string;
  /** When it was taken, when the photo index says (ISO). */
  takenAt?: string;
}

/** The photo index's lines with their frame counts, for the dialog's checkboxes. */
export function photoSetLines(index: PhotoIndex): { line: number; frames: number }[] {
  return index.lines.map(({ line, count }) => ({ line, frames: count }));
}

export function framesToZip(index: PhotoIndex, surveyId: string, choice: FrameChoice, imageProxy?: string): FrameToZip[] {
  const chosen = new Set(choice.lines);
  const lines = index.lines.filter((l) => chosen.has(l.line)).sort((a, b) => a.line - b.line);
  const widths = nameWidths(Math.max(0, ...lines.map((l) => l.line)), Math.max(0, ...lines.map((l) => l.count)));
  const frames: FrameToZip[] = [];
  for (const { line, start, count } of lines) {
    for (const camera of index.cameras) {
      // Own cameras only: a photo index naming "__proto__" lists nothing for it.
      const images = Object.hasOwn(index.index, camera) ? index.index[camera] : undefined;
      for (let frame = 1; frame <= count; frame++) {
        const position = start + frame - 1;
        const image = images?.[position];
        if (typeof image !== 'string' || image === '') continue;
        const at = { line, camera, frame };
        frames.push({
          ...at,
          image,
          url: imageUrl({ line, camera, image }, choice.scale, imageProxy),
          name: frameEntryName(surveyId, at, widths),
          takenAt: index.times?.[position],
        });
      }
    }
  }
  return frames;
}
