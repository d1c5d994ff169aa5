/// <reference lib="dom" />
/**
 * `npm run bench:turns -- <build dir> <build dir> …`: two or more builds of the console, reloaded by
 * turns at the same moment on the same machine (issue 54, docs/views.md#reloads-at-a-persons-pace).
 * On a 2-core machine whose pace moves with whatever else runs, a figure measured today beside one
 * measured another day says more about the machine than about the code: by turns, each build meets
 * the same load. Each build is served as `npm start` serves it, in its own context of one Chromium
 * (its own storage), first visited and signed in as a person does, then reloaded once each in
 * turn, TURNS_APART_MS apart, TURNS rounds. Prints each build's reload → rows: median (min–max).
 *
 * TURNS=8 TURNS_APART_MS=2500 tune it. The sample world (400 surveys) each build ships is used.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { chromium, type Page } from 'playwright';
import { WHOLE_CHROMIUM } from '../tests/e2e/chromiums';
import { CAPTURE_ROW, median, signInOnForm } from './benchPage';

const builds = process.argv.slice(2);
const TURNS = Number(process.env.TURNS ?? 8);
const APART_MS = Number(process.env.TURNS_APART_MS ?? 2_500);
if (builds.length < 2) {
  console.error('name two built apps or more, such as: npm run bench:turns -- /tmp/old-dist dist');
  process.exit(2);
}

/** When the first captures row with its link is in the document (as `bench:browser` watches it). */
const ROWS_WATCH = `
  window.__rowsAt = 0;
  const watch = () => {
    if (document.querySelector('${CAPTURE_ROW}')) window.__rowsAt = performance.timeOrigin + performance.now();
    else requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
`;

function serve(dir: string, port: number): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve-app.ts'], { env: { ...process.env, APP_DIR: resolve(dir), PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((up, fail) => {
    server.stdout!.on('data', (line: Buffer) => String(line).includes('The app in') && up(server));
    server.on('exit', () => fail(new Error(`the app server for ${dir} ended`)));
  });
}

const rowsAt = (page: Page, timeout: number) => page.waitForFunction(() => (window as unknown as { __rowsAt: number }).__rowsAt || false, undefined, { timeout, polling: 20 }).then((h) => h.jsonValue() as Promise<number>);

const servers = await Promise.all(builds.map((dir, i) => serve(dir, 4600 + i)));
// The whole Chromium, as a person's: the service worker serves each reload, as `npm start`'s does.
const browser = await chromium.launch(WHOLE_CHROMIUM);
try {
  const pages: Page[] = [];
  for (const [i] of builds.entries()) {
    const context = await browser.newContext({ baseURL: `http://127.0.0.1:${4600 + i}`, viewport: { width: 1280, height: 800 } });
    await context.addInitScript(ROWS_WATCH);
    const page = await context.newPage();
    await page.goto('/login?redirect=%2Fcaptures');
    await signInOnForm(page);
    await rowsAt(page, 120_000);
    await page.waitForFunction(() => (localStorage.getItem('current') ?? '').includes('"loggedIn":true'));
    pages.push(page);
  }
  const times: number[][] = builds.map(() => []);
  for (let turn = 0; turn < TURNS; turn++) {
    for (const [i, page] of pages.entries()) {
      await page.waitForTimeout(APART_MS);
      const called = Date.now();
      await page.reload({ waitUntil: 'commit' });
      times[i]!.push((await rowsAt(page, 120_000)) - called);
    }
  }
  for (const [i, dir] of builds.entries()) {
    const t = times[i]!;
    console.log(`${dir}: reload → rows ${(median(t) / 1000).toFixed(2)} s (${(Math.min(...t) / 1000).toFixed(2)}–${(Math.max(...t) / 1000).toFixed(2)}), ${t.length} reloads`);
  }
} finally {
  await browser.close();
  for (const server of servers) server.kill();
}
