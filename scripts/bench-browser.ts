/// <reference lib="dom" />
/**
 * `npm run bench:browser`: what the page costs, measured in Debian's Chromium against the
 * production build (docs/architecture.md#arch-budgets, issue 11). For worlds of 400, 10 000 and 100 000 surveys
 * (generated here, written into the browser's IndexedDB as the engine stores them; never
 * committed, never shipped) it prints medians over repeated reloads:
 * reload → interactive /captures, main-thread long tasks at boot and while ticking (on /captures
 * and /media), the page's JS heap after boot (the page holds no entities, only its views'
 * rows), the QC grid of a 3 600-row survey (DOM nodes, frame times while scrolling), and the
 * initial JavaScript (gzip).
 *
 * BENCH_SIZES=400,10000 BENCH_RUNS=3 BENCH_TICK_S=60 BENCH_NO_BUILD=1 tune it.
 */
import { spawn, execSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright';
import { generateWorld } from './generate/world';
import { restore } from '../worker/domain/restore';
import { World } from '../worker/engine/world';
import { wholeWorldBatch } from '../worker/engine/persistence';
import { META_KEY } from '../worker/engine/store/worldStore';
import { DATA_VERSION } from '../worker/domain/constants';

const SIZES = (process.env.BENCH_SIZES ?? '400,10000,100000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TICK_S = Number(process.env.BENCH_TICK_S ?? 60);
const PORT = Number(process.env.BENCH_PORT ?? 4499);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const OUT = 'dist';
const CHUNK = 4_000;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : NaN;
};
const log = (text: string) => process.stdout.write(`${text}\n`);

/** Records every main-thread long task from the first byte of each document. */
const LONG_TASKS = `
  window.__name = (f) => f; // tsx keeps function names with a helper the page lacks
  window.__longTasks = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]); })
    .observe({ type: 'longtask', buffered: true });
`;

function initialJsGzip(): number {
  const html = readFileSync(join(OUT, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="([^"]+\.js)"/g)].map((m) => m[1]!.replace(/^\//, ''));
  return [...new Set(files)].reduce((n, f) => n + gzipSync(readFileSync(join(OUT, f)), { level: 9 }).length, 0);
}

async function serve(): Promise<ChildProcess> {
  const server = spawn('npx', ['vite', 'preview', '--outDir', OUT, '--host', '127.0.0.1', '--port', String(PORT), '--strictPort'], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(ORIGIN)).ok) return server;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('vite preview did not start');
}

/** The world as the engine stores it: one record per entity, and the meta record. */
function storedWorld(surveys: number) {
  const now = Date.now();
  const data = generateWorld({ surveys, activeWorkflows: Math.min(1_000, Math.floor(surveys / 4)) });
  const restored = restore(data, now, { source: 'generated world' });
  if (!restored.ok) throw new Error(restored.error);
  const world = new World();
  world.load(restored.db);
  world.loadedAt = now;
  world.savedAt = now;
  const user = Object.values(world.index.users)[0]!;
  world.current = { loggedIn: true, user };
  const batch = wholeWorldBatch(world);
  const records = batch.put.map((p) => [[p.kind, p.id], p.record] as const);
  const qcSurvey = world.ids.surveys.find((id) => world.index.surveys[id]!.flags.qcInProgress) ?? world.ids.surveys[0]!;
  return { records, meta: batch.meta!, current: world.current, flags: world.flags, qcSurvey };
}

async function seed(page: Page, world: ReturnType<typeof storedWorld>) {
  // A page of the origin that does not start the app, so nothing else writes meanwhile.
  await page.goto(`${ORIGIN}/manifest.webmanifest`);
  await page.evaluate(async () => {
    for (const r of await navigator.serviceWorker?.getRegistrations?.() ?? []) await r.unregister();
    localStorage.clear();
    await new Promise<void>((resolve) => {
      const req = indexedDB.deleteDatabase('aerial-survey-console');
      req.onsuccess = req.onerror = req.onblocked = () => resolve();
    });
  });
  for (let i = 0; i < world.records.length; i += CHUNK) {
    const chunk = world.records.slice(i, i + CHUNK);
    const last = i + CHUNK >= world.records.length;
    await page.evaluate(
      async ({ chunk, meta, metaKey, last }) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const req = indexedDB.open('aerial-survey-console');
          req.onupgradeneeded = () => req.result.createObjectStore('world');
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
        const tx = db.transaction('world', 'readwrite');
        const store = tx.objectStore('world');
        for (const [key, record] of chunk) store.put(record, key as IDBValidKey);
        if (last) store.put(meta, metaKey);
        await new Promise((resolve, reject) => {
          tx.oncomplete = resolve;
          tx.onerror = () => reject(tx.error);
        });
        db.close();
      },
      { chunk: chunk as unknown as [unknown, unknown][], meta: world.meta as unknown, metaKey: [...META_KEY], last },
    );
  }
  await page.evaluate(
    ({ current, flags, version }) => {
      localStorage.setItem('version', version);
      localStorage.setItem('current', current);
      localStorage.setItem('flags', flags);
    },
    { current: JSON.stringify(world.current), flags: JSON.stringify(world.flags), version: String(DATA_VERSION) },
  );
}

/** Navigation → the captures table has rows → the main thread answers a posted task. */
async function bootCaptures(page: Page): Promise<{ rowsMs: number; interactiveMs: number; longTasks: number[] }> {
  await page.goto(`${ORIGIN}/captures`);
  return page.evaluate(
    () =>
      new Promise<{ rowsMs: number; interactiveMs: number; longTasks: number[] }>((resolve) => {
        const check = () => {
          const rows = document.querySelectorAll('table[aria-label="Captures"] tbody tr[data-capture-id]').length;
          if (!rows) return void requestAnimationFrame(check);
          const rowsMs = performance.now();
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            const interactiveMs = performance.now();
            // Long tasks of the boot: up to a second after it is interactive.
            setTimeout(() => resolve({ rowsMs, interactiveMs, longTasks: (window as unknown as { __longTasks: [number, number][] }).__longTasks.map((t) => t[1]) }), 1000);
          };
          channel.port2.postMessage(0);
        };
        check();
      }),
  );
}

/** Until the worker has read the whole world (the shell's "Reading the surveys…" line is gone). */
async function wholeWorldRead(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.body.textContent?.includes('Reading the surveys and media'), undefined, { timeout: 120_000 });
}

async function heapAfterBoot(page: Page): Promise<{ heapMb: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await cdp.detach();
  return { heapMb: usedSize / 1024 / 1024 };
}

async function longTasksFor(page: Page, seconds: number): Promise<number[]> {
  await page.evaluate(() => ((window as unknown as { __longTasks: unknown[] }).__longTasks.length = 0));
  await page.waitForTimeout(seconds * 1000);
  return page.evaluate(() => (window as unknown as { __longTasks: [number, number][] }).__longTasks.map((t) => t[1]));
}

async function qcGrid(page: Page, surveyId: string): Promise<{ nodes: number; frameP95: number }> {
  await page.goto(`${ORIGIN}/surveys/${surveyId}/qc?rows=3600`);
  await page.getByRole('grid').first().waitFor({ timeout: 60_000 });
  await page.waitForTimeout(500);
  return page.evaluate(
    () =>
      new Promise<{ nodes: number; frameP95: number }>((resolve) => {
        const frames: number[] = [];
        let last = performance.now();
        let n = 0;
        const step = (t: number) => {
          frames.push(t - last);
          last = t;
          window.scrollBy(0, 240);
          if (++n < 240) requestAnimationFrame(step);
          else {
            const sorted = frames.slice(5).sort((a, b) => a - b);
            resolve({ nodes: document.getElementsByTagName('*').length, frameP95: sorted[Math.ceil(0.95 * sorted.length) - 1]! });
          }
        };
        requestAnimationFrame(step);
      }),
  );
}

interface SizeResult {
  size: number;
  interactive: number;
  rows: number;
  bootLongCount: number;
  bootLongWorst: number;
  heapMb: number;
  tickCaptures: number[];
  tickMedia: number[];
  qcNodes: number;
  qcFrameP95: number;
}

async function main() {
  log(`Load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} cores.`);
  if (!process.env.BENCH_NO_BUILD) execSync('npm run build', { stdio: 'inherit' });
  const server = await serve();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const results: SizeResult[] = [];
  try {
    for (const size of SIZES) {
      log(`\n${size.toLocaleString('en')} surveys: generating…`);
      const world = storedWorld(size);
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript(LONG_TASKS);
      const page = await context.newPage();
      if (process.env.BENCH_TRACE) {
        page.on('console', (m) => m.text().startsWith('TRACE') && log(`    ${m.text()}`));
        page.on('worker', () => log(`    worker started ${Date.now() % 100000}`));
      }
      await seed(page, world);
      log(`  ${world.records.length.toLocaleString('en')} records stored; reloading ${RUNS + 1}×`);
      await bootCaptures(page); // the first visit installs the service worker
      const boots = [];
      for (let r = 0; r < RUNS; r++) {
        // A reload while the worker still reads the world would measure two boots at once.
        await wholeWorldRead(page);
        boots.push(await bootCaptures(page));
      }
      await wholeWorldRead(page);
      const heap = await heapAfterBoot(page);
      log(`  ticking ${TICK_S} s on /captures and on /media…`);
      const tickCaptures = await longTasksFor(page, TICK_S);
      // A bounded wait: a benchmark that hangs says nothing (one full run did, once, here).
      await page.getByRole('link', { name: 'Media', exact: true }).click({ timeout: 30_000 });
      const tickMedia = await longTasksFor(page, TICK_S);
      const qc = await qcGrid(page, world.qcSurvey);
      const all = boots.flatMap((b) => b.longTasks);
      results.push({
        size,
        interactive: median(boots.map((b) => b.interactiveMs)),
        rows: median(boots.map((b) => b.rowsMs)),
        bootLongCount: median(boots.map((b) => b.longTasks.length)),
        bootLongWorst: median(boots.map((b) => Math.max(0, ...b.longTasks))),
        heapMb: heap.heapMb,
        tickCaptures,
        tickMedia,
        qcNodes: qc.nodes,
        qcFrameP95: qc.frameP95,
      });
      log(`  interactive ${median(boots.map((b) => b.interactiveMs)).toFixed(0)} ms; worst boot long task ${Math.max(0, ...all).toFixed(0)} ms`);
      await context.close();
    }
  } finally {
    await browser.close();
    server.kill();
  }
  const gzipKb = initialJsGzip() / 1024;
  const worst = (xs: number[]) => (xs.length ? `${xs.length} (worst ${Math.max(...xs).toFixed(0)} ms)` : '0');
  log('\n| surveys | reload → interactive /captures (rows) | boot long tasks (worst) | heap after boot | ticking on /captures: long tasks | on /media | QC 3 600 rows: DOM nodes, frame p95 |');
  log('|---|---|---|---|---|---|---|');
  for (const r of results) {
    log(
      `| ${r.size.toLocaleString('en')} | ${r.interactive.toFixed(0)} ms (${r.rows.toFixed(0)} ms) | ${r.bootLongCount} (${r.bootLongWorst.toFixed(0)} ms) | ${r.heapMb.toFixed(1)} MB | ${worst(r.tickCaptures)} | ${worst(r.tickMedia)} | ${r.qcNodes}, ${r.qcFrameP95.toFixed(1)} ms |`,
    );
  }
  const small = results.find((r) => r.size === Math.min(...SIZES));
  const big = results.find((r) => r.size === Math.max(...SIZES));
  if (small && big && small !== big) log(`\nRatio ${big.size.toLocaleString('en')} / ${small.size.toLocaleString('en')} of reload → interactive: ${(big.interactive / small.interactive).toFixed(2)} (budget ≤ 2)`);
  log(`Initial JavaScript: ${gzipKb.toFixed(0)} kB gzip (budget < 300 kB)`);
  log('Budgets: interactive ≤ 1 000 ms at 100 000; no long task over 50 ms; heap ≤ 60 MB at 100 000; QC frames under 16 ms.');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
