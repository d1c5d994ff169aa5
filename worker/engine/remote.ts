/**
 * The engine as Comlink exposes it: functions handed back to the other side (unsubscribe) are
 * proxied, so calling them there releases the listener here. Shared by the worker entry and the
 * boundary test.
 */
import * as Comlink from 'comlink';
import type { EngineApi } from '../api';

export function remoteApi(engine: EngineApi): EngineApi {
  return {
    boot: (input) => engine.boot(input),
    dispatch: (action, callId) => engine.dispatch(action, callId),
    subscribe: async (listener) => Comlink.proxy(await engine.subscribe(listener)),
    onPersist: async (listener) => Comlink.proxy(await engine.onPersist(listener)),
    snapshot: () => engine.snapshot(),
    search: (query) => engine.search(query),
    flush: () => engine.flush(),
    exportWorld: () => engine.exportWorld(),
  };
}
