/**
 * The pre-screen worker (issue 8): a plain module worker, apart from the engine worker, that
 * measures frames off the main thread. Each small rendition is fetched (the service worker's cache
 * answers offline), decoded with createImageBitmap, drawn on an OffscreenCanvas and read back as
 * RGBA for measure.ts. Requests are served one after another, in the order they came.
 */
import { measure, suggest } from './measure';
import { PRESCREEN_BATCH_MS, type FrameResult, type PrescreenMessage, type PrescreenRequest } from './protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
let canvas: OffscreenCanvas | null = null;
let queue: Promise<void> = Promise.resolve();

function post(message: PrescreenMessage): void {
  scope.postMessage(message);
}

async function pixelsOf(url: string): Promise<ImageData> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${response.status}`);
  const bitmap = await createImageBitmap(await response.blob());
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
  for (const { image, url } of frames) {
    try {
      const figures = measure(await pixelsOf(url));
      results.push({ image, figures, suggestion: suggest(figures) });
    } catch {
      results.push({ image, figures: null, suggestion: null });
    }
    if (performance.now() - handedAt >= PRESCREEN_BATCH_MS) handOver();
  }
  handOver();
  post({ type: 'done', surveyId });
}

scope.onmessage = (event: MessageEvent<PrescreenRequest>) => {
  queue = queue.then(() => run(event.data));
};
