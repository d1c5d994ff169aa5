/// <reference lib="dom" />
/**
 * `BENCH_PATHS=download npm run bench:browser`: Download Frames' budget (issue 36,
 * docs/download-frames.md#measured): a whole survey at full scale, one ZIP, with the page's heap at
 * its peak ≤ 100 MB, and the frames per second it makes. For each world size, a fresh profile
 * boots the production build from that world's all.json and signs in; then, from the survey's QC
 * page, Download Frames takes every line at full scale, both ways a browser may save: into a picked
 * file (a stand-in writable that counts the bytes and keeps none) and through the service worker
 * into the browser's downloads (Playwright saves the file). Each way runs cold (the photo caches
 * emptied first: every frame comes from the server through the service worker) and warm (from the
 * browsing cache the cold run filled). While a ZIP is made, the page's V8 heap is read over CDP
 * every 20 ms (`Runtime.getHeapUsage`: used, and ArrayBuffer backing stores where reported); the
 * baseline is read after a forced collection. A last warm run into a picked file forces a
 * collection before each sample (every 250 ms): the live heap, which a ZIP held in memory would
 * grow by its own size.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { chromium, type CDPSession, type Page } from 'playwright';
import type { DataFile } from '../worker/domain/dataFile';
import { signInOnForm } from './benchPage';

export interface DownloadResult {
  size: number;
  way: 'file' | 'downloads';
  cache: 'cold' | 'warm';
  /** Heap sampled after a forced collection each time: what is live, not what awaits collection. */
  live: boolean;
  frames: number;
  bytes: number;
  ms: number;
  heapBaseMb: number;
  heapPeakMb: number;
  /** Peak of used + ArrayBuffer backing stores, where Chromium reports them. */
  heapWithBuffersPeakMb: number | null;
  longTasks: number[];
}

/** What the download path borrows from bench-browser.ts. */
export interface DownloadTools {
  userData(surveys: number): { file: string; bytes: number };
  serveUserCopy(port: number, data: { file: string }): Promise<Server>;
  log(text: string): void;
}

/** A picked file that counts what it is given and keeps nothing, so the page holds only the ZIP's own work. */
const COUNTING_PICKER = `
  window.__written = 0;
  window.showSaveFilePicker = async () => ({
    name: 'bench.zip',
    createWritable: async () => new WritableStream({ write(chunk) { window.__written += chunk.byteLength; } }),
    remove: async () => {},
  });
`;
const NO_PICKER = 'delete Window.prototype.showSaveFilePicker; delete window.showSaveFilePicker;';
const LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push(e.duration); }).observe({ type: 'longtask' });
`;

type HeapUsage = { usedSize: number; backingStorageSize?: number };

/**
 * Samples the heap until `until` settles; returns the peaks. With `collect`, each sample follows a
 * forced collection (every 250 ms): what the page still holds, garbage aside.
 */
async function sampleHeap(cdp: CDPSession, until: Promise<unknown>, collect: boolean): Promise<{ used: number; withBuffers: number | null }> {
  let done = false;
  void until.finally(() => (done = true));
  let used = 0;
  let withBuffers: number | null = null;
  while (!done) {
    if (collect) await cdp.send('HeapProfiler.collectGarbage');
    const usage = (await cdp.send('Runtime.getHeapUsage')) as HeapUsage;
    used = Math.max(used, usage.usedSize);
    if (usage.backingStorageSize !== undefined) withBuffers = Math.max(withBuffers ?? 0, usage.usedSize + usage.backingStorageSize);
    await new Promise((r) => setTimeout(r, collect ? 250 : 20));
  }
  await until;
  return { used, withBuffers };
}

/** A received survey of the world, by the data file the page booted from. */
function receivedSurvey(file: string): string {
  const data = JSON.parse(readFileSync(file, 'utf8')) as DataFile;
  const survey = Object.values(data.index.surveys).find((s) => s.receivedOn && s.display !== 'New');
  if (!survey) throw new Error('no received survey in the world');
  return survey.surveyId;
}

async function oneRun(page: Page, size: number, surveyId: string, way: DownloadResult['way'], cache: DownloadResult['cache'], live = false): Promise<DownloadResult> {
  if (cache === 'cold') await page.evaluate("Promise.all([caches.delete('photos'), caches.delete('photos-pinned')])");
  await page.goto(`/surveys/${surveyId}/qc`);
  // The QC page's pre-screen measures the thumbnails first: the ZIP is timed without it beside.
  await page.getByText(/Pre-screen: \d+ frames? suggested/).waitFor({ timeout: 120_000 });
  await page.evaluate(way === 'file' ? COUNTING_PICKER : NO_PICKER);
  await page.getByRole('button', { name: 'Download frames…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: 'Full frame' }).check();
  await dialog.getByRole('checkbox', { name: 'All lines' }).check();
  const frames = Number(/^(\d+) frames in one ZIP/.exec(await dialog.getByText(/ frames in one ZIP, /).innerText())![1]);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const base = (await cdp.send('Runtime.getHeapUsage')) as HeapUsage;
  await page.evaluate(LONG_TASKS);
  const downloading = way === 'downloads' ? page.waitForEvent('download', { timeout: 600_000 }) : null;
  const t0 = performance.now();
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  const ended = dialog.getByText(/^(Saved bench\.zip|.* is in your browser's downloads): /).waitFor({ timeout: 600_000 });
  const peak = await sampleHeap(cdp, ended, live);
  const ms = performance.now() - t0;
  const download = await downloading;
  let bytes = Number(await page.evaluate('window.__written ?? 0'));
  if (download) {
    const path = await download.path();
    bytes = path && existsSync(path) ? readFileSync(path).length : 0;
    await download.delete();
  }
  const longTasks = (await page.evaluate('window.__longTasks')) as number[];
  await cdp.detach();
  await dialog.getByRole('button', { name: 'Close' }).click();
  const mb = (b: number) => b / 1024 / 1024;
  return {
    size,
    way,
    cache,
    live,
    frames,
    bytes,
    ms,
    heapBaseMb: mb(base.usedSize),
    heapPeakMb: mb(peak.used),
    heapWithBuffersPeakMb: peak.withBuffers === null ? null : mb(peak.withBuffers),
    longTasks,
  };
}

export async function downloadPath(size: number, port: number, tools: DownloadTools): Promise<DownloadResult[]> {
  const data = tools.userData(size);
  const surveyId = receivedSurvey(data.file);
  const server = await tools.serveUserCopy(port, data);
  const profile = join(os.tmpdir(), `bench-download-${size}-${Date.now()}`);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    viewport: { width: 1280, height: 800 },
    baseURL: `http://127.0.0.1:${port}`,
    acceptDownloads: true,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/login');
    await signInOnForm(page);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 900_000 });
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 120_000 });
    const results: DownloadResult[] = [];
    for (const way of ['file', 'downloads'] as const) {
      for (const cache of ['cold', 'warm'] as const) {
        const r = await oneRun(page, size, surveyId, way, cache);
        tools.log(`  ${way}, ${cache}: ${r.frames} frames, ${(r.bytes / 1e6).toFixed(1)} MB in ${(r.ms / 1000).toFixed(2)} s; heap ${r.heapBaseMb.toFixed(1)} → peak ${r.heapPeakMb.toFixed(1)} MB`);
        results.push(r);
      }
    }
    const live = await oneRun(page, size, surveyId, 'file', 'warm', true);
    tools.log(`  file, warm, live heap: peak ${live.heapPeakMb.toFixed(1)} MB`);
    results.push(live);
    return results;
  } finally {
    await context.close();
    server.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

export function reportDownload(results: DownloadResult[], log: (text: string) => void): void {
  if (!results.length) return;
  log('\nDownload Frames: a whole survey at full scale in one ZIP; heap read every 20 ms over CDP while the ZIP is made.');
  log('| surveys | way | photo caches | frames | ZIP | time | frames/s | MB/s | page heap: before → peak | peak with ArrayBuffers | long tasks > 50 ms (worst) |');
  log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    const s = r.ms / 1000;
    const worst = r.longTasks.length ? ` (${Math.max(...r.longTasks).toFixed(0)} ms)` : '';
    log(
      `| ${r.size.toLocaleString('en')} | ${r.way === 'file' ? 'picked file' : "browser's downloads"}${r.live ? ' (live heap: a collection before each sample)' : ''} | ${r.cache} | ${r.frames} | ${(r.bytes / 1e6).toFixed(1)} MB | ${s.toFixed(2)} s | ${(r.frames / s).toFixed(0)} | ${(r.bytes / 1e6 / s).toFixed(1)} | ${r.heapBaseMb.toFixed(1)} → ${r.heapPeakMb.toFixed(1)} MB | ${r.heapWithBuffersPeakMb === null ? '—' : `${r.heapWithBuffersPeakMb.toFixed(1)} MB`} | ${r.longTasks.length}${worst} |`,
    );
  }
  log('Budget: the page heap at its peak ≤ 100 MB while a whole survey downloads at full scale; frames per second quoted.');
}
