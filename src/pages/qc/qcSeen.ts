/**
 * Review progress (issue 8): which frames of a survey the reviewer has seen, a frame counting once
 * its thumbnail has been in view or it was opened in the viewer. A view concern, not engine state:
 * kept per survey for the browser session (sessionStorage, so a reload keeps it and a new session
 * starts afresh), and read by the page through a tiny subscribable store.
 *
 * A frame is keyed by its line and its cell in the line's grid: row × cameras + camera column.
 */
import { useSyncExternalStore } from 'react';

const STORAGE_PREFIX = 'qc-seen:';
const SAVE_DELAY_MS = 500;

interface SeenStore {
  /** Line → seen cells (row × cameras + column). */
  lines: Map<number, Set<number>>;
  version: number;
  listeners: Set<() => void>;
  saveTimer: ReturnType<typeof setTimeout> | null;
}

const stores = new Map<string, SeenStore>();

function load(surveyId: string): Map<number, Set<number>> {
  const lines = new Map<number, Set<number>>();
  try {
    const raw: unknown = JSON.parse(sessionStorage.getItem(STORAGE_PREFIX + surveyId) ?? '{}');
    if (raw && typeof raw === 'object') {
      for (const [line, cells] of Object.entries(raw as Record<string, unknown>)) {
        if (Array.isArray(cells)) lines.set(Number(line), new Set(cells.filter((c): c is number => Number.isInteger(c))));
      }
    }
  } catch {
    // A malformed or unavailable session copy means nothing seen yet.
  }
  return lines;
}

function storeOf(surveyId: string): SeenStore {
  let store = stores.get(surveyId);
  if (!store) {
    store = { lines: load(surveyId), version: 0, listeners: new Set(), saveTimer: null };
    stores.set(surveyId, store);
  }
  return store;
}

function save(surveyId: string, store: SeenStore): void {
  if (store.saveTimer) clearTimeout(store.saveTimer);
  store.saveTimer = null;
  const plain = Object.fromEntries([...store.lines].map(([line, cells]) => [line, [...cells]]));
  try {
    sessionStorage.setItem(STORAGE_PREFIX + surveyId, JSON.stringify(plain));
  } catch {
    // Over quota: progress stays in memory for this page.
  }
}

// A reload or a closed tab within the save delay would lose the last frames seen: write them now.
let flushOnHide = false;
function flushAll(): void {
  for (const [surveyId, store] of stores) if (store.saveTimer) save(surveyId, store);
}

/** Marks cells of a line as seen; listeners hear of it only when something was new. */
export function markSeen(surveyId: string, line: number, cells: Iterable<number>): void {
  const store = storeOf(surveyId);
  let set = store.lines.get(line);
  if (!set) store.lines.set(line, (set = new Set()));
  const before = set.size;
  for (const c of cells) set.add(c);
  if (set.size === before) return;
  store.version++;
  if (!flushOnHide) {
    flushOnHide = true;
    window.addEventListener('pagehide', flushAll);
  }
  store.saveTimer ??= setTimeout(() => save(surveyId, store), SAVE_DELAY_MS);
  for (const listener of store.listeners) listener();
}

/** The cell key of a frame: its 0-based row and camera column. */
export function seenCell(row: number, col: number, cameraCount: number): number {
  return row * cameraCount + col;
}

/** Seen cells per line of a survey; re-renders the caller when more are seen. */
export function useSeen(surveyId: string): ReadonlyMap<number, ReadonlySet<number>> {
  const store = storeOf(surveyId);
  useSyncExternalStore(
    (listener) => {
      store.listeners.add(listener);
      return () => store.listeners.delete(listener);
    },
    () => store.version,
  );
  return store.lines;
}

/** "n of N frames seen". */
export function seenText(seen: number, total: number): string {
  return `${seen} of ${total} frames seen`;
}
