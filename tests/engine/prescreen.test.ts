/**
 * The pre-screen's precision and recall on the generated photo set (issue 8): every thumbnail is
 * read from its line's thumbnail pack, as the pre-screen worker reads it, decoded with jpeg-js and
 * measured by the same pure code (worker/prescreen/measure.ts), then compared with the generator's
 * answer key, public/photos/defects.json. The packs are checked to hold exactly the thumbnails.
 * Needs the photo set (`npm run photos`; every build makes it).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { measure, suggest, type SuggestedReason } from '../../worker/prescreen/measure';
import type { PhotoIndex } from '../../worker/domain/types';
import { THUMBNAIL_PACK_FILE } from '../../worker/domain/constants';
import { packThumbnails, readThumbnailPack } from '../../worker/prescreen/thumbnailPack';

const ROOT = join(import.meta.dirname, '../..');
const MANIFEST = join(ROOT, 'public/photos/defects.json');
const REASON_OF: Record<string, SuggestedReason> = { cloud: 'Cloud', blur: 'Blur', overexposed: 'Over-exposed', black: 'Under-exposed / black' };

interface Manifest {
  defects: { line: number; camera: string; frame: number; image: string; defect: string }[];
}

// `npm run test:engine` generates the photo set first; without it this fails rather than skip.
if (!existsSync(MANIFEST)) throw new Error(`${MANIFEST} is missing: run \`npm run photos\` (npm run test:engine does)`);

describe('pre-screen on the generated photo set', () => {
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
  const index = JSON.parse(readFileSync(join(ROOT, 'public/data/photos.json'), 'utf8')) as PhotoIndex;
  const truth = new Map(manifest.defects.map((d) => [d.image, REASON_OF[d.defect]]));
  const thumbnail = (line: number, camera: string, image: string) => readFileSync(join(ROOT, 'public/photos', String(line), camera, `${image}.32.jpg`));
  const packs = new Map(
    index.lines.map(({ line }) => {
      const file = readFileSync(join(ROOT, 'public/photos', String(line), THUMBNAIL_PACK_FILE));
      const bytes = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength);
      return [line, { bytes, images: readThumbnailPack(bytes) }];
    }),
  );
  const packed = (line: number, image: string): Uint8Array => {
    const pack = packs.get(line)!;
    const at = pack.images.get(image);
    if (!at) throw new Error(`${image} is not in line ${line}'s thumbnail pack`);
    return new Uint8Array(pack.bytes, at.offset, at.size);
  };
  const frames = index.lines.flatMap(({ line, start, count }) =>
    index.cameras.flatMap((camera) =>
      index.index[camera]!.slice(start, start + count).map((image) => {
        const pixels = jpeg.decode(packed(line, image), { useTArray: true });
        return { line, image, truth: truth.get(image) ?? null, suggested: suggest(measure(pixels))?.reason ?? null };
      }),
    ),
  );

  it("each line's thumbnail pack holds exactly its thumbnails, byte for byte, in the order they are measured", () => {
    for (const { line, start, count } of index.lines) {
      const order: string[] = [];
      for (let position = start; position < start + count; position++) for (const camera of index.cameras) order.push(index.index[camera]![position]!);
      expect([...packs.get(line)!.images.keys()]).toEqual(order);
      for (const camera of index.cameras) {
        for (const image of index.index[camera]!.slice(start, start + count)) expect(Buffer.from(packed(line, image)).equals(thumbnail(line, camera, image)), image).toBe(true);
      }
    }
  });

  it('a pack cut short, padded or not a pack at all is refused, never misread', () => {
    const pack = packThumbnails([
      { image: 'a', bytes: new Uint8Array([1, 2, 3]) },
      { image: 'b', bytes: new Uint8Array([4]) },
    ]);
    const read = readThumbnailPack(pack.slice().buffer);
    expect([...read]).toEqual([
      ['a', { offset: pack.length - 4, size: 3 }],
      ['b', { offset: pack.length - 1, size: 1 }],
    ]);
    expect(() => readThumbnailPack(pack.slice(0, -1).buffer)).toThrow(/bytes where its index says/);
    expect(() => readThumbnailPack(new Uint8Array([...pack, 0]).buffer)).toThrow(/bytes where its index says/);
    expect(() => readThumbnailPack(new Uint8Array([1, 0]).buffer)).toThrow(/too short/);
    expect(() => readThumbnailPack(new TextEncoder().encode('<!doctype html><html></html>').buffer)).toThrow(/not a thumbnail pack/);
  });

  it('finds each kind of defect with recall ≥ 0.95 and precision ≥ 0.9', () => {
    const table: string[] = ['| defect | spoiled | suggested | correct | precision | recall |', '|---|---|---|---|---|---|'];
    for (const reason of Object.values(REASON_OF)) {
      const spoiled = frames.filter((f) => f.truth === reason).length;
      const suggested = frames.filter((f) => f.suggested === reason).length;
      const correct = frames.filter((f) => f.truth === reason && f.suggested === reason).length;
      const precision = suggested ? correct / suggested : 0;
      const recall = spoiled ? correct / spoiled : 0;
      table.push(`| ${reason} | ${spoiled} | ${suggested} | ${correct} | ${precision.toFixed(2)} | ${recall.toFixed(2)} |`);
      expect(spoiled, reason).toBeGreaterThan(0);
      expect(recall, `${reason} recall`).toBeGreaterThanOrEqual(0.95);
      expect(precision, `${reason} precision`).toBeGreaterThanOrEqual(0.9);
    }
    const clean = frames.filter((f) => !f.truth);
    table.push(`| (clean) | ${clean.length} frames | ${clean.filter((f) => f.suggested).length} suggested | | | |`);
    console.log(`Pre-screen on ${frames.length} generated frames:\n${table.join('\n')}`);
  });

  it('suggests nothing on the clean frames of the sample line', () => {
    const falseAlarms = frames.filter((f) => f.line === 1 && !f.truth && f.suggested);
    expect(falseAlarms.map((f) => `${f.image}: ${f.suggested}`)).toEqual([]);
  });
});
