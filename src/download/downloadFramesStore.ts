/**
 * Which survey's Download Frames dialog is open, and whether a download is running in it. Any
 * control opens it (the survey row's more-actions menu, the survey QC page); one host mounted by
 * the shell shows it, so a download goes on whatever row or page it was started from.
 */
import { createStore, useStore } from '../app/store';

export interface DownloadFramesRequest {
  surveyId: string;
  /** Lines the survey flew, said beside the photo set's own lines when they differ. */
  linesFlown: number;
}

interface DownloadFramesState {
  request: DownloadFramesRequest | null;
  /** A download is running: the dialog closes only by its Cancel download. */
  running: boolean;
}

const store = createStore<DownloadFramesState>({ request: null, running: false });

export function openDownloadFrames(request: DownloadFramesRequest): void {
  if (!store.get().running) store.set({ request, running: false });
}

export function closeDownloadFrames(): void {
  if (!store.get().running) store.set({ request: null, running: false });
}

export function setDownloadRunning(running: boolean): void {
  const state = store.get();
  if (state.running !== running) store.set({ ...state, running });
}

export function useDownloadFramesState(): DownloadFramesState {
  return useStore(store);
}
