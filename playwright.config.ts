import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4317);
// The production app built with the stepped clock (`vite build --mode e2e`, docs/testing.md).
const outDir = process.env.BUILD_OUT_DIR ?? 'dist-e2e';
// The same build beside a team-sync server at /couch (scripts/syncServer.ts): the sync specs' laptops.
const syncPort = Number(process.env.E2E_SYNC_PORT ?? port + 1);

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
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    trace: 'off',
  },
  webServer: [
    {
      command: `npx vite preview --outDir ${outDir} --host 127.0.0.1 --port ${port} --strictPort`,
      url: `http://127.0.0.1:${port}`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `npx tsx scripts/sync-server.ts`,
      // Its admin is the tests' (tests/e2e/syncLaptops.ts); each laptop's account is made as it starts.
      env: { PORT: String(syncPort), APP_DIR: outDir, SYNC_TEST_VANS: '1', SYNC_ADMIN: 'e2e-admin:e2e-admin-password', SYNC_USERS: '', SYNC_WORLDS: '' },
      url: `http://127.0.0.1:${syncPort}/couch/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
