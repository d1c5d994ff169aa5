/**
 * The one long-lived connection to the engine worker: boots it with what localStorage holds,
 * feeds the read model with its events, mirrors its saves into localStorage, and flushes when the
 * page is hidden so closing the lid loses nothing.
 */
import * as Comlink from 'comlink';
import type { Action, ActionResult, EngineApi, EngineEvent, PersistMessage } from '../../worker/api';
import type { SearchEntry } from '../../worker/domain/types';
import { STORAGE_KEYS } from '../../worker/domain/constants';
import { ReadModel } from './readModel';
import { readCurrent, readFlags, readRaw, writePersist } from './storage';

export interface EngineClient {
  model: ReadModel;
  ready: Promise<void>;
  dispatch(action: Action): Promise<ActionResult>;
  search(query: string): Promise<SearchEntry[]>;
  flush(): Promise<void>;
}

let client: EngineClient | null = null;

export function engineClient(): EngineClient {
  return (client ??= connect());
}

function connect(): EngineClient {
  const model = new ReadModel(readCurrent(), readFlags());
  const worker = new Worker(new URL('../../worker/main.ts', import.meta.url), { type: 'module', name: 'engine' });
  const remote = Comlink.wrap<EngineApi>(worker);
  let warnedQuota = false;

  const resync = async () => {
    const snapshot = await remote.snapshot();
    model.apply(snapshot);
  };
  const onEvent = (event: EngineEvent) => {
    if (!model.apply(event)) void resync();
  };
  const onPersist = (message: PersistMessage) => {
    if (writePersist(message) === 'quota' && !warnedQuota) {
      warnedQuota = true;
      model.notify({
        category: 'warning',
        text: 'This browser’s local storage is full. Your work is kept in the browser database and nothing is lost.',
      });
    }
  };

  const ready = (async () => {
    await remote.subscribe(Comlink.proxy(onEvent));
    await remote.onPersist(Comlink.proxy(onPersist));
    const snapshot = await remote.boot({
      stored: {
        db: readRaw(STORAGE_KEYS.db),
        version: readRaw(STORAGE_KEYS.version),
        current: readRaw(STORAGE_KEYS.current),
        flags: readRaw(STORAGE_KEYS.flags),
      },
      baseUrl: new URL(import.meta.env.BASE_URL, location.href).href,
    });
    model.apply(snapshot);
  })();

  const flush = () => remote.flush();
  const onHide = () => {
    if (document.visibilityState === 'hidden') void flush();
  };
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', () => void flush());

  return {
    model,
    ready,
    dispatch: async (action) => {
      await ready;
      return remote.dispatch(action);
    },
    search: async (query) => {
      await ready;
      return remote.search(query);
    },
    flush,
  };
}
