/**
 * The page's API as Comlink exposes it: functions handed back to the page (unsubscribe) are
 * proxied, so calling them there releases the listener here. Shared by the worker entry and the
 * boundary test.
 */
import * as Comlink from 'comlink';
import type { PageApi } from '../views/hub';

export function remoteApi(hub: PageApi): PageApi {
  return {
    ...hub,
    subscribe: async (listener) => Comlink.proxy(await hub.subscribe(listener)),
    onPersist: async (listener) => Comlink.proxy(await hub.onPersist(listener)),
  };
}
