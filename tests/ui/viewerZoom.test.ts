import { describe, expect, it } from 'vitest';
import { bestReduction, clampView, fitScale, isZoomed, zoomAt } from '../../src/pages/qc/viewerZoom';

const full = { width: 1024, height: 768 };

describe('viewer geometry (issue 8)', () => {
  it('fits the frame to the stage by its tighter side', () => {
    expect(fitScale({ width: 128, height: 96 }, { width: 1200, height: 600 })).toBeCloseTo(6.25);
    expect(fitScale(full, { width: 512, height: 768 })).toBeCloseTo(0.5);
  });

  it('picks the smallest rendition with a device pixel for every screen pixel', () => {
    expect(bestReduction(full, { width: 1200, height: 560 }, 1)).toBe(1); // 0.73 of full: 1/2 is too small
    expect(bestReduction(full, { width: 500, height: 360 }, 1)).toBe(2);
    expect(bestReduction(full, { width: 250, height: 180 }, 1)).toBe(4);
    expect(bestReduction(full, { width: 250, height: 180 }, 2)).toBe(2);
    expect(bestReduction(full, { width: 100, height: 80 }, 1)).toBe(8);
  });

  it('zooms about the pointer, never below the fit nor above the limit, and clamps the pan', () => {
    const image = { width: 256, height: 192 };
    const stage = { width: 512, height: 384 };
    const fit = { scale: 2, x: 0, y: 0 };
    expect(isZoomed(fit, image, stage)).toBe(false);
    const zoomed = zoomAt(fit, 4, { x: 100, y: 0 }, image, stage);
    expect(zoomed.scale).toBe(4);
    expect(zoomed.x).toBe(-100); // the point under the pointer stays put
    expect(isZoomed(zoomed, image, stage)).toBe(true);
    expect(zoomAt(zoomed, 0.1, { x: 0, y: 0 }, image, stage)).toEqual({ scale: 2, x: 0, y: 0 });
    expect(zoomAt(fit, 100, { x: 0, y: 0 }, image, stage).scale).toBe(8);
    expect(clampView({ scale: 4, x: 10_000, y: -10_000 }, image, stage)).toEqual({ scale: 4, x: 256, y: -192 });
  });
});
