/**
 * The one long-lived connection to the engine worker: boots it with what localStorage holds,
 * feeds the answers of the views the page opened with the worker's page events, mirrors its saves
 * into localStorage, and flushes when the page is hidden so closing the lid loses nothing. Calls
 * go through Comlink; page events and the mirror come on the same port, in order with the answers.
 */
import * as Comlink from 'comlink';
import type { Action, ActionResult, PageApi, PersistMessage, PodconfigCheck, PodconfigFile, TeamSyncAnswer, TeamSyncIntent, WorkerMessage } from '../../worker/api';
import type { SearchEntry } from '../../worker/domain/types';
import { STORAGE_KEYS } from '../../worker/domain/constants';
import type { SteppedClockApi } from '../../worker/engine/steppedClock';
import { Answers } from './answers';
import { engineWorker } from './engineWorker';
import { checkVersion, readCurrent, readFlags, readRaw, writePersist, writeSession } from './storage';
import { exposeTestClock } from './testClock';

export interface EngineClient {
  model: Answers;
  ready: Promise<void>;
  /** Resolves once the worker holds the whole world (at once, unless a first look answered the boot). */
  loaded: Promise<void>;
  dispatch(action: Action): Promise<ActionResult>;
  checkPodconfig(files: PodconfigFile[]): Promise<PodconfigCheck>;
  search(query: string): Promise<SearchEntry[]>;
  flush(): Promise<void>;
  exportWorld(): Promise<string>;
  /** Team sync's calls (docs/sync.md); each answer's status is the model's too. */
  teamSync(intent: TeamSyncIntent): Promise<TeamSyncAnswer>;
}

let client: EngineClient | null = null;

export function engineClient(): EngineClient {
  return (client ??= connect());
}

function connect(): EngineClient {
  const worker = engineWorker();
  const remote = Comlink.wrap<PageApi>(worker);
  if (__TEST_CLOCK__) exposeTestClock(remote as unknown as Comlink.Remote<SteppedClockApi>, () => model.lastSeq);
  const model = new Answers(readCurrent(), readFlags(), {
    openView: (id, spec) => void remote.openView(id, spec),
    closeView: (id) => void remote.closeView(id),
  });
  let warnedQuota = false;
  /** The latest mirror the engine handed over, written again when the page is hidden. */
  let latest: PersistMessage | null = null;

  worker.addEventListener('message', ({ data }: MessageEvent<WorkerMessage | undefined>) => {
    if (data?.type === 'page-event') {
      const event = data.event;
      // Another tab's login, logout or flag change: this tab's localStorage follows at once too.
      if (event.current || event.flags) writeSession(event.current ?? model.current, event.flags ?? model.flags);
      model.apply(event);
    } else if (data?.type === 'boot-progress') {
      model.progress(data.progress);
    } else if (data?.type === 'persist') {
      latest = data.message;
      // Said only when it is true: the engine's store holds the world (else its banner says why not).
      if (writePersist(data.message) === 'quota' && !warnedQuota && model.unsaved === null) {
        warnedQuota = true;
        model.notify({
          category: 'warning',
          text: 'This browser’s local storage is full. Your work is kept in the browser database and nothing is lost.',
        });
      }
    }
  });

  const version = checkVersion();
  const ready = (async () => {
    if (__TEST_CLOCK__) console.debug('[page] boot');
    const booted = await remote.boot({
      stored: {
        db: readRaw(STORAGE_KEYS.db),
        version,
        current: readRaw(STORAGE_KEYS.current),
        flags: readRaw(STORAGE_KEYS.flags),
      },
      readAt: Date.now(),
      baseUrl: new URL(import.meta.env.BASE_URL, location.href).href,
    });
    // The stored data is now version 45 (docs/requirements.md#req-version-rule), whatever was there before.
    writeSession(booted.current, booted.flags);
    model.boot(booted.current, booted.flags, booted.loading, booted.unsaved ?? null);
    booted.notices?.forEach((n) => model.notify(n));
    if (__TEST_CLOCK__) console.debug(`[page] booted${booted.loading ? ', the whole world still loading' : ''}`);
  })();

  const loaded = new Promise<void>((resolve) => {
    const stop = model.subscribeSession(() => {
      if (!model.ready || model.loading) return;
      stop();
      resolve();
    });
  });

  const flush = () => remote.flush();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void flush();
  });
  // Every change is already in IndexedDB; this keeps the localStorage mirror as new as the page's copy.
  window.addEventListener('pagehide', () => {
    if (latest) writePersist({ ...latest, current: model.current, flags: model.flags });
  });

  const afterBoot =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      await ready;
      return call(...args);
    };

  return {
    model,
    ready,
    loaded,
    dispatch: afterBoot(async (action: Action) => {
      if (__TEST_CLOCK__) console.debug(`[page] dispatch ${action.type}`);
      const result = await remote.dispatch(action);
      if (__TEST_CLOCK__) console.debug(`[page] answered ${action.type}: ${result.ok ? 'ok' : result.error}`);
      if (result.ok && result.session) writeSession(result.session.current, result.session.flags);
      return result;
    }),
    checkPodconfig: afterBoot((files: PodconfigFile[]): Promise<PodconfigCheck> => remote.checkPodconfig(files) as Promise<PodconfigCheck>),
    exportWorld: afterBoot(() => remote.exportWorld()),
    search: afterBoot((query: string) => remote.search(query)),
    teamSync: afterBoot(async (intent: TeamSyncIntent) => {
      const answer = await remote.teamSync(intent);
      if (answer.ok) model.syncStatus(answer.status);
      return answer;
    }),
    flush,
  };
}
