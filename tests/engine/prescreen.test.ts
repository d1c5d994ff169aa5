/**
 * The pre-screen's precision and recall on the generated photo set (issue 8): every thumbnail is
 * decoded with jpeg-js and measured by the same pure code as the pre-screen worker
 * (worker/prescreen/measure.ts), then compared with the generator's answer key,
 * public/photos/defects.json. Needs the photo set (`npm run photos`; every build makes it).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { measure, suggest, type SuggestedReason } from '../../worker/prescreen/measure';
import type { PhotoIndex } from '../../worker/domain/types';

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
  const frames = index.lines.flatMap(({ line, start, count }) =>
    index.cameras.flatMap((camera) =>
      index.index[camera]!.slice(start, start + count).map((image) => {
        const pixels = jpeg.decode(readFileSync(join(ROOT, 'public/photos', String(line), camera, `${image}.32.jpg`)), { useTArray: true });
        return { line, image, truth: truth.get(image) ?? null, suggested: suggest(measure(pixels))?.reason ?? null };
      }),
    ),
  );

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
