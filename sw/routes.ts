/**
 * Runtime caching of what the precache does not hold: the sample data (all.json), the photo index
 * (photos.json), and survey photos (thumbnails and frames, embedded or through the image proxy).
 */
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import type { RouteHandlerCallbackOptions, RouteMatchCallbackOptions, WorkboxPlugin } from 'workbox-core/types.js';
import {
  CACHE_NAMES,
  DATA_NETWORK_TIMEOUT_S,
  PHOTO_CACHE_MAX_AGE_S,
  PHOTO_CACHE_MAX_ENTRIES,
} from './protocol';

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
 * The image proxy may answer without CORS headers (an opaque response, status 0). Those are still
 * the right image, so they are cached too; the default (200 only) would refetch them forever.
 */
const okOrOpaque: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.ok || response.type === 'opaque' ? response : null),
};

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
    okOrOpaque,
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

/**
 * The first visit loads all.json and photos.json before this worker exists, and later visits boot
 * from the stored world without asking for all.json again: left alone, the data caches would stay
 * empty and "Reload sample data" would fail offline. So installing fills them (best effort: an
 * install while offline still succeeds, and the routes fill them later).
 */
export async function warmDataCaches(): Promise<void> {
  const entries: [string, string][] = [
    ['data/all.json', CACHE_NAMES.sampleData],
    ['data/photos.json', CACHE_NAMES.photoIndex],
  ];
  await Promise.all(
    entries.map(async ([path, cacheName]) => {
      const url = new URL(path, self.registration.scope).href;
      try {
        const response = await fetch(url, { cache: 'no-store' });
        if (response.ok) await (await caches.open(cacheName)).put(url, response);
      } catch {
        // Offline during install: the routes cache these on their next successful fetch.
      }
    }),
  );
}

export function registerRuntimeRoutes(): void {
  registerRoute(
    ({ url, sameOrigin }) => sameOrigin && url.pathname === scopePath('data/all.json'),
    new NetworkFirst({
      cacheName: CACHE_NAMES.sampleData,
      networkTimeoutSeconds: DATA_NETWORK_TIMEOUT_S,
      plugins: [stripQuery],
    }),
  );
  registerRoute(
    ({ url, sameOrigin }) => sameOrigin && url.pathname === scopePath('data/photos.json'),
    new StaleWhileRevalidate({ cacheName: CACHE_NAMES.photoIndex, plugins: [stripQuery] }),
  );
  registerRoute(isPhotoRequest, photoHandler);
}
