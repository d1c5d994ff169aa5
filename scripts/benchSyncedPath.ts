/// <reference lib="dom" />
/**
 * `BENCH_PATHS=synced npm run bench:browser`: team sync's budgets in the browser (issue 21,
 * docs/sync-log.md#what-was-measured). The production build is served beside the test sync server,
 * whose team world the bench seeds from the same generated all.json the page loads. A fresh
 * profile boots from that all.json and signs in, as on the user's path; then it joins the seeded
 * world through Settings → Team sync (the first sync, timed from the Join click to "Joined"), and
 * with sync on reloads /captures (timed from the reload call), ticks on /captures, and reports
 * what the profile stores per survey with the laptop's database beside the world.
 */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright';
import { seedTeamWorld } from './seedWorld';
import { startSyncServer } from './syncServer';
import { median, signInOnForm } from './benchPage';

export interface SyncedResult {
  size: number;
  docs: number;
  serverSeedMs: number;
  joinMs: number;
  /** reload → first Captures row, each run */
  rowsMs: number[];
  /** long tasks of each boot, to the rows and a second after */
  bootLongTasks: number[][];
  tickLongTasks: number[];
  indexedDb: number;
  usage: number;
}

/** What the synced path borrows from bench-browser.ts (one way of measuring for every path). */
export interface BenchTools {
  out: string;
  runs: number;
  tickSeconds: number;
  userPage: string;
  userData(surveys: number): { file: string; bytes: number };
  rowsShown(page: Page, timeout: number): Promise<{ rowsAt: number; longTasks: [number, number][]; firstLook: number | false; timeOrigin: number }>;
  settled(page: Page): Promise<{ usage: number; indexedDB: number }>;
  wholeWorldRead(page: Page): Promise<void>;
  longTasksFor(page: Page, seconds: number): Promise<number[]>;
  log(text: string): void;
}

export async function syncedPath(size: number, port: number, tools: BenchTools): Promise<SyncedResult> {
  // The test server's memory databases live as long as the process: one world per run.
  const WORLD = `bench-${size}-${Date.now().toString(36)}`;
  const data = tools.userData(size);
  const server = await startSyncServer({ port, app: tools.out, data: data.file });
  const profile = join(os.tmpdir(), `bench-synced-${size}-${Date.now()}`);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    viewport: { width: 1280, height: 800 },
  });
  try {
    let t = performance.now();
    const seed = await seedTeamWorld(`${server.url}/couch/${WORLD}`, readFileSync(data.file, 'utf8'));
    const serverSeedMs = performance.now() - t;
    tools.log(`  the server's team world seeded: ${seed.docs.toLocaleString('en')} documents in ${(serverSeedMs / 1000).toFixed(1)} s`);

    await context.addInitScript(tools.userPage);
    const page = context.pages()[0] ?? (await context.newPage());
    if (process.env.BENCH_TRACE) page.on('worker', (w) => w.on('console', (m) => tools.log(`    worker: ${m.text()}`)));
    await page.goto(`${server.url}/captures`, { waitUntil: 'commit' });
    await page.getByLabel('Email').waitFor({ timeout: 600_000 });
    await signInOnForm(page);
    await tools.rowsShown(page, 900_000);
    await tools.settled(page);

    await page.goto(`${server.url}/settings`);
    const section = page.getByRole('region', { name: 'Team sync' });
    await section.getByLabel('Server path').fill('/couch');
    await section.getByLabel('World name').fill(WORLD);
    await section.getByRole('button', { name: 'Join team world' }).click();
    const confirm = page.getByRole('dialog', { name: 'Join a team world' }).getByRole('button', { name: 'Join' });
    await confirm.waitFor();
    t = performance.now();
    await confirm.click();
    await page.getByText(`Joined the team world ${WORLD}`, { exact: true }).waitFor({ timeout: 600_000 });
    const joinMs = performance.now() - t;
    await badgeSays(page, 'Team sync: Up to date');
    tools.log(`  joined the seeded world in ${(joinMs / 1000).toFixed(1)} s; settling…`);
    // As on the user's path: reloads start once IndexedDB has stopped growing. The join writes the
    // world and its held revisions anew (twice the first visit's records), and Chromium's store
    // goes on compacting them for a while; a reload in that while measures the compaction.
    await tools.settled(page);
    tools.log(`  reloading ${tools.runs}× with sync on`);

    const rowsMs: number[] = [];
    const bootLongTasks: number[][] = [];
    for (let r = 0; r < tools.runs; r++) {
      await page.goto(`${server.url}/captures`);
      await tools.wholeWorldRead(page);
      await badgeSays(page, 'Team sync: Up to date');
      const start = Date.now();
      await page.reload({ waitUntil: 'commit' });
      const s = await tools.rowsShown(page, 120_000);
      rowsMs.push(s.rowsAt - start);
      bootLongTasks.push(s.longTasks.map((x) => x[1]));
      tools.log(
        `  reload ${r + 1}: rows ${(s.rowsAt - start).toFixed(0)} ms (document ${(s.timeOrigin - start).toFixed(0)} ms after the call; ${s.firstLook ? 'first look' : 'whole path'}); long tasks ${s.longTasks.map((x) => x[1].toFixed(0)).join(' ') || 'none'}`,
      );
    }
    await tools.wholeWorldRead(page);
    await badgeSays(page, 'Team sync: Up to date');
    tools.log(`  ticking ${tools.tickSeconds} s on /captures with sync on…`);
    const tickLongTasks = await tools.longTasksFor(page, tools.tickSeconds);
    const storage = await tools.settled(page);
    return { size, docs: seed.docs, serverSeedMs, joinMs, rowsMs, bootLongTasks, tickLongTasks, indexedDb: storage.indexedDB, usage: storage.usage };
  } finally {
    await context.close();
    await server.close();
    execSync(`rm -rf ${JSON.stringify(profile)}`);
  }
}

function badgeSays(page: Page, name: string): Promise<void> {
  return page.getByRole('banner').getByRole('status', { name }).waitFor({ timeout: 120_000 });
}

export function reportSynced(results: SyncedResult[], log: (text: string) => void): void {
  if (!results.length) return;
  const mb = (b: number) => `${(b / 1e6).toFixed(0)} MB`;
  log('\nThe synced path: a fresh profile boots from all.json, joins the team world the server seeded from the same all.json, then reloads with sync on.');
  log('| surveys | documents | server seeded | join (first sync) | reload → rows with sync on, median (min–max) | long tasks per boot, worst | ticking on /captures: long tasks | storage: IndexedDB, all | per survey: IndexedDB, all |');
  log('|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    const worst = Math.max(0, ...r.bootLongTasks.flat());
    log(
      `| ${r.size.toLocaleString('en')} | ${r.docs.toLocaleString('en')} | ${(r.serverSeedMs / 1000).toFixed(1)} s | ${(r.joinMs / 1000).toFixed(1)} s | ${(median(r.rowsMs) / 1000).toFixed(2)} s (${(Math.min(...r.rowsMs) / 1000).toFixed(2)}–${(Math.max(...r.rowsMs) / 1000).toFixed(2)}) | ${median(r.bootLongTasks.map((b) => b.length))}, ${worst.toFixed(0)} ms | ${r.tickLongTasks.length}${r.tickLongTasks.length ? ` (worst ${Math.max(...r.tickLongTasks).toFixed(0)} ms)` : ''} | ${mb(r.indexedDb)}, ${mb(r.usage)} | ${(r.indexedDb / r.size / 1024).toFixed(2)} kB, ${(r.usage / r.size / 1024).toFixed(2)} kB |`,
    );
  }
  log('Budgets: first sync of a seeded 100 000-survey world ≤ 30 s; reload → interactive /captures ≤ 1 s with sync on; stored bytes per survey ≤ 1.5 kB.');
}
