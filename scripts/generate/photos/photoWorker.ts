/**
 * A photo worker thread: samples its share of exposures from the shared ground raster, applies the
 * defects, and writes every scale of each frame to public/photos/<line>/<camera>/<image>.<scale>.jpg.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { renderFrame } from './cameras';
import { applyDefect } from './defects';
import { defectOf, exposures, FRAME_H, FRAME_W, imageName, type Camera } from './flight';
import { NoiseTexture } from './noise';
import { Raster } from './raster';
import { renditions } from './renditions';

export interface PhotoJob {
  row: number;
  camera: Camera;
}

export interface PhotoWorkerData {
  levels: { width: number; height: number; buffer: SharedArrayBuffer }[];
  jobs: PhotoJob[];
  outDir: string;
  seed: number;
}

export async function renderJobs(data: PhotoWorkerData, onDone: (bytes: number) => void): Promise<void> {
  const levels = data.levels.map((l) => new Raster(l.width, l.height, l.buffer));
  const noise = new NoiseTexture(data.seed + 2);
  const all = exposures();
  for (const job of data.jobs) {
    const e = all[job.row]!;
    const rgba = renderFrame(levels, e, job.camera);
    const defect = defectOf(e.line, job.camera, e.frame);
    if (defect) applyDefect(rgba, FRAME_W, FRAME_H, defect, noise, e.row);
    const dir = join(data.outDir, String(e.line), job.camera);
    mkdirSync(dir, { recursive: true });
    const name = imageName(e.line, job.camera, e.row);
    let bytes = 0;
    for (const [scale, jpg] of await renditions(rgba, FRAME_W, FRAME_H)) {
      writeFileSync(join(dir, `${name}.${scale}.jpg`), jpg);
      bytes += jpg.length;
    }
    onDone(bytes);
  }
}

if (parentPort && workerData) {
  const port = parentPort;
  void renderJobs(workerData as PhotoWorkerData, (bytes) => port.postMessage(bytes)).catch((error: unknown) => {
    // Thrown, it ends the thread with a failure make-photos reports.
    setImmediate(() => {
      throw error;
    });
  });
}
