/**
 * The ZIP of Download Frames as a stream (docs/download-frames.md): client-zip's `makeZip` pulls
 * one frame at a time from an async generator, so the archive is never held whole; a few frames
 * ahead are being fetched while one is written. Each frame is fetched as any photo is (through
 * the service worker: the pinned cache, then the browsing cache, then the network) and read into
 * a Blob, which the browser keeps outside the page's heap; a frame is therefore in the ZIP whole or
 * not at all, never cut by a network that drops in the middle of it. What could not be fetched is
 * named, and listed in missing-frames.txt at the end of the ZIP.
 *
 * Stopping: aborting `signal` cancels the archive (the generator stops, the fetches ahead are
 * aborted) and errors the stream handed to the sink, which then discards what it wrote.
 */
import { makeZip } from 'client-zip';
import type { FrameToZip } from './frameList';
import { missingListName } from './frameNames';
import { missingReason, missingReportText, type MissingFrame } from './missingFrames';

/** Frames being fetched ahead of the one being written: enough to keep a link busy. */
export const FETCH_AHEAD = 6;

export interface ZipProgress {
  /** Frames written into the ZIP so far. */
  framesDone: number;
  framesTotal: number;
  missing: number;
  /** Bytes of the ZIP handed to the sink so far. */
  bytes: number;
}

export interface ZipFramesOptions {
  /** "survey 3F2A9C1D", for missing-frames.txt. */
  survey: string;
  surveyId: string;
  /** "1/4", for missing-frames.txt. */
  scaleLabel: string;
  signal: AbortSignal;
  onProgress?: (progress: ZipProgress) => void;
  /** The page's fetch, unless a test gives another. */
  fetch?: typeof fetch;
  /** Whether the browser says it is online, to say why a frame is missing. */
  online?: () => boolean;
  now?: () => Date;
}

export interface ZipFrames {
  stream: ReadableStream<Uint8Array>;
  /** What happened so far; final once the stream has closed. */
  progress(): ZipProgress;
  missing(): readonly MissingFrame[];
}

type Fetched = { frame: FrameToZip; blob: Blob } | MissingFrame;

export function zipFrames(frames: readonly FrameToZip[], options: ZipFramesOptions): ZipFrames {
  const get = options.fetch ?? ((input, init) => fetch(input, init));
  const online = options.online ?? (() => navigator.onLine);
  const now = options.now ?? (() => new Date());
  const missing: MissingFrame[] = [];
  const progress: ZipProgress = { framesDone: 0, framesTotal: frames.length, missing: 0, bytes: 0 };
  const report = () => options.onProgress?.({ ...progress });
  // Aborted when the person stops, and when the archive ends for any reason (the fetches ahead).
  const fetches = new AbortController();
  const stop = () => fetches.abort(options.signal.reason);
  options.signal.addEventListener('abort', stop, { once: true });

  const fetchFrame = async (frame: FrameToZip): Promise<Fetched> => {
    try {
      const response = await get(frame.url, { signal: fetches.signal });
      if (!response.ok) {
        void response.body?.cancel();
        return { frame, reason: missingReason({ status: response.status }) };
      }
      return { frame, blob: await response.blob() };
    } catch (error) {
      if (fetches.signal.aborted) throw error;
      return { frame, reason: missingReason({ offline: !online() }) };
    }
  };

  async function* entries() {
    const ahead: Promise<Fetched>[] = [];
    let next = 0;
    const fill = () => {
      while (ahead.length < FETCH_AHEAD && next < frames.length) {
        const pending = fetchFrame(frames[next++]);
        // Settled later, in order; a rejection met only after a stop must not go unhandled.
        pending.catch(() => undefined);
        ahead.push(pending);
      }
    };
    try {
      fill();
      while (ahead.length > 0) {
        const got = await ahead.shift()!;
        fill();
        if ('reason' in got) {
          missing.push(got);
          progress.missing++;
          report();
          continue;
        }
        const taken = got.frame.takenAt ? new Date(got.frame.takenAt) : undefined;
        yield { name: got.frame.name, input: got.blob, lastModified: taken && !Number.isNaN(taken.getTime()) ? taken : now() };
        // client-zip asks for the next file once this one is written whole.
        progress.framesDone++;
        report();
      }
      if (missing.length > 0) {
        const text = missingReportText({ survey: options.survey, scale: options.scaleLabel, total: frames.length, missing, at: now() });
        yield { name: missingListName(options.surveyId), input: text, lastModified: now() };
      }
    } finally {
      options.signal.removeEventListener('abort', stop);
      fetches.abort();
    }
  }

  const counted = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      progress.bytes += chunk.byteLength;
      controller.enqueue(chunk);
      report();
    },
  });
  // The pipe carries the signal: a stop cancels the archive and errors what the sink reads.
  const stream = makeZip(entries(), { buffersAreUTF8: true }).pipeThrough(counted, { signal: options.signal });
  return { stream, progress: () => ({ ...progress }), missing: () => missing };
}
