/**
 * The QC page's side of automatic pre-screening (issue 8): starts the pre-screen worker (one per
 * page load, made on first use), asks it to measure the photo set's frames from their thumbnails,
 * and keeps the answers for the session (in memory, and in sessionStorage once finished). Every
 * survey shows the one embedded photo set (docs/data.md), so its frames are measured once, however
 * many surveys' QC pages or viewers open and however often the page reloads. Read through a tiny
 * subscribable store, like qcSeen.ts.
 *
 * Only the embedded photo set is measured: images from an image proxy are another origin, which
 * the page may show but not read (and the Content-Security-Policy keeps connect-src to 'self').
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { PhotoIndex } from '../../../worker/domain/types';
import type { Figures, Suggestion } from '../../../worker/prescreen/measure';
import type { PrescreenMessage, PrescreenRequest } from '../../../worker/prescreen/protocol';
import { imageUrl, thumbnailPackUrl } from '../../images/imageUrl';
import { photoRefs } from '../../pwa/photoSet';

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
/** The embedded photo set's pre-screen: the one thing measured (images from an image proxy are not read). */
let entry: Entry | null = null;
let worker: Worker | null = null;

const STORAGE_KEY = 'qc-prescreen:embedded';

/** A finished pre-screen kept in sessionStorage, so a reload in the session does not measure again. */
function stored(): PrescreenState | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const frames = new Map(JSON.parse(raw) as [string, FrameVerdict][]);
    const suggested = [...frames.values()].filter((v) => v.suggestion).length;
    return { status: 'done', frames, total: frames.size, suggested };
  } catch {
    return null; // unreadable: measure again
  }
}

function store(state: PrescreenState): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...state.frames]));
  } catch {
    // Over quota: kept in memory for this page.
  }
}

function theEntry(): Entry {
  return (entry ??= { state: stored() ?? OFF, listeners: new Set() });
}

function update(change: (s: PrescreenState) => PrescreenState): void {
  const current = theEntry();
  current.state = change(current.state);
  for (const listener of current.listeners) listener();
}

function onMessage(event: MessageEvent<PrescreenMessage>): void {
  const m = event.data;
  update((s) => {
    if (m.type === 'done') {
      const done: PrescreenState = { ...s, status: 'done' };
      store(done);
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

/** Measures the photo set's frames once per session (every image, by its thumbnail), line by line. */
export function startPrescreen(index: PhotoIndex, imageProxy: string): void {
  if (imageProxy.trim() || theEntry().state.status !== 'off') return;
  const absolute = (url: string) => new URL(url, location.href).href;
  const refs = photoRefs(index);
  const lines: PrescreenRequest['lines'] = index.lines.map(({ line }) => ({
    pack: absolute(thumbnailPackUrl(line)),
    frames: refs.filter((ref) => ref.line === line).map((ref) => ({ image: ref.image, url: absolute(imageUrl(ref, 32)) })),
  }));
  update(() => ({ status: 'running', frames: new Map(), total: refs.length, suggested: 0 }));
  workerOf().postMessage({ lines } satisfies PrescreenRequest);
}

/** The photo set's pre-screen, started when the photo index is there (and no image proxy is set). */
export function usePrescreen(index: PhotoIndex | null, imageProxy: string): PrescreenState {
  const current = theEntry();
  const state = useSyncExternalStore(
    (listener) => {
      current.listeners.add(listener);
      return () => current.listeners.delete(listener);
    },
    () => current.state,
  );
  useEffect(() => {
    if (index) startPrescreen(index, imageProxy);
  }, [index, imageProxy]);
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
