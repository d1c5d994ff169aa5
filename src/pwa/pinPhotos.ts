/**
 * The page's side of "Make available offline": asks the service worker to copy a survey's photos
 * into its pinned cache, follows the progress over a MessagePort, and can cancel or undo it.
 */
import { activeWorker, swScope } from './activeWorker';
import { CACHE_NAMES, pinnedMarkerUrl, type PageToSw, type PinControl, type PinProgress } from '../../sw/protocol';

export type PinResult = Extract<PinProgress, { type: 'done' | 'cancelled' }>;

export async function canPin(): Promise<boolean> {
  return (await activeWorker()) !== null && 'caches' in window;
}

export async function isPinned(surveyId: string): Promise<boolean> {
  if (!('caches' in window)) return false;
  const marker = await caches.match(pinnedMarkerUrl(swScope(), surveyId), { cacheName: CACHE_NAMES.pinnedPhotos });
  return marker !== undefined;
}

function send(worker: ServiceWorker, message: PageToSw, port: MessagePort): void {
  worker.postMessage(message, [port]);
}

export async function pinSurvey(
  surveyId: string,
  urls: string[],
  onProgress: (progress: Extract<PinProgress, { type: 'progress' }>) => void,
  signal: AbortSignal,
): Promise<PinResult> {
  const worker = await activeWorker();
  if (!worker) throw new Error('Offline copies need the service worker; reload the page once and try again.');
  // Ask the browser not to evict this origin's storage under pressure: a van relies on it.
  void navigator.storage?.persist?.();
  const channel = new MessageChannel();
  return new Promise<PinResult>((resolve) => {
    const cancel = () => channel.port1.postMessage({ type: 'cancel' } satisfies PinControl);
    signal.addEventListener('abort', cancel, { once: true });
    // Stopped while the worker was being looked up: the job starts and stops at once.
    if (signal.aborted) cancel();
    channel.port1.onmessage = (event: MessageEvent<PinProgress>) => {
      const message = event.data;
      if (message.type === 'progress') onProgress(message);
      else if (message.type === 'done' || message.type === 'cancelled') {
        signal.removeEventListener('abort', cancel);
        channel.port1.close();
        resolve(message);
      }
    };
    send(worker, { type: 'PIN_PHOTOS', surveyId, urls }, channel.port2);
  });
}

export async function unpinSurvey(surveyId: string): Promise<void> {
  const worker = await activeWorker();
  if (!worker) return;
  const channel = new MessageChannel();
  await new Promise<void>((resolve) => {
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    send(worker, { type: 'UNPIN_PHOTOS', surveyId }, channel.port2);
  });
}
