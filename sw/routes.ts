/**
 * Runtime caching of what the precache does not hold: the sample data (all.json), the photo index
 * (photos.json), and survey photos (thumbnails and frames, embedded or through the image proxy).
 */
import { CacheableResponse, CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { warmStrategyCache } from 'workbox-recipes';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import type { RouteHandlerCallbackOptions, RouteMatchCallbackOptions, WorkboxPlugin } from 'workbox-core/types.js';
import {
  CACHE_NAMES,
  DATA_NETWORK_TIMEOUT_S,
  PHOTO_CACHE_MAX_AGE_S,
  PHOTO_CACHE_MAX_ENTRIES,
} from './protocol';
import { reachability } from './reachability';

declare let self: ServiceWorkerGlobalScope;

/**
 * The engine asks for `data/all.json?v=<now>` so no HTTP cache answers; the query would make every
 * request a new cache entry. Keying on the bare URL keeps exactly one copy, the latest.
 */
const stripQuery: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const url = new URL(request.url);
    url.search = '';
    return url.href;
  },
};

/**
 * Which photo responses are kept: a whole image (200), or the image proxy's answer without CORS
 * headers (opaque, status 0), still the right image (200 alone would refetch those forever). Never
 * a partial 206, which `Cache.put` rejects. Pinning (pinning.ts) keeps the same ones.
 */
export const cacheablePhoto = new CacheableResponse({ statuses: [0, 200] });

/** `source` query of an image-proxy URL: a bucket path ending `.jp2`, maybe a scale suffix. */
const PROXY_SOURCE = /\.jp2(\.(32|8|4|2))?$/;

function scopePath(relative: string): string {
  return new URL(relative, self.registration.scope).pathname;
}

export function isPhotoRequest({ url, request }: RouteMatchCallbackOptions): boolean {
  if (request.method !== 'GET') return false;
  if (url.origin === self.location.origin) return url.pathname.startsWith(scopePath('photos/'));
  const source = url.searchParams.get('source');
  return source !== null && PROXY_SOURCE.test(source);
}

const browsingPhotos = new CacheFirst({
  cacheName: CACHE_NAMES.photos,
  plugins: [
    new CacheableResponsePlugin({ statuses: [0, 200] }),
    reachability,
    new ExpirationPlugin({
      maxEntries: PHOTO_CACHE_MAX_ENTRIES,
      maxAgeSeconds: PHOTO_CACHE_MAX_AGE_S,
      // Opaque proxy responses count heavily against quota; give them up rather than fail writes.
      purgeOnQuotaError: true,
    }),
  ],
});

/** Pinned photos first (never evicted), then the bounded browsing cache, then the network. */
async function photoHandler(options: RouteHandlerCallbackOptions): Promise<Response> {
  const request = options.request instanceof Request ? options.request : new Request(options.request);
  const pinned = await caches.match(request, { cacheName: CACHE_NAMES.pinnedPhotos });
  return pinned ?? browsingPhotos.handle({ event: options.event, request });
}

/** The data is always asked of the network first: the HTTP cache never answers for it. */
const sampleData = new NetworkFirst({
  cacheName: CACHE_NAMES.sampleData,
  networkTimeoutSeconds: DATA_NETWORK_TIMEOUT_S,
  fetchOptions: { cache: 'no-store' },
  plugins: [stripQuery, new CacheableResponsePlugin({ statuses: [200] }), reachability],
});

const photoIndex = new StaleWhileRevalidate({
  cacheName: CACHE_NAMES.photoIndex,
  fetchOptions: { cache: 'no-store' },
  plugins: [stripQuery, new CacheableResponsePlugin({ statuses: [200] }), reachability],
});

/**
 * The first visit loads all.json and photos.json before this worker exists, and later visits boot
 * from the stored world without asking for all.json again: left alone, the data caches would stay
 * empty and "Reload sample data" would fail offline. Installing fills the photo index through its
 * route's strategy (workbox-recipes; best effort: an install while offline still succeeds, and the
 * route fills it later). all.json is filled when the page says its engine holds the world
 * (keepSampleData): fetched during the install, a large world's all.json was fetched and written a
 * second time while the first visit's boot read it (docs/views.md#the-first-visit-at-100-000-surveys).
 */
export function registerRuntimeRoutes(): void {
  const indexUrl = new URL('data/photos.json', self.registration.scope).href;
  registerRoute(({ url, sameOrigin }) => sameOrigin && url.pathname === scopePath('data/all.json'), sampleData);
  registerRoute(({ url, sameOrigin }) => sameOrigin && url.pathname === scopePath('data/photos.json'), photoIndex);
  registerRoute(isPhotoRequest, photoHandler);
  warmStrategyCache({ urls: [indexUrl], strategy: photoIndex });
}

let keeping: Promise<void> | null = null;

/**
 * Keeps all.json in its cache: fetched through the route's own strategy when the cache lacks it
 * (the first visit, or a cache the browser evicted). Offline it stays missing until all.json is
 * next fetched online; the engine's own store holds the world meanwhile.
 */
export function keepSampleData(event: ExtendableEvent): Promise<void> {
  // One copy at a time: every page asks at each load, and a large world's copy takes a while.
  return (keeping ??= (async () => {
    const request = new Request(new URL('data/all.json', self.registration.scope).href);
    if (await caches.match(request, { cacheName: CACHE_NAMES.sampleData })) return;
    const [response, done] = sampleData.handleAll({ event, request });
    // The strategy answers a copy (a tee of the download) that nobody here reads: left unread, the
    // tee kept the whole file in this worker's memory until the cache's copy was written, 388 MB at
    // 100 000 surveys, beside the page's reloads (issue 54). Cancelled, the cache's copy streams on.
    void response.then((answer) => answer?.body?.cancel()).catch(() => undefined);
    await Promise.allSettled([response, done]);
  })().finally(() => (keeping = null)));
}
