/**
 * The content type of each file the build ships, by extension: the static servers of the PWA tests
 * (tests/e2e/pwaServer.ts), of the benchmark's user path (scripts/bench-browser.ts), and of the suite
 * and the team-sync server (scripts/appFiles.ts) serve the build as `vite preview` does.
 */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml',
  '.woff2': 'font/woff2',
};
