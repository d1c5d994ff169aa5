import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4317);
// The production app built with the stepped clock (`vite build --mode e2e`, docs/testing.md).
const outDir = process.env.BUILD_OUT_DIR ?? 'dist-e2e';
// The same build beside a team-sync server at /couch (scripts/syncServer.ts): the sync specs' laptops.
const syncPort = Number(process.env.E2E_SYNC_PORT ?? port + 1);

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
const browser = (executablePath: string) => ({ launchOptions: { executablePath, args: ARGS } });
/**
 * Where the whole browser is what is tested: being found installable, and what a page the service
 * worker served says when the network is cut (issue 31). Every other spec runs in Debian's headless
 * shell, the lighter headless Chromium that Playwright itself uses for headless runs: the suite takes
 * about a quarter less time in it (docs/testing.md#two-chromiums). `CHROMIUM_PATH` runs every spec in
 * the browser it names.
 */
const WHOLE_BROWSER = /(^|\/)(offline|install)\.spec\.ts$/;
/**
 * The longest specs of the headless shell (two laptops each, the flood of 20 000 refused documents
 * and a session left to end on the server among them), queued before the rest: a long spec left to
 * the end runs alone while the other worker has nothing left, 24 s of the run's end when the flood
 * came last, 16 s when the session's did (docs/testing.md).
 */
const LONGEST = /(^|\/)(sync|syncAccounts|syncHostile)\.spec\.ts$/;
const chosen = process.env.CHROMIUM_PATH;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  // A flaky test is a defect to fix, never to retry (issue 18).
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1280, height: 800 },
    // Fluent's menus and dialogs slide in (react-motion), and honour reduced motion: a click
    // aimed at a menu item while it still slides can land beside it on a busy machine (issue 18).
    // Motion is time, which the tests step rather than race; nothing they assert is an animation.
    reducedMotion: 'reduce',
    trace: 'off',
  },
  projects: chosen
    ? [{ name: 'chromium', use: browser(chosen) }]
    : [
        // First: its specs are among the longest, and a long spec left to the end runs alone.
        { name: 'chromium', testMatch: WHOLE_BROWSER, use: browser('/usr/bin/chromium') },
        { name: 'headless-shell, longest first', testMatch: LONGEST, use: browser('/usr/bin/chromium-headless-shell') },
        // Test by test, not file by file: a file of many short tests that came last ran on one
        // worker while the other had finished (the shell spec's 43 s, busy run 34). Every test
        // here makes its own context; a file's `beforeAll` (a fetch, a server) runs once a worker.
        { name: 'headless-shell', testIgnore: [WHOLE_BROWSER, LONGEST], fullyParallel: true, use: browser('/usr/bin/chromium-headless-shell') },
      ],
  webServer: [
    {
      // The build served as `vite preview` serves it, for less than half the processor time a
      // request, and without compressing each answer again (docs/testing.md#the-app-server).
      command: `node --import tsx scripts/serve-app.ts`,
      env: { PORT: String(port), APP_DIR: outDir },
      url: `http://127.0.0.1:${port}`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `node --import tsx scripts/sync-server.ts`,
      // Its admin is the tests' (tests/e2e/syncLaptops.ts); each laptop's account is made as it starts.
      env: { PORT: String(syncPort), APP_DIR: outDir, SYNC_TEST_VANS: '1', SYNC_ADMIN: 'e2e-admin:e2e-admin-password', SYNC_USERS: '', SYNC_WORLDS: '' },
      url: `http://127.0.0.1:${syncPort}/couch/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
