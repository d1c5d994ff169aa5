/**
 * The pre-screen worker (issue 8): a plain module worker, apart from the engine worker, that
 * measures frames off the main thread. Each small rendition is decoded with createImageBitmap,
 * drawn on an OffscreenCanvas and read back as RGBA for measure.ts. Requests are served one after
 * another, in the order they came.
 *
 * A line's thumbnails come in one request, its thumbnail pack (thumbnailPack.ts), fetched while the
 * line before is measured. A frame the pack lacks, or a line whose pack cannot be read (offline
 * before it was ever fetched: the service worker's cache holds the grid's thumbnails, not it), is
 * fetched alone: IN_FLIGHT at once, as many as a browser asks of one host, measured in order.
 */
import { measure, suggest } from './measure';
import { readThumbnailPack } from './thumbnailPack';
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

/** A pack's images as slices of it (no copy), or none if it cannot be fetched or read. */
async function unpacked(pack: Promise<Blob>): Promise<Map<string, Blob>> {
  try {
    const blob = await pack;
    const images = readThumbnailPack(await blob.arrayBuffer());
    return new Map([...images].map(([image, { offset, size }]) => [image, blob.slice(offset, offset + size, 'image/jpeg')]));
  } catch {
    return new Map();
  }
}

async function run({ lines }: PrescreenRequest): Promise<void> {
  let results: FrameResult[] = [];
  let handedAt = performance.now();
  const handOver = () => {
    if (results.length) post({ type: 'frames', results });
    results = [];
    handedAt = performance.now();
  };
  const packOf = (k: number): Promise<Map<string, Blob>> | null => (lines[k] ? unpacked(download(lines[k].pack)) : null);
  let nextPack = packOf(0);
  for (const [k, { frames }] of lines.entries()) {
    const packed = (await nextPack) ?? new Map<string, Blob>();
    nextPack = packOf(k + 1);
    const blobs: Promise<Blob>[] = [];
    let alone = 0;
    const ask = (i: number) => {
      const frame = frames[i];
      if (!frame) return;
      const slice = packed.get(frame.image);
      if (slice) {
        blobs[i] = Promise.resolve(slice);
        return;
      }
      blobs[i] = download(frame.url);
      alone++;
      // A refused download is measured as unreadable when its turn comes, not reported as unhandled.
      blobs[i]!.catch(() => undefined);
    };
    let asked = 0;
    const askAhead = () => {
      while (asked < frames.length && alone < IN_FLIGHT) ask(asked++);
    };
    askAhead();
    for (const [i, { image }] of frames.entries()) {
      try {
        const figures = measure(await pixelsOf(await blobs[i]!));
        results.push({ image, figures, suggestion: suggest(figures) });
      } catch {
        results.push({ image, figures: null, suggestion: null });
      }
      if (!packed.has(image)) alone--;
      delete blobs[i];
      askAhead();
      if (performance.now() - handedAt >= PRESCREEN_BATCH_MS) handOver();
    }
  }
  handOver();
  post({ type: 'done' });
}

scope.onmessage = (event: MessageEvent<PrescreenRequest>) => {
  queue = queue.then(() => run(event.data));
};
