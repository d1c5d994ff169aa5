/**
 * The QC page's side of automatic pre-screening (issue 8): starts the pre-screen worker (one per
 * page load, made on first use), asks it to measure a survey's frames from their thumbnails, and
 * keeps the answers per survey for the session (in memory, and in sessionStorage once finished),
 * so a survey is measured once however often its QC page or viewer opens or the page reloads. Read through a tiny subscribable store, like qcSeen.ts.
 *
 * Only the embedded photo set is measured: images from an image proxy are another origin, which
 * the page may show but not read (and the Content-Security-Policy keeps connect-src to 'self').
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { PhotoIndex } from '../../../worker/domain/types';
import type { Figures, Suggestion } from '../../../worker/prescreen/measure';
import type { PrescreenMessage, PrescreenRequest } from '../../../worker/prescreen/protocol';
import { imageUrl } from '../../images/imageUrl';

export interface FrameVerdict {
  figures: Figures | null;
  suggestion: Suggestion | null;
}

export interface PrescreenState {
  status: 'off' | 'running' | 'done';
  /** Image name → what was measured (figures null: it could not be read). */
  frames: ReadonlyMap<string, FrameVerdict>;
  total: number;
  suggested: number;
}

interface Entry {
  state: PrescreenState;
  listeners: Set<() => void>;
}

const OFF: PrescreenState = { status: 'off', frames: new Map(), total: 0, suggested: 0 };
const entries = new Map<string, Entry>();
let worker: Worker | null = null;

const STORAGE_PREFIX = 'qc-prescreen:';

/** A finished pre-screen kept in sessionStorage, so a reload in the session does not measure again. */
function stored(surveyId: string): PrescreenState | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_PREFIX + surveyId);
    if (!raw) return null;
    const frames = new Map(JSON.parse(raw) as [string, FrameVerdict][]);
    const suggested = [...frames.values()].filter((v) => v.suggestion).length;
    return { status: 'done', frames, total: frames.size, suggested };
  } catch {
    return null; // unreadable: measure again
  }
}

function store(surveyId: string, state: PrescreenState): void {
  try {
    sessionStorage.setItem(STORAGE_PREFIX + surveyId, JSON.stringify([...state.frames]));
  } catch {
    // Over quota: kept in memory for this page.
  }
}

function entryOf(surveyId: string): Entry {
  let entry = entries.get(surveyId);
  if (!entry) entries.set(surveyId, (entry = { state: stored(surveyId) ?? OFF, listeners: new Set() }));
  return entry;
}

function update(surveyId: string, change: (s: PrescreenState) => PrescreenState): void {
  const entry = entryOf(surveyId);
  entry.state = change(entry.state);
  for (const listener of entry.listeners) listener();
}

function onMessage(event: MessageEvent<PrescreenMessage>): void {
  const m = event.data;
  update(m.surveyId, (s) => {
    if (m.type === 'done') {
      const done: PrescreenState = { ...s, status: 'done' };
      store(m.surveyId, done);
      return done;
    }
    // One new map a batch: the grid renders a few times a second, not once a frame.
    const frames = new Map(s.frames);
    let suggested = s.suggested;
    for (const { image, figures, suggestion } of m.results) {
      frames.set(image, { figures, suggestion });
      if (suggestion) suggested++;
    }
    return { ...s, frames, suggested };
  });
}

function workerOf(): Worker {
  if (!worker) {
    worker = new Worker(new URL('../../../worker/prescreen/prescreen.worker.ts', import.meta.url), { type: 'module', name: 'prescreen' });
    worker.addEventListener('message', onMessage);
  }
  return worker;
}

/** Measures the survey's frames once per session (every image of the photo set, by its thumbnail). */
export function startPrescreen(surveyId: string, index: PhotoIndex, imageProxy: string): void {
  if (imageProxy.trim() || entryOf(surveyId).state.status !== 'off') return;
  const frames: PrescreenRequest['frames'] = [];
  for (const { line, start, count } of index.lines) {
    for (let position = start; position < start + count; position++) {
      for (const camera of index.cameras) {
        const image = index.index[camera]?.[position];
        if (image) frames.push({ image, url: new URL(imageUrl({ line, camera, image }, 32), location.href).href });
      }
    }
  }
  update(surveyId, () => ({ status: 'running', frames: new Map(), total: frames.length, suggested: 0 }));
  workerOf().postMessage({ surveyId, frames } satisfies PrescreenRequest);
}

/** The survey's pre-screen, started when the photo index is there (and no image proxy is set). */
export function usePrescreen(surveyId: string, index: PhotoIndex | null, imageProxy: string): PrescreenState {
  const entry = entryOf(surveyId);
  const state = useSyncExternalStore(
    (listener) => {
      entry.listeners.add(listener);
      return () => entry.listeners.delete(listener);
    },
    () => entry.state,
  );
  useEffect(() => {
    if (index) startPrescreen(surveyId, index, imageProxy);
  }, [surveyId, index, imageProxy]);
  return state;
}

/** A frame's pre-screen in words, for the viewer's metadata. */
export function verdictText(state: PrescreenState, image: string): string {
  const v = state.frames.get(image);
  if (!v) return state.status === 'off' ? 'Not measured (images from an image proxy are not read)' : 'Being measured…';
  if (!v.figures) return 'Could not be measured';
  const f = v.figures;
  const figures = `mean luminance ${Math.round(f.meanLuminance)}, ${Math.round(f.clipped * 100)} % clipped, ${Math.round(f.black * 100)} % black, fine detail along the line ${f.sharpness.toFixed(2)}, ${Math.round(f.cloud * 100)} % cloud`;
  return v.suggestion ? `Suggested: ${v.suggestion.reason} (${v.suggestion.figure}); ${figures}` : `Clean; ${figures}`;
}
