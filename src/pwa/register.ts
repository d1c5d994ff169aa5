/**
 * Registers the service worker with workbox-window and keeps pwaState in step with it and with the
 * network. An update never applies itself: it waits until the person clicks Reload (squoosh's
 * habit, docs/architecture.md#arch-sw-update), then the page reloads once the new worker controls it.
 */
import { Workbox } from 'workbox-window';
import type { PageToSw, SwToPage } from '../../sw/protocol';
import { getPwaState, setPwaState } from './pwaState';
import { askServer, Reachability } from './reachability';

/** Field laptops stay open for days: look for a new version this often while online. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

let workbox: Workbox | null = null;
let started = false;
/** A newer worker already controls this page (updated from another tab). */
let takenOver = false;

/** The running build's version, exposed for support and for the update test. */
export const APP_VERSION: string = __APP_VERSION__;

/** Starts once, whoever calls first (the header's PwaStatus). */
export function registerPwa(): void {
  if (started) return;
  started = true;
  document.documentElement.dataset.appVersion = APP_VERSION;

  // Offline is what the browser says, or what asking the console's own server finds
  // (reachability.ts): a page served from the cache can be told it is online when it is not.
  const reach = new Reachability({
    browserOnline: () => navigator.onLine,
    ask: () => askServer(`${import.meta.env.BASE_URL}sw.js?reach`),
    setTimer: (run, ms) => window.setTimeout(run, ms),
    clearTimer: (timer) => window.clearTimeout(timer as number),
    report: (offline) => {
      setPwaState({ offline });
      if (!offline) void workbox?.update();
    },
  });
  window.addEventListener('online', () => reach.browserChanged());
  window.addEventListener('offline', () => reach.browserChanged());
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && reach.shown());
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent<SwToPage | null>) => {
    if (event.data?.type === 'NETWORK') reach.learnt(event.data.reachable);
  });
  reach.start();

  // The dev server has no service worker (vite-plugin-pwa devOptions are off).
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;

  const wb = new Workbox(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL });
  workbox = wb;
  wb.addEventListener('waiting', () => setPwaState({ updateReady: true }));
  let hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // Another tab applied an update: this page still runs the old code, whose lazy chunks the new
    // worker no longer holds. Offer Reload here too (it just reloads), never force it.
    if (hadController && !getPwaState().updating) {
      takenOver = true;
      setPwaState({ updateReady: true });
    }
    hadController = Boolean(navigator.serviceWorker.controller);
    setPwaState({ controlled: hadController });
  });
  // A worker that cannot install (its files refused: the site's storage is full) turns redundant;
  // one that cannot even register rejects. Either way this page has no offline copy, and says so.
  // Said only when true: the browser holds no working service worker for this scope (another
  // tab's may have installed meanwhile, and workbox-window can fail on its own, e.g. a page
  // leaving mid-registration).
  const noWorkerHere = async () => {
    const registration = await navigator.serviceWorker.getRegistration(import.meta.env.BASE_URL).catch(() => undefined);
    return !registration?.active && !registration?.waiting && !registration?.installing;
  };
  wb.addEventListener('redundant', (event) => {
    if (navigator.serviceWorker.controller || event.isUpdate) return;
    void noWorkerHere().then((none) => none && setPwaState({ offlineUnavailable: notInstalled() }));
  });
  wb.register().then(
    () => setPwaState({ controlled: Boolean(navigator.serviceWorker.controller) }),
    async (error: unknown) => {
      if (await noWorkerHere()) setPwaState({ offlineUnavailable: notRegistered(error) });
    },
  );
  window.setInterval(() => {
    if (!getPwaState().offline) void wb.update();
  }, UPDATE_CHECK_INTERVAL_MS);
}

function notInstalled(): string {
  return 'the browser could not store the console’s files (the storage for this site may be full), so a reload without a network will not open it';
}

function notRegistered(error: unknown): string {
  const why = error instanceof Error && error.message ? error.message : String(error);
  return `the browser refused its service worker (${why}), so a reload without a network will not open it`;
}

/** Reload was clicked: let the waiting worker take over, then reload once it controls the page. */
export function applyUpdate(): void {
  const wb = workbox;
  if (!wb) return;
  setPwaState({ updating: true });
  if (takenOver) {
    window.location.reload();
    return;
  }
  wb.addEventListener('controlling', () => window.location.reload());
  wb.messageSkipWaiting();
}

/**
 * Asks the service worker to keep all.json for Reset and Reload offline (sw/routes.ts,
 * keepSampleData), once this page's engine holds the world: never during a first visit's boot.
 */
export function keepSampleData(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ type: 'KEEP_SAMPLE_DATA' } satisfies PageToSw));
}
