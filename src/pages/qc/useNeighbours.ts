/**
 * Where a frame sits in the photo index and the paths of its neighbours: the previous and next
 * frame of the same camera, and the same frame of the previous and next camera.
 */
import { useMemo } from 'react';
import type { PhotoIndex } from '../../../worker/domain/types';
import { paths } from '../../app/paths';
import { locateImage, qcLines, rowTime } from './qcRows';

export interface Neighbours {
  previousFrame: string | null;
  nextFrame: string | null;
  previousCamera: string | null;
  nextCamera: string | null;
  position: number | null;
  row: number | null;
  lineCount: number | null;
  time: string | null;
}

const NONE: Neighbours = {
  previousFrame: null,
  nextFrame: null,
  previousCamera: null,
  nextCamera: null,
  position: null,
  row: null,
  lineCount: null,
  time: null,
};

export function useNeighbours(index: PhotoIndex | null, surveyId: string, camera: string, image: string): Neighbours {
  return useMemo(() => {
    if (!index) return NONE;
    const here = locateImage(index, camera, image);
    if (!here) return NONE;
    const at = (cam: string | undefined, position: number): string | null => {
      if (!cam) return null;
      const name = index.index[cam]?.[position];
      const spot = name ? locateImage(index, cam, name) : null;
      return name && spot ? paths.image(surveyId, spot.line, cam, name) : null;
    };
    const c = index.cameras.indexOf(camera);
    const line = qcLines(index).find((l) => l.line === here.line);
    return {
      previousFrame: at(camera, here.position - 1),
      nextFrame: at(camera, here.position + 1),
      previousCamera: at(index.cameras[c - 1], here.position),
      nextCamera: at(index.cameras[c + 1], here.position),
      position: here.position,
      row: here.row,
      lineCount: line?.rows.length ?? null,
      time: line ? rowTime(line, here.row) : null,
    };
  }, [index, surveyId, camera, image]);
}
