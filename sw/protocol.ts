/**
 * What the page and the service worker agree on: cache names, the messages they exchange, and the
 * URL that marks a survey as "available offline". Pure values and types, so both the DOM build
 * (src/) and the WebWorker build (sw/) can import it.
 */

/** Runtime caches. Precache names are Workbox's own. */
export const CACHE_NAMES = {
  /** all.json: one entry whatever the cache-buster query. */
  sampleData: 'sample-data',
  /** photos.json, the fixed photo index. */
  photoIndex: 'photo-index',
  /** Thumbnails and frames seen while browsing; bounded, least recently used evicted first. */
  photos: 'photos',
  /** Photos a person asked to keep ("Make available offline"); never evicted by the SW. */
  pinnedPhotos: 'photos-pinned',
} as const;

/** Bound of the browsing photo cache: a few surveys' worth of thumbnails and frames. */
export const PHOTO_CACHE_MAX_ENTRIES = 5000;
export const PHOTO_CACHE_MAX_AGE_S = 30 * 24 * 60 * 60;
/** all.json is small and changes rarely: past this, a van on a weak link uses the cached copy. */
export const DATA_NETWORK_TIMEOUT_S = 3;

/** Marker entry in the pinned cache recording that a survey was made available offline. */
export function pinnedMarkerUrl(scope: string, surveyId: string): string {
  return new URL(`__pinned__/${encodeURIComponent(surveyId)}`, scope).href;
}

/** Page → service worker. PIN_PHOTOS carries a MessagePort for progress and cancelling. */
export type PageToSw =
  | { type: 'SKIP_WAITING' }
  /** The page's engine holds the world: keep a copy of all.json for Reset and Reload offline. */
  | { type: 'KEEP_SAMPLE_DATA' }
  | { type: 'PIN_PHOTOS'; surveyId: string; urls: string[] }
  | { type: 'UNPIN_PHOTOS'; surveyId: string }
  /**
   * Download Frames (docs/download-frames.md): a ZIP the page makes, to be served as a download at
   * zipDownloadUrl(id); the message carries a MessagePort for what becomes of it.
   */
  | { type: 'SERVE_ZIP'; id: string; name: string; stream: ReadableStream<Uint8Array> }
  /** Sent while a ZIP is served, so the browser does not stop an idle-looking worker under it. */
  | { type: 'KEEP_ZIP_ALIVE' };

/**
 * Service worker → every window: one of its requests to the console's own server got an answer
 * (reachable) or none (sw/reachability.ts).
 */
export type SwToPage = { type: 'NETWORK'; reachable: boolean };

/** Service worker → page, over the port of a PIN_PHOTOS or UNPIN_PHOTOS message. */
export type PinProgress =
  | { type: 'progress'; done: number; failed: number; total: number }
  | { type: 'done'; done: number; failed: number; total: number }
  | { type: 'cancelled'; done: number; total: number }
  | { type: 'unpinned' };

/** Page → service worker over the port of a running PIN_PHOTOS job. */
export type PinControl = { type: 'cancel' };

/** Where the service worker serves a ZIP the page handed it; the name is what the browser saves. */
export function zipDownloadUrl(scope: string, id: string, name: string): string {
  return new URL(`${ZIP_DOWNLOAD_PATH}${encodeURIComponent(id)}/${encodeURIComponent(name)}`, scope).href;
}
export const ZIP_DOWNLOAD_PATH = '__download__/';

/** Service worker → page, over the port of a SERVE_ZIP message. */
export type ZipServing =
  | { type: 'ready' }
  /** The browser asked for the download: the ZIP is flowing to it. */
  | { type: 'started' }
  /** Its last byte went to the browser. */
  | { type: 'served' }
  | { type: 'failed'; message: string };
