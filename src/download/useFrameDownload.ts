/**
 * The Download Frames dialog's state: choosing, running (with its progress, drawn four times a
 * second), or ended with what became of the ZIP. Leaving (the dialog unmounted) stops a run.
 */
import { useEffect, useRef, useState } from 'react';
import type { FrameToZip } from './frameList';
import { chooseTarget, runDownload, type DownloadOutcome, type SaveTarget } from './runDownload';
import { setDownloadRunning } from './downloadFramesStore';
import type { ZipProgress } from './zipFrames';

/** How often the progress is drawn. */
const PROGRESS_INTERVAL_MS = 250;

export type DownloadPhase =
  | { kind: 'choosing'; error?: string }
  | { kind: 'running'; target: SaveTarget['way']; name: string; progress: ZipProgress; stopping: boolean }
  | { kind: 'ended'; outcome: DownloadOutcome };

export interface DownloadRequest {
  frames: readonly FrameToZip[];
  /** The suggested name of the ZIP. */
  name: string;
  survey: string;
  surveyId: string;
  scaleLabel: string;
}

export function useFrameDownload() {
  const [phase, setPhase] = useState<DownloadPhase>({ kind: 'choosing' });
  const abort = useRef<AbortController | null>(null);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
      abort.current?.abort(new DOMException('The dialog was closed', 'AbortError'));
      setDownloadRunning(false);
    };
  }, []);

  const start = async (request: DownloadRequest) => {
    let target: SaveTarget | null;
    try {
      target = await chooseTarget(request.name);
    } catch (error) {
      setPhase({ kind: 'choosing', error: `The file could not be chosen: ${error instanceof Error ? error.message : String(error)}` });
      return;
    }
    // The person closed the file picker: nothing started, the choice stays as it was.
    if (!target || !live.current) return;
    const controller = new AbortController();
    abort.current = controller;
    const name = target.way === 'file' ? target.handle.name : request.name;
    const first: ZipProgress = { framesDone: 0, framesTotal: request.frames.length, missing: 0, bytes: 0 };
    setPhase({ kind: 'running', target: target.way, name, progress: first, stopping: false });
    setDownloadRunning(true);
    // Progress comes per chunk; the dialog draws the latest a few times a second: each drawing
    // repaints the page under the dialog, time the ZIP would otherwise have.
    let latest = first;
    let drawing: ReturnType<typeof setTimeout> | 0 = 0;
    const onProgress = (progress: ZipProgress) => {
      latest = progress;
      drawing ||= setTimeout(() => {
        drawing = 0;
        if (live.current) setPhase((p) => (p.kind === 'running' ? { ...p, progress: latest } : p));
      }, PROGRESS_INTERVAL_MS);
    };
    const outcome = await runDownload(target, request.frames, { ...request, name, signal: controller.signal, onProgress });
    clearTimeout(drawing);
    abort.current = null;
    setDownloadRunning(false);
    if (live.current) setPhase({ kind: 'ended', outcome });
  };

  const cancel = () => {
    abort.current?.abort(new DOMException('Download cancelled', 'AbortError'));
    setPhase((p) => (p.kind === 'running' ? { ...p, stopping: true } : p));
  };

  const again = () => setPhase({ kind: 'choosing' });

  return { phase, start, cancel, again };
}
