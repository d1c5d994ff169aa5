/**
 * One run of Download Frames (docs/download-frames.md): where the ZIP goes, then the ZIP made and
 * written there, ending in what the dialog says. Three ways to save, the first the browser has:
 *
 * 1. `file`: the File System Access API writes into the file the person picked (saveToFile.ts);
 * 2. `downloads`: the service worker serves the stream as a download (saveThroughWorker.ts);
 * 3. `blob`: with neither (the dev server, a browser whose streams cannot be transferred), the ZIP
 *    is collected into a Blob, which the browser keeps outside the page's heap (spilling to disk
 *    when large), then downloaded. Only this way waits for the whole ZIP before the file appears.
 */
import { downloadBlob } from '../app/download';
import type { FrameToZip } from './frameList';
import type { MissingFrame } from './missingFrames';
import { canPickFile, pickZipFile, saveToFile, type ZipFileHandle } from './saveToFile';
import { canServeThroughWorker, saveThroughWorker } from './saveThroughWorker';
import { zipFrames, type ZipProgress } from './zipFrames';

export type SaveTarget = { way: 'file'; handle: ZipFileHandle } | { way: 'downloads' } | { way: 'blob' };

export type DownloadOutcome =
  | { kind: 'saved'; target: SaveTarget['way']; name: string; progress: ZipProgress; missing: readonly MissingFrame[] }
  /** `removed`: the picked file was removed (file way); undefined where nothing was written under a name. */
  | { kind: 'cancelled'; target: SaveTarget['way']; progress: ZipProgress; removed?: boolean }
  | { kind: 'failed'; target: SaveTarget['way']; progress: ZipProgress; message: string; removed?: boolean };

/**
 * Where the ZIP will go. Called in the click that starts the download: the file picker needs that
 * gesture, so it is asked first, before anything awaits. Null when the person closed the picker.
 */
export async function chooseTarget(suggestedName: string): Promise<SaveTarget | null> {
  if (canPickFile()) {
    const handle = await pickZipFile(suggestedName);
    return handle ? { way: 'file', handle } : null;
  }
  return (await canServeThroughWorker()) ? { way: 'downloads' } : { way: 'blob' };
}

export interface RunOptions {
  /** The ZIP's name (the picked file's, on the file way). */
  name: string;
  survey: string;
  surveyId: string;
  scaleLabel: string;
  signal: AbortSignal;
  onProgress: (progress: ZipProgress) => void;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function runDownload(target: SaveTarget, frames: readonly FrameToZip[], options: RunOptions): Promise<DownloadOutcome> {
  const zip = zipFrames(frames, options);
  const way = target.way;
  const ended = (failure: { error: unknown; removed?: boolean }): DownloadOutcome =>
    options.signal.aborted
      ? { kind: 'cancelled', target: way, progress: zip.progress(), removed: failure.removed }
      : { kind: 'failed', target: way, progress: zip.progress(), message: message(failure.error), removed: failure.removed };
  const saved = (): DownloadOutcome => ({ kind: 'saved', target: way, name: options.name, progress: zip.progress(), missing: zip.missing() });

  if (target.way === 'file') {
    const result = await saveToFile(target.handle, zip.stream);
    return result.ok ? saved() : ended(result);
  }
  if (target.way === 'downloads') {
    const result = await saveThroughWorker(options.name, zip.stream, options.signal);
    return result.ok ? saved() : ended(result);
  }
  try {
    const blob = await new Response(zip.stream).blob();
    downloadBlob(options.name, blob);
    return saved();
  } catch (error) {
    return ended({ error });
  }
}
