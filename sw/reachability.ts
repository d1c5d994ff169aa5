/**
 * What the service worker learns of the network from its own requests (docs/pwa.md#offline-is-learnt-not-only-told):
 * a request to the console's own server that got no answer, or one that did, is told to every
 * window, which says Offline or stops saying it (src/pwa/reachability.ts). The browser's own word
 * is not enough: a page served from the cache with the network cut can be told it is online.
 * Told only when it changes, and only for the console's own origin (an image proxy that fails is
 * not the console's server).
 */
import type { WorkboxPlugin } from 'workbox-core/types.js';
import type { SwToPage } from './protocol';

declare let self: ServiceWorkerGlobalScope;

let last: boolean | null = null;

async function tell(request: Request, reachable: boolean): Promise<void> {
  if (new URL(request.url).origin !== self.location.origin || reachable === last) return;
  last = reachable;
  const message: SwToPage = { type: 'NETWORK', reachable };
  for (const client of await self.clients.matchAll({ type: 'window', includeUncontrolled: true })) client.postMessage(message);
}

export const reachability: WorkboxPlugin = {
  fetchDidFail: async ({ request }) => {
    await tell(request, false);
  },
  fetchDidSucceed: async ({ request, response }) => {
    await tell(request, true);
    return response;
  },
};
