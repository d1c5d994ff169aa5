/** Issue 19: the image viewer says Page Not Found for a frame the photo index does not hold where its address puts it. */
import { describe, expect, it } from 'vitest';
import type { PhotoIndex } from '../../worker/domain/types';
import { frameExists, locateImage } from '../../src/pages/qc/qcRows';

const INDEX: PhotoIndex = {
  index: { Cam01: ['L001_Cam01_00001', 'L001_Cam01_00002', 'L002_Cam01_00003'], Cam02: ['L001_Cam02_00001', 'L001_Cam02_00002', 'L002_Cam02_00003'] },
  lines: [
    { line: 1, start: 0, count: 2 },
    { line: 2, start: 2, count: 1 },
  ],
  cameras: ['Cam01', 'Cam02'],
  count: 3,
};

describe('a frame of the photo index (issue 19)', () => {
  it('is found on its own line and camera', () => {
    expect(frameExists(INDEX, 1, 'Cam01', 'L001_Cam01_00002')).toBe(true);
    expect(frameExists(INDEX, 2, 'Cam02', 'L002_Cam02_00003')).toBe(true);
  });

  it.each([
    ['an unknown line', 3, 'Cam01', 'L001_Cam01_00001'],
    ['the wrong line', 2, 'Cam01', 'L001_Cam01_00001'],
    ['an unknown camera', 1, 'Cam09', 'L001_Cam01_00001'],
    ['another camera', 1, 'Cam02', 'L001_Cam01_00001'],
    ['an unknown image', 1, 'Cam01', 'nope'],
    ['a camera named __proto__', 1, '__proto__', 'L001_Cam01_00001'],
    ['a camera named constructor', 1, 'constructor', 'L001_Cam01_00001'],
  ])('is not found for %s', (_what, line, camera, image) => {
    expect(frameExists(INDEX, line, camera, image)).toBe(false);
  });

  it('locating a frame under a camera named like an object member answers nothing rather than throw', () => {
    expect(locateImage(INDEX, '__proto__', 'x')).toBeNull();
    expect(locateImage(INDEX, 'toString', 'x')).toBeNull();
  });
});
