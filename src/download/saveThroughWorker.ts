/**
 * The second way Download Frames saves its ZIP (docs/download-frames.md), for a browser without the
 * File System Access API: the stream is handed to the service worker (streams are transferable),
 * and a hidden frame asks for its download address; the worker answers with the stream as an
 * attachment (sw/zipDownloads.ts), and the browser's own downloads write it to disk as the page
 * makes it. The worker says when the browser asked for it, and when its last byte went through or
 * the download failed.
 */
import { zipDownloadUrl, type PageToSw, type ZipServing } from '../../sw/protocol';
import { activeWorker, swScope } from '../pwa/activeWorker';

/** The browser asks for the download within moments of the frame; past this, it will not. */
const START_TIMEOUT_MS = 15_000;
/** Each message is an event that keeps the worker from being stopped as idle mid-download. */
const KEEP_ALIVE_MS = 20_000;

export type WorkerSaved = { ok: true } | { ok: false; error: Error };

/** A stream can be handed to another thread (Chromium 87+, Firefox 103+; Safari not yet). */
function streamsTransfer(): boolean {
  try {
    const probe = new ReadableStream();
    structuredClone(probe, { transfer: [probe] });
    return true;
  } catch {
    return false;
  }
}

export async function canServeThroughWorker(): Promise<boolean> {
  return streamsTransfer() && (await activeWorker()) !== null;
}

export async function saveThroughWorker(name: string, stream: ReadableStream<Uint8Array>, signal: AbortSignal): Promise<WorkerSaved> {
  const worker = await activeWorker();
  if (!worker) {
    await stream.cancel().catch(() => undefined);
    return { ok: false, error: new Error('The service worker is not running; reload the page and try again.') };
  }
  const id = crypto.randomUUID();
  const channel = new MessageChannel();
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.title = `Download of ${name}`;
  return new Promise<WorkerSaved>((resolve) => {
    let started = false;
    const keepAlive = setInterval(() => worker.postMessage({ type: 'KEEP_ZIP_ALIVE' } satisfies PageToSw), KEEP_ALIVE_MS);
    const finish = (result: WorkerSaved) => {
      clearInterval(keepAlive);
      clearTimeout(noStart);
      signal.removeEventListener('abort', stopped);
      channel.port1.close();
      frame.remove();
      resolve(result);
    };
    const giveUp = (error: Error) => {
      // Not asked for yet: the worker forgets the ZIP, and the page's side stops making it.
      channel.port1.postMessage('cancel');
      finish({ ok: false, error });
    };
    const noStart = setTimeout(() => {
      if (!started) giveUp(new Error('The browser did not start the download.'));
    }, START_TIMEOUT_MS);
    // Once started, a stop errors the stream, and the worker's "failed" ends this.
    const stopped = () => {
      if (!started) giveUp(signal.reason instanceof Error ? signal.reason : new Error('Stopped'));
    };
    signal.addEventListener('abort', stopped, { once: true });
    channel.port1.onmessage = (event: MessageEvent<ZipServing>) => {
      const message = event.data;
      if (message.type === 'ready') {
        frame.src = zipDownloadUrl(swScope(), id, name);
        document.body.append(frame);
      } else if (message.type === 'started') started = true;
      else if (message.type === 'served') finish({ ok: true });
      else if (message.type === 'failed') finish({ ok: false, error: new Error(message.message) });
    };
    worker.postMessage({ type: 'SERVE_ZIP', id, name, stream } satisfies PageToSw, [channel.port2, stream]);
  });
}
