/**
 * The builds as files. The end-to-end build differs from production by the stepped clock alone
 * (issue 18): the build the tests drive contains it, and the production bundle contains no trace
 * of it, neither the clock nor the page's handle on it. The entry starts the engine worker before
 * the app's code (docs/views.md#the-users-path). The production build's initial JavaScript and
 * precache are measured against the budget (docs/architecture.md#arch-budgets).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { E2E_DIR, PRODUCTION_DIR, requireBuild } from './builds';
import { initialJs, precacheSize } from './pwa';
import { STEPPED_CLOCK_NAME } from '../../worker/engine/steppedClock';

const INITIAL_JS_BUDGET_GZIP = 300 * 1024;

/** Every script of a build, by file name. */
function scripts(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.js')) out.set(path, readFileSync(path, 'utf8'));
    }
  };
  walk(dir);
  return out;
}

const TRACES = [STEPPED_CLOCK_NAME, '__testClock', 'advanceClock'];

test('the production bundle contains no test clock', () => {
  const production = scripts(requireBuild(PRODUCTION_DIR, 'npm run build'));
  expect(production.size).toBeGreaterThan(5);
  const found = [...production].flatMap(([file, text]) => TRACES.filter((t) => text.includes(t)).map((t) => `${t} in ${file}`));
  expect(found).toEqual([]);
});

test('the end-to-end build carries the stepped clock, in the engine worker and the page', () => {
  const e2e = [...scripts(requireBuild(E2E_DIR, 'npm run build:e2e')).values()].join('\n');
  for (const trace of TRACES) expect(e2e, trace).toContain(trace);
});

test('the entry starts the engine worker before it fetches the app (React, Fluent, the shell)', () => {
  const dir = requireBuild(PRODUCTION_DIR, 'npm run build');
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<script[^>]+src="\/?([^"]+\.js)"/g)].map((m) => m[1]!);
  expect(entries).toHaveLength(1);
  const entry = readFileSync(join(dir, entries[0]!), 'utf8');
  expect(entry).toMatch(/new Worker\(new URL\(`[^`]*\/main-[^`]+\.js`/);
  // Nothing is evaluated before it: no static import, and the app comes by import() after it.
  expect(entry).not.toMatch(/(?:from|import)\s*"\.\//);
  expect(entry.indexOf('new Worker(')).toBeLessThan(entry.search(/import\(`\.\/startApp-/));
  expect(entry.length).toBeLessThan(10 * 1024);
});

test('the initial JavaScript stays within budget; the precache holds the whole app', () => {
  const dir = requireBuild(PRODUCTION_DIR, 'npm run build');
  const js = initialJs(dir);
  const precache = precacheSize(dir);
  const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  const summary = `initial JS ${kB(js.gzip)} gzip (${kB(js.raw)} raw, ${js.files.length} files); precache ${precache.entries} entries, ${kB(precache.bytes)}`;
  test.info().annotations.push({ type: 'measure', description: summary });
  console.log(summary);
  expect(precache.entries).toBeGreaterThan(5);
  expect(js.gzip, `initial JS over budget: ${js.files.join(', ')}`).toBeLessThanOrEqual(INITIAL_JS_BUDGET_GZIP);
});
