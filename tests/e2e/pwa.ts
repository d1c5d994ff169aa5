/**
 * Steps shared by the PWA tests: wait until the service worker controls the page, cut the network
 * honestly, bring it back, and measure the initial JavaScript of a build.
 */
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { PwaServer } from './pwaServer';

/**
 * A page is not controlled on its first load, and neither is the engine worker it started: wait
 * for an active service worker, then reload once so the page and its worker both go through it.
 */
export async function waitForController(page: Page): Promise<void> {
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
  await page.reload();
  // A function: a string predicate is polled with eval, which the app's policy refuses.
  await page.waitForFunction(() => (globalThis as unknown as { navigator: { serviceWorker: { controller: unknown } } }).navigator.serviceWorker.controller !== null);
}

/**
 * Offline as a van is: the browser reports offline (setOffline), every request of the context is
 * aborted, and the server stops answering, since setOffline and context routes do not reliably
 * reach the service worker's own fetches.
 */
export async function cutNetwork(context: BrowserContext, server: PwaServer): Promise<void> {
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
  server.down();
}

export async function restoreNetwork(context: BrowserContext, server: PwaServer): Promise<void> {
  server.up();
  await context.unroute('**/*');
  await context.setOffline(false);
}

/** The service worker of the build is active and has a fetch handler. */
export async function expectFetchHandler(page: Page): Promise<void> {
  const script = await page.evaluate('navigator.serviceWorker.controller.scriptURL');
  expect(String(script)).toMatch(/\/sw\.js$/);
}

/**
 * The JavaScript a page loads before it can draw: index.html's scripts, what they import, and the
 * app the entry fetches once the engine worker is on its way (the chunks its import() preloads,
 * docs/views.md#the-users-path), with what those import in turn. Routes' pages are left out.
 */
export function initialJs(outDir: string): { files: string[]; raw: number; gzip: number } {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]+src="\/?([^"]+\.js)"/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/?([^"]+\.js)"/g)].map((m) => m[1]!);
  const files = new Set<string>();
  const visit = (file: string, entry: boolean) => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(join(outDir, file), 'utf8');
    const dir = file.slice(0, file.lastIndexOf('/') + 1);
    for (const m of text.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) visit(dir + m[1], false);
    if (!entry) return;
    // The entry's import() of the app, with the chunks Vite preloads beside it.
    const deps = /m\.f=\[([^\]]*)\]/.exec(text)?.[1] ?? '';
    for (const m of deps.matchAll(/"([^"]+\.js)"/g)) visit(m[1]!, false);
    for (const m of text.matchAll(/import\(`\.\/([^`]+\.js)`\)/g)) visit(dir + m[1], false);
  };
  // Only a script is an entry: a preloaded chunk's own import()s (the routes' pages) load later.
  for (const file of scripts) visit(file, true);
  for (const file of preloads) visit(file, false);
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const body = readFileSync(join(outDir, file));
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { files: [...files], raw, gzip };
}

/** Entries and bytes of the precache manifest injected into sw.js. */
export function precacheSize(outDir: string): { entries: number; bytes: number } {
  const sw = readFileSync(join(outDir, 'sw.js'), 'utf8');
  const urls = new Set([...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]));
  let bytes = 0;
  for (const url of urls) bytes += readFileSync(join(outDir, url)).length;
  return { entries: urls.size, bytes };
}
