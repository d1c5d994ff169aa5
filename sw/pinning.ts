/**
 * "Make available offline": copies every thumbnail and frame of a survey into a cache the
 * expiration bound never touches, reporting progress over the MessagePort the page sent, and
 * stopping when the page says cancel. Photos already seen move from the browsing cache instead of
 * being downloaded again.
 */
import { cacheablePhoto } from './routes';
import { CACHE_NAMES, pinnedMarkerUrl, type PageToSw, type PinControl, type PinProgress } from './protocol';

declare let self: ServiceWorkerGlobalScope;

/** Parallel downloads: enough to fill a link, few enough not to starve the page's own requests. */
const PIN_CONCURRENCY = 6;
/** Progress messages at most this often, so 1 000 photos do not mean 1 000 renders. */
const PROGRESS_INTERVAL_MS = 100;

export function handlePinMessage(message: PageToSw, port: MessagePort | undefined): Promise<void> | null {
  if (message.type === 'PIN_PHOTOS' && Array.isArray(message.urls)) return pin(message.surveyId, message.urls, port);
  if (message.type === 'UNPIN_PHOTOS') return unpin(message.surveyId, port);
  return null;
}

async function pinOne(url: string, pinned: Cache, browsing: Cache): Promise<boolean> {
  const request = new Request(url, { mode: new URL(url).origin === self.location.origin ? 'same-origin' : 'no-cors' });
  if (await pinned.match(request)) return true;
  const seen = await browsing.match(request);
  if (seen) {
    await pinned.put(request, seen);
    await browsing.delete(request);
    return true;
  }
  const response = await fetch(request);
  if (!cacheablePhoto.isResponseCacheable(response)) return false;
  await pinned.put(request, response);
  return true;
}

async function pin(surveyId: string, urls: string[], port: MessagePort | undefined): Promise<void> {
  const send = (progress: PinProgress) => port?.postMessage(progress);
  let cancelled = false;
  if (port) {
    port.onmessage = (event: MessageEvent<PinControl>) => {
      if (event.data?.type === 'cancel') cancelled = true;
    };
  }
  const [pinned, browsing] = await Promise.all([caches.open(CACHE_NAMES.pinnedPhotos), caches.open(CACHE_NAMES.photos)]);
  const total = urls.length;
  let next = 0;
  let done = 0;
  let failed = 0;
  let lastSent = 0;
  const report = () => {
    const now = Date.now();
    if (now - lastSent < PROGRESS_INTERVAL_MS) return;
    lastSent = now;
    send({ type: 'progress', done, failed, total });
  };
  const workerLoop = async () => {
    while (!cancelled && next < total) {
      const url = urls[next++];
      try {
        if (await pinOne(url, pinned, browsing)) done++;
        else failed++;
      } catch (error) {
        // Kept for the worker's console: the page only learns how many failed.
        console.warn('pin failed', url, error);
        failed++;
      }
      report();
    }
  };
  await Promise.all(Array.from({ length: Math.min(PIN_CONCURRENCY, total) }, workerLoop));
  if (cancelled) {
    send({ type: 'cancelled', done, total });
    return;
  }
  // The marker is written last, so "available offline" is never claimed for a half-done copy.
  if (failed === 0) {
    await pinned.put(
      pinnedMarkerUrl(self.registration.scope, surveyId),
      new Response(JSON.stringify({ surveyId, count: total, at: Date.now() }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
  }
  send({ type: 'done', done, failed, total });
}

/**
 * The photo set is shared by every survey (docs/requirements.md#req-call-photo-index), so the photos stay while any survey is still
 * pinned; the last one to go takes the cache with it.
 */
async function unpin(surveyId: string, port: MessagePort | undefined): Promise<void> {
  const pinned = await caches.open(CACHE_NAMES.pinnedPhotos);
  await pinned.delete(pinnedMarkerUrl(self.registration.scope, surveyId));
  const markerPrefix = pinnedMarkerUrl(self.registration.scope, '');
  const keys = await pinned.keys();
  if (!keys.some((request) => request.url.startsWith(markerPrefix))) await caches.delete(CACHE_NAMES.pinnedPhotos);
  port?.postMessage({ type: 'unpinned' } satisfies PinProgress);
}
