/**
 * Download Frames without the File System Access API (docs/download-frames.md): the page hands its
 * ZIP stream over (a transferred ReadableStream), then asks for zipDownloadUrl(id) in a hidden
 * frame; this worker answers that request with the stream as an attachment, so the browser's own
 * downloads write it to disk as it is made. Nothing is buffered here: the browser pulls, the page
 * makes the next bytes. A stream that errors (the person stopped, or the ZIP failed) fails the
 * download in the browser's list rather than leaving a short file called done.
 */
import { registerRoute } from 'workbox-routing';
import { ZIP_DOWNLOAD_PATH, type PageToSw, type ZipServing } from './protocol';

declare let self: ServiceWorkerGlobalScope;

interface Waiting {
  name: string;
  stream: ReadableStream<Uint8Array>;
  port: MessagePort;
}

/** ZIPs handed over and not yet asked for, by id. Each is served once. */
const waiting = new Map<string, Waiting>();

export function handleZipMessage(message: PageToSw, port: MessagePort | undefined): boolean {
  if (message.type === 'KEEP_ZIP_ALIVE') return true;
  if (message.type !== 'SERVE_ZIP') return false;
  if (!port || typeof message.id !== 'string' || !(message.stream instanceof ReadableStream)) return true;
  waiting.set(message.id, { name: String(message.name), stream: message.stream, port });
  // The page cancels a ZIP that was never asked for (it stopped first): forget it.
  port.onmessage = () => {
    if (waiting.get(message.id)?.port === port) waiting.delete(message.id);
    void message.stream.cancel().catch(() => undefined);
  };
  port.postMessage({ type: 'ready' } satisfies ZipServing);
  return true;
}

/** `attachment; filename="…"` with an ASCII fallback and the UTF-8 name (RFC 6266). */
function disposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

function serve(id: string): Response {
  const entry = waiting.get(id);
  waiting.delete(id);
  if (!entry) return new Response('This download has already ended. Start it again from Download Frames.', { status: 404 });
  const { port } = entry;
  const tell = (message: ZipServing) => port.postMessage(message);
  tell({ type: 'started' });
  // The browser pulls from `readable`; the pipe ends when the page's last byte went through, or
  // fails when either side stops (the person, in the dialog or in the browser's downloads).
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  entry.stream.pipeTo(writable).then(
    () => tell({ type: 'served' }),
    (error: unknown) => tell({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
  );
  return new Response(readable, {
    headers: { 'content-type': 'application/zip', 'content-disposition': disposition(entry.name), 'cache-control': 'no-store' },
  });
}

export function registerZipDownloads(): void {
  const prefix = new URL(ZIP_DOWNLOAD_PATH, self.registration.scope).pathname;
  registerRoute(
    ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith(prefix),
    async ({ url }) => serve(decodeURIComponent(url.pathname.slice(prefix.length).split('/')[0] ?? '')),
  );
}
