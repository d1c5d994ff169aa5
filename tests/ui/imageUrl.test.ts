// The one image URL builder (src/images/imageUrl.ts): embedded photo set and image-proxy shapes.
/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { IMAGE_SCALES, imageUrl } from '../../src/images/imageUrl';

const ref = { line: 2, camera: 'Cam03', image: 'L02_0007' };

describe('imageUrl', () => {
  it('points at the embedded set by default, every scale', () => {
    expect(IMAGE_SCALES.map((scale) => imageUrl(ref, scale))).toEqual([
      '/photos/2/Cam03/L02_0007.32.jpg',
      '/photos/2/Cam03/L02_0007.8.jpg',
      '/photos/2/Cam03/L02_0007.4.jpg',
      '/photos/2/Cam03/L02_0007.2.jpg',
      '/photos/2/Cam03/L02_0007.full.jpg',
    ]);
  });

  it('treats an empty or blank proxy as none', () => {
    expect(imageUrl(ref, 32, '')).toBe('/photos/2/Cam03/L02_0007.32.jpg');
    expect(imageUrl(ref, 32, '  ')).toBe('/photos/2/Cam03/L02_0007.32.jpg');
  });

  it('asks the proxy for the JPEG2000 bucket path with the scale suffix', () => {
    const proxy = 'https://images.example/proxy';
    expect(imageUrl(ref, 32, proxy)).toBe(`${proxy}?source=2/Cam03/L02_0007.jp2.32`);
    expect(imageUrl(ref, 8, proxy)).toBe(`${proxy}?source=2/Cam03/L02_0007.jp2.8`);
    expect(imageUrl(ref, 2, proxy)).toBe(`${proxy}?source=2/Cam03/L02_0007.jp2.2`);
    expect(imageUrl(ref, 'full', proxy)).toBe(`${proxy}?source=2/Cam03/L02_0007.jp2`);
  });

  it('appends to a proxy URL that already has a query, and escapes odd names', () => {
    expect(imageUrl({ ...ref, image: 'a&b c' }, 4, 'https://p.example/i?bucket=survey-frames')).toBe(
      'https://p.example/i?bucket=survey-frames&source=2/Cam03/a%26b%20c.jp2.4',
    );
  });
});
