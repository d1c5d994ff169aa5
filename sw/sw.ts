/**
 * The service worker: precaches the app shell and every route's code, serves history-mode deep
 * links from the shell, caches data and photos at run time (routes.ts), keeps surveys a person
 * pinned (pinning.ts), serves Download Frames' ZIPs as downloads (zipDownloads.ts), and waits to
 * be told before replacing an older version.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { handlePinMessage } from './pinning';
import type { PageToSw } from './protocol';
import { keepSampleData, registerRuntimeRoutes } from './routes';
import { handleZipMessage, registerZipDownloads } from './zipDownloads';

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null } | string> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Any in-app path (/captures/…/surveys, /surveys/…/qc/…) is the single-page shell; the router
// takes it from there. A file opened in a tab (a photo, the data, a ZIP being downloaded) is
// itself, not the shell.
const scopePath = new URL(self.registration.scope).pathname;
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [new RegExp(`^${scopePath}(data|photos|icons|assets|__download__)/`), new RegExp(`^${scopePath}(sw\\.js|manifest\\.webmanifest)$`)],
  }),
);
registerZipDownloads();

registerRuntimeRoutes();

// Claiming on first install lets the very first visit cache what it shows. An update never
// activates by itself: it waits for SKIP_WAITING, sent when the person clicks Reload.
clientsClaim();

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const message = event.data as PageToSw | null;
  if (!message || typeof message !== 'object') return;
  if (message.type === 'SKIP_WAITING') {
    void self.skipWaiting();
    return;
  }
  if (message.type === 'KEEP_SAMPLE_DATA') {
    event.waitUntil(keepSampleData(event));
    return;
  }
  if (handleZipMessage(message, event.ports[0])) return;
  const job = handlePinMessage(message, event.ports[0]);
  if (job) event.waitUntil(job);
});
