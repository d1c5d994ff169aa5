/**
 * The two builds the end-to-end tests read (docs/testing.md): the production app (`vite build`,
 * dist/) and the same app with the engine's stepped clock (`vite build --mode e2e`, dist-e2e/),
 * which every browser test drives. `npm run test:e2e` makes both before Playwright starts.
 */
import { existsSync } from 'node:fs';

/** The build under test: the production app with the stepped clock. */
export const E2E_DIR = process.env.BUILD_OUT_DIR ?? 'dist-e2e';
/** The production build, as `npm start` serves it. */
export const PRODUCTION_DIR = 'dist';

/** Fails, saying which command makes it, when a build is missing: never a test that skips itself. */
export function requireBuild(dir: string, command: string): string {
  if (!existsSync(`${dir}/index.html`)) throw new Error(`${dir}/ is missing: run \`${command}\` first (npm run test:e2e does).`);
  return dir;
}
