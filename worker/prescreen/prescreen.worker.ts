/**
 * The pre-screen worker (issue 8): a plain module worker, apart from the engine worker, that
 * measures frames off the main thread. Each small rendition is fetched (the service worker's cache
 * answers offline), decoded with createImageBitmap, drawn on an OffscreenCanvas and read back as
 * RGBA for measure.ts. Requests are served one after another, in the order they came.
 *
 * A survey is about a thousand thumbnails: fetched one at a time, each waits a whole round trip
 * (seconds on a slow network or a busy laptop). IN_FLIGHT of them are fetched at once, as many as
 * a browser asks of one host, and measured in order as they arrive.
 */
import { measure, suggest } from './measure';
import { PRESCREEN_BATCH_MS, type FrameResult, type PrescreenMessage, type PrescreenRequest } from './protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
let canvas: OffscreenCanvas | null = null;
let queue: Promise<void> = Promise.resolve();
const IN_FLIGHT = 6;

function post(message: PrescreenMessage): void {
  scope.postMessage(message);
}

async function download(url: string): Promise<Blob> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${response.status}`);
  return response.blob();
}

async function pixelsOf(blob: Blob): Promise<ImageData> {
  const bitmap = await createImageBitmap(blob);
  try {
    if (!canvas || canvas.width !== bitmap.width || canvas.height !== bitmap.height) canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no 2d context');
    context.drawImage(bitmap, 0, 0);
    return context.getImageData(0, 0, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}

async function run({ surveyId, frames }: PrescreenRequest): Promise<void> {
  let results: FrameResult[] = [];
  let handedAt = performance.now();
  const handOver = () => {
    if (results.length) post({ type: 'frames', surveyId, results });
    results = [];
    handedAt = performance.now();
  };
  const downloads: Promise<Blob>[] = [];
  const ask = (i: number) => {
    const frame = frames[i];
    if (frame) downloads[i] = download(frame.url);
    // A refused download is measured as unreadable when its turn comes, not reported as unhandled.
    downloads[i]?.catch(() => undefined);
  };
  for (let i = 0; i < IN_FLIGHT; i++) ask(i);
  for (const [i, { image }] of frames.entries()) {
    try {
      const blob = await downloads[i]!;
      const figures = measure(await pixelsOf(blob));
      results.push({ image, figures, suggestion: suggest(figures) });
    } catch {
      results.push({ image, figures: null, suggestion: null });
    }
    delete downloads[i];
    ask(i + IN_FLIGHT);
    if (performance.now() - handedAt >= PRESCREEN_BATCH_MS) handOver();
  }
  handOver();
  post({ type: 'done', surveyId });
}

scope.onmessage = (event: MessageEvent<PrescreenRequest>) => {
  queue = queue.then(() => run(event.data));
};
