/**
 * `npm run photos` (before every build and dev start): the embedded survey photo set of issue 4.
 * Paints a synthetic ground once, then two worker threads render 3 lines × 20 exposures × 6 cameras
 * at every scale into public/photos/ (git-ignored). Skips all work when the output carries this
 * generator's version stamp. Also packs each line's thumbnails into one file for the QC pre-screen
 * (generate/photos/thumbnailPacks.ts). Also keeps the committed photo index public/data/photos.json in step,
 * and writes public/photos/defects.json: which frames it spoiled and how, the answer key of the
 * pre-screen test (git-ignored with the photos; the app never reads it).
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CAMERAS } from '../worker/domain/constants';
import { exposures, FRAMES_PER_LINE, imageName, photoIndex, spoiledFrames } from './generate/photos/flight';
import type { PhotoJob, PhotoWorkerData } from './generate/photos/photoWorker';
import { renderJobs } from './generate/photos/photoWorker';
import { writeThumbnailPacks } from './generate/photos/thumbnailPacks';
import { paintGround } from './generate/photos/terrain';

/**
 * Bump when the layout changes. The stamp also carries a hash of the generator's sources, so any
 * change to how the photos look regenerates them even if nobody remembers to bump this.
 */
export const PHOTO_GENERATOR_VERSION = 'photos-v2';
const SEED = 45007;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'public/photos');
const stampFile = join(outDir, 'VERSION');
const indexFile = join(root, 'public/data/photos.json');
/** The worker is TypeScript too: it registers tsx's loader, then imports the worker module. */
const WORKER_BOOT = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL('./generate/photos/photoWorker.ts', import.meta.url).href)}); })
  .catch((error) => { console.error(error); process.exit(1); });`;

function stamp(): string {
  const dir = join(root, 'scripts/generate/photos');
  const hash = createHash('sha256');
  for (const file of [fileURLToPath(import.meta.url), join(root, 'scripts/generate/prng.ts'), join(root, 'worker/prescreen/thumbnailPack.ts'), ...readdirSync(dir).sort().filter((f) => /^[a-z][\w]*\.ts$/i.test(f)).map((f) => join(dir, f))]) {
    hash.update(readFileSync(file));
  }
  return `${PHOTO_GENERATOR_VERSION} ${hash.digest('hex').slice(0, 16)}`;
}

function writeIndex(): void {
  const text = `${JSON.stringify(photoIndex(), null, 1)}\n`;
  if (!existsSync(indexFile) || readFileSync(indexFile, 'utf8') !== text) {
    mkdirSync(dirname(indexFile), { recursive: true });
    writeFileSync(indexFile, text);
    console.log('photos: wrote public/data/photos.json');
  }
}

/** The spoiled frames, by the names and places the QC pages use (frame 1-based, as in a flag). */
function defectManifest(version: string) {
  return {
    generator: version,
    defects: spoiledFrames().map((f) => ({
      line: f.line,
      camera: f.camera,
      frame: f.frame + 1,
      image: imageName(f.line, f.camera, (f.line - 1) * FRAMES_PER_LINE + f.frame),
      defect: f.defect,
    })),
  };
}

async function main(): Promise<void> {
  writeIndex();
  const version = stamp();
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8').trim() === version) {
    console.log(`photos: public/photos is up to date (${version})`);
    return;
  }
  const started = performance.now();
  // Rendered aside and swapped in at the end, so a build running meanwhile never sees half a set.
  const work = join(root, 'node_modules/.cache', `photos-${process.pid}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const ground = paintGround(SEED);
  const levels = [ground.raster];
  for (let i = 0; i < 3; i++) levels.push(levels[levels.length - 1]!.halve());
  const painted = performance.now();

  const jobs: PhotoJob[] = exposures().flatMap((e) => CAMERAS.map((camera) => ({ row: e.row, camera })));
  const threads = Math.max(1, Math.min(2, availableParallelism()));
  const shared = levels.map((l) => ({ width: l.width, height: l.height, buffer: l.buffer }));
  let bytes = 0;
  let frames = 0;
  const share = (k: number): PhotoWorkerData => ({ levels: shared, jobs: jobs.filter((_, i) => i % threads === k), outDir: work, seed: SEED });
  if (threads === 1) {
    await renderJobs(share(0), (b) => {
      bytes += b;
      frames++;
    });
  } else {
    await Promise.all(
      Array.from({ length: threads }, (_, k) =>
        new Promise<void>((done, fail) => {
          const worker = new Worker(WORKER_BOOT, { eval: true, workerData: share(k) });
          worker.on('message', (b: number) => {
            bytes += b;
            frames++;
          });
          worker.on('error', fail);
          worker.on('exit', (code) => (code === 0 ? done() : fail(new Error(`photo worker exited with ${code}`))));
        }),
      ),
    );
  }
  bytes += writeThumbnailPacks(work);
  writeFileSync(join(work, 'defects.json'), `${JSON.stringify(defectManifest(version), null, 1)}\n`);
  writeFileSync(join(work, 'VERSION'), `${version}\n`);
  rmSync(outDir, { recursive: true, force: true });
  try {
    renameSync(work, outDir);
  } catch {
    // node_modules on another file system: copy instead.
    cpSync(work, outDir, { recursive: true });
    rmSync(work, { recursive: true, force: true });
  }
  const s = (ms: number) => (ms / 1000).toFixed(1);
  console.log(
    `photos: ${frames} frames × 5 scales, ${(bytes / 1e6).toFixed(1)} MB, ground ${s(painted - started)} s, total ${s(performance.now() - started)} s on ${threads} threads`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
