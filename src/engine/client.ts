/**
 * The one long-lived connection to the engine worker: boots it with what localStorage holds,
 * feeds the read model with the page events of the views it opened, mirrors its saves into
 * localStorage, and flushes when the page is hidden so closing the lid loses nothing.
 */
import * as Comlink from 'comlink';
import type { Action, ActionResult, PersistMessage } from '../../worker/api';
import type { PageApi } from '../../worker/views/hub';
import type { PageEvent } from '../../worker/views/types';
import type { SearchEntry } from '../../worker/domain/types';
import { STORAGE_KEYS } from '../../worker/domain/constants';
import { ReadModel } from './readModel';
import { checkVersion, readCurrent, readFlags, readRaw, writePersist, writeSession } from './storage';

export interface EngineClient {
  model: ReadModel;
  ready: Promise<void>;
  dispatch(action: Action): Promise<ActionResult>;
  search(query: string): Promise<SearchEntry[]>;
  flush(): Promise<void>;
  exportWorld(): Promise<string>;
}

let client: EngineClient | null = null;

export function engineClient(): EngineClient {
  return (client ??= connect());
}

function connect(): EngineClient {
  const worker = new Worker(new URL('../../worker/main.ts', import.meta.url), { type: 'module', name: 'engine' });
  const remote = Comlink.wrap<PageApi>(worker);
  const model = new ReadModel(readCurrent(), readFlags(), {
    openView: (id, spec) => void remote.openView(id, spec),
    closeView: (id) => void remote.closeView(id),
    fetch: (refs) => void remote.fetch(refs),
    release: (refs, seq) => void remote.release(refs, seq),
  });
  let warnedQuota = false;

  const onEvent = (event: PageEvent) => {
    // Another tab's login, logout or flag change: this tab's localStorage follows at once too.
    if (event.current || event.flags) writeSession(event.current ?? model.current, event.flags ?? model.flags);
    model.apply(event);
  };
  /** The latest mirror the engine handed over, written again when the page is hidden. */
  let latest: PersistMessage | null = null;
  const onPersist = (message: PersistMessage) => {
    latest = message;
    if (writePersist(message) === 'quota' && !warnedQuota) {
      warnedQuota = true;
      model.notify({
        category: 'warning',
        text: 'This browser’s local storage is full. Your work is kept in the browser database and nothing is lost.',
      });
    }
  };

  const version = checkVersion();
  const ready = (async () => {
    await remote.subscribe(Comlink.proxy(onEvent));
    await remote.onPersist(Comlink.proxy(onPersist));
    const booted = await remote.boot({
      stored: {
        db: readRaw(STORAGE_KEYS.db),
        version,
        current: readRaw(STORAGE_KEYS.current),
        flags: readRaw(STORAGE_KEYS.flags),
      },
      baseUrl: new URL(import.meta.env.BASE_URL, location.href).href,
    });
    // The stored data is now version 45 (docs/requirements.md#req-version-rule), whatever was there before.
    writeSession(booted.current, booted.flags);
    model.boot(booted.current, booted.flags, booted.loading);
    booted.notices?.forEach((n) => model.notify(n));
  })();

  const flush = () => remote.flush();
  const onHide = () => {
    if (document.visibilityState === 'hidden') void flush();
  };
  document.addEventListener('visibilitychange', onHide);
  // Every change is already in IndexedDB; this keeps the localStorage mirror as new as the page's copy.
  window.addEventListener('pagehide', () => {
    if (latest) writePersist({ ...latest, current: model.current, flags: model.flags });
  });

  return {
    model,
    ready,
    dispatch: async (action) => {
      await ready;
      const result = await remote.dispatch(action);
      if (result.ok && result.session) writeSession(result.session.current, result.session.flags);
      return result;
    },
    exportWorld: async () => {
      await ready;
      return remote.exportWorld();
    },
    search: async (query) => {
      await ready;
      return remote.search(query);
    },
    flush,
  };
}
