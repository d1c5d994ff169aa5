import { defineConfig } from '@playwright/test';
import { HEADLESS_SHELL, LAUNCH_ARGS } from './tests/e2e/chromiums';

const port = Number(process.env.E2E_PORT ?? 4317);
// The production app built with the stepped clock (`vite build --mode e2e`, docs/testing.md).
const outDir = process.env.BUILD_OUT_DIR ?? 'dist-e2e';
// The same build beside a team-sync server at /couch (scripts/syncServer.ts): the sync specs' laptops.
const syncPort = Number(process.env.E2E_SYNC_PORT ?? port + 1);

/**
 * The longest specs (two laptops each, the flood of 20 000 refused documents and a session left to
 * end on the server among them), queued before the rest: a long spec left to the end runs alone
 * while the other worker has nothing left, 24 s of the run's end when the flood came last, 16 s
 * when the session's did (docs/testing.md).
 */
const LONGEST = /(^|\/)(sync|syncAccounts|syncHostile)\.spec\.ts$/;
/**
 * Every spec runs in Debian's headless shell, the lighter headless Chromium that Playwright itself
 * uses for headless runs: the suite takes about a quarter less time in it. The few steps about the
 * whole browser (found installable; what a page the service worker served says when the network is
 * cut, issue 31) launch Debian's whole Chromium themselves (`wholeBrowser`, tests/e2e/fixtures.ts),
 * rather than a project of their own, which cost each worker a new process and browser at the
 * change (docs/testing.md#two-chromiums). `CHROMIUM_PATH` runs all of it in the browser it names.
 */
const browser = process.env.CHROMIUM_PATH ? 'chosen Chromium' : 'headless shell';

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
    launchOptions: { executablePath: HEADLESS_SHELL, args: LAUNCH_ARGS },
  },
  projects: [
    { name: `${browser}, longest first`, testMatch: LONGEST },
    // Test by test, not file by file: a file of many short tests that came last ran on one worker
    // while the other had finished (the shell spec's 43 s, busy run 34). Every test here makes its
    // own context; a file's `beforeAll` (a fetch, a server) runs once a worker.
    { name: browser, testIgnore: LONGEST, fullyParallel: true },
  ],
  webServer: [
    {
      // The build served as `vite preview` serves it, for less than half the processor time a
      // request, and without compressing each answer again (docs/testing.md#the-app-server).
      command: `node --import tsx scripts/serve-app.ts`,
      env: { PORT: String(port), APP_DIR: outDir },
      // Its own line once it listens: no polling's wait between the server ready and the tests.
      wait: { stdout: /^The app in .* at http:/m },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `node --import tsx scripts/sync-server.ts`,
      // Its admin is the tests' (tests/e2e/syncLaptops.ts); each laptop's account is made as it starts.
      env: { PORT: String(syncPort), APP_DIR: outDir, SYNC_TEST_VANS: '1', SYNC_ADMIN: 'e2e-admin:e2e-admin-password', SYNC_USERS: '', SYNC_WORLDS: '' },
      wait: { stdout: /^Aerial Survey Console with team sync: http:/m },
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
