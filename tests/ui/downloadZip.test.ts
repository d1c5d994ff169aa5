// Download Frames' ZIP (src/download/zipFrames.ts) and its first way to disk, the File System Access
// API (src/download/saveToFile.ts), in Node with a fetch and a file that record what they are given.
/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import type { PhotoIndex } from '../../worker/domain/types';
import { framesToZip, type FrameToZip } from '../../src/download/frameList';
import { FETCH_AHEAD, zipFrames, type ZipProgress } from '../../src/download/zipFrames';
import { saveToFile, type ZipFileHandle } from '../../src/download/saveToFile';
import { zipEntries } from '../helpers/zipEntries';

const SURVEY = '3f2a9c1d-7777-4e2b-9a10-0123456789ab';
const CAMERAS = ['Cam01', 'Cam02', 'Cam03'];
const INDEX: PhotoIndex = {
  cameras: CAMERAS,
  index: Object.fromEntries(CAMERAS.map((c) => [c, Array.from({ length: 8 }, (_, i) => `${c}_${i}`)])),
  lines: [
    { line: 1, start: 0, count: 4 },
    { line: 2, start: 4, count: 4 },
  ],
  count: 8,
};
const FRAMES = framesToZip(INDEX, SURVEY, { scale: 'full', lines: [1, 2] });

/** A frame's bytes: its URL repeated, so every frame differs and its size varies. */
const bytesOf = (url: string) => new TextEncoder().encode(url.repeat(50));

interface FakeNetwork {
  fetch: typeof fetch;
  asked: string[];
}

/** Answers every URL with its bytes, except those `fails` names: a status, or a failed fetch. */
function network(fails: Record<string, number | 'offline'> = {}): FakeNetwork {
  const asked: string[] = [];
  const fake = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    asked.push(url);
    if (init?.signal?.aborted) throw init.signal.reason;
    const failure = fails[url];
    if (failure === 'offline') throw new TypeError('Failed to fetch');
    if (typeof failure === 'number') return new Response('no', { status: failure });
    return new Response(bytesOf(url), { status: 200 });
  };
  return { fetch: fake as typeof fetch, asked };
}

function options(net: FakeNetwork, signal = new AbortController().signal, progress: ZipProgress[] = []) {
  return {
    survey: 'survey 3F2A9C1D',
    surveyId: SURVEY,
    scaleLabel: 'Full frame',
    signal,
    fetch: net.fetch,
    online: () => false,
    now: () => new Date('2026-11-30T10:00:00Z'),
    onProgress: (p: ZipProgress) => progress.push(p),
  };
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe('the ZIP of a survey’s frames', () => {
  it('holds every frame under its name, with its bytes, and counts them', async () => {
    const progress: ZipProgress[] = [];
    const zip = zipFrames(FRAMES, options(network(), undefined, progress));
    const bytes = await readAll(zip.stream);
    const entries = zipEntries(bytes);
    expect(entries.map((e) => e.name)).toEqual(FRAMES.map((f) => f.name));
    for (const [i, entry] of entries.entries()) expect(entry.data).toEqual(bytesOf(FRAMES[i]!.url));
    expect(zip.progress()).toEqual({ framesDone: FRAMES.length, framesTotal: FRAMES.length, missing: 0, bytes: bytes.length });
    expect(zip.missing()).toEqual([]);
    // Progress went up frame by frame, never past the total.
    const done = progress.map((p) => p.framesDone);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(Math.max(...done)).toBe(FRAMES.length);
  });

  it('leaves out what it could not fetch, names it, and lists it in missing-frames.txt', async () => {
    const [gone, refused] = [FRAMES[1]!, FRAMES[7]!];
    const zip = zipFrames(FRAMES, options(network({ [gone.url]: 'offline', [refused.url]: 404 })));
    const entries = zipEntries(await readAll(zip.stream));
    const names = entries.map((e) => e.name);
    expect(names).toEqual([...FRAMES.filter((f) => f !== gone && f !== refused).map((f) => f.name), 'survey-3F2A9C1D/missing-frames.txt']);
    expect(zip.missing().map((m) => [m.frame, m.reason])).toEqual([
      [gone, 'offline, and not kept on this device'],
      [refused, 'the server answered 404'],
    ]);
    const list = new TextDecoder().decode(entries.at(-1)!.data);
    expect(list).toContain(`Frames of survey 3F2A9C1D at Full frame that are not in this ZIP: 2 of ${FRAMES.length}.`);
    expect(list).toContain(`\t${gone.name}\toffline, and not kept on this device\r\n`);
    expect(list).toContain(`\t${refused.name}\tthe server answered 404\r\n`);
    expect(zip.progress()).toMatchObject({ framesDone: FRAMES.length - 2, missing: 2 });
  });

  it('stops when told: the stream errors and no more frames are fetched', async () => {
    const net = network();
    const stop = new AbortController();
    const zip = zipFrames(FRAMES, options(net, stop.signal));
    const reader = zip.stream.getReader();
    // Read until the third frame is written, then stop.
    while (zip.progress().framesDone < 3) await reader.read();
    stop.abort(new DOMException('Download cancelled', 'AbortError'));
    await expect(async () => {
      for (;;) if ((await reader.read()).done) break;
    }).rejects.toThrow('Download cancelled');
    const asked = net.asked.length;
    expect(asked).toBeLessThanOrEqual(3 + 1 + FETCH_AHEAD);
    expect(asked).toBeLessThan(FRAMES.length);
  });
});

/** A picked file that records what is written, and whether it was closed, aborted or removed. */
function recordingFile(options: { canRemove?: boolean; stopAfterChunks?: { n: number; stop: AbortController } } = {}) {
  const record = { chunks: [] as Uint8Array[], closed: false, aborted: false, removed: false };
  const handle: ZipFileHandle = {
    name: 'chosen.zip',
    createWritable: async () =>
      new WritableStream<Uint8Array>({
        write(chunk) {
          record.chunks.push(chunk.slice());
          const stop = options.stopAfterChunks;
          if (stop && record.chunks.length === stop.n) stop.stop.abort(new DOMException('Download cancelled', 'AbortError'));
        },
        close() {
          record.closed = true;
        },
        abort() {
          record.aborted = true;
        },
      }),
    ...(options.canRemove === false
      ? {}
      : {
          remove: async () => {
            record.removed = true;
          },
        }),
  };
  return { handle, record };
}

const joined = (chunks: Uint8Array[]) => new Uint8Array(chunks.flatMap((c) => [...c]));

describe('saving to a picked file', () => {
  it('writes the whole ZIP and closes the file', async () => {
    const { handle, record } = recordingFile();
    const result = await saveToFile(handle, zipFrames(FRAMES, options(network())).stream);
    expect(result).toEqual({ ok: true });
    expect(record).toMatchObject({ closed: true, aborted: false, removed: false });
    expect(zipEntries(joined(record.chunks)).map((e) => e.name)).toEqual(FRAMES.map((f: FrameToZip) => f.name));
  });

  it('cancelled half way, aborts the writable and removes the file: nothing is closed as done', async () => {
    const stop = new AbortController();
    const { handle, record } = recordingFile({ stopAfterChunks: { n: 20, stop } });
    const result = await saveToFile(handle, zipFrames(FRAMES, options(network(), stop.signal)).stream);
    expect(result).toMatchObject({ ok: false, removed: true });
    expect(record).toMatchObject({ closed: false, aborted: true, removed: true });
    expect(record.chunks.length).toBeGreaterThanOrEqual(20);
    expect(() => zipEntries(joined(record.chunks))).toThrow('not a ZIP');
  });

  it('says so when the browser cannot remove the aborted file', async () => {
    const stop = new AbortController();
    const { handle, record } = recordingFile({ canRemove: false, stopAfterChunks: { n: 5, stop } });
    const result = await saveToFile(handle, zipFrames(FRAMES, options(network(), stop.signal)).stream);
    expect(result).toMatchObject({ ok: false, removed: false });
    expect(record).toMatchObject({ closed: false, aborted: true });
  });
});
