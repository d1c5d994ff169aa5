import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { keepIdleConnections } from './scripts/idleConnections';

// The app version shown in Help and used to prove service-worker updates in tests.
const APP_VERSION = process.env.APP_VERSION ?? '0.1.0';

/**
 * Fluent's run-time `<style>` elements carry this nonce, and index.html's Content-Security-Policy
 * allows it instead of 'unsafe-inline' (docs/security.md). The app is static, so it is constant.
 */
const STYLE_NONCE = 'fluent-griffel-styles';

/** Fills the policy's nonce in; the dev server drops the policy (its preamble is an inline script). */
const contentSecurityPolicy = (): Plugin => ({
  name: 'content-security-policy',
  transformIndexHtml(html, ctx) {
    if (ctx.server) return html.replace(/\s*<!-- docs\/security\.md[\s\S]*?<meta\s+http-equiv="Content-Security-Policy"[\s\S]*?\/>/, '');
    return html.replaceAll('%STYLE_NONCE%', STYLE_NONCE);
  },
});

/**
 * The entry (src/main.tsx) starts the engine worker and only then imports the app, in steps: the
 * app's chunks are named here as modulepreloads, so the browser fetches and compiles them all while
 * the entry runs, and each step only evaluates (docs/views.md#the-users-path).
 */
const preloadApp = (): Plugin => ({
  name: 'preload-app',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, ctx) {
      const bundle = ctx.bundle;
      if (!bundle) return html;
      const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
      const app = chunks.find((c) => c.facadeModuleId?.endsWith('/src/startApp.tsx'));
      if (!app) throw new Error('preload-app: no chunk for src/startApp.tsx');
      const files = new Set<string>();
      const visit = (file: string) => {
        if (files.has(file)) return;
        files.add(file);
        const chunk = bundle[file];
        if (chunk?.type === 'chunk') for (const dep of chunk.imports) visit(dep);
      };
      visit(app.fileName);
      const named = new Set([...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1]));
      return [...files]
        .filter((file) => !named.has(file))
        .map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}` }, injectTo: 'head' as const }));
    },
  },
});

/** The preview server keeps idle connections as the sync server does (scripts/idleConnections.ts). */
const keepConnections = (): Plugin => ({
  name: 'keep-connections',
  configurePreviewServer(server) {
    keepIdleConnections(server.httpServer as { keepAliveTimeout: number; headersTimeout: number });
  },
});

/**
 * `vite build` is the production app (dist/). `vite build --mode e2e` is the same app with one
 * difference, the engine's stepped clock (worker/engine/steppedClock.ts), which the end-to-end
 * tests drive (dist-e2e/); production contains no trace of it (tests/e2e/bundle.spec.ts).
 */
export default defineConfig(({ mode }) => ({
  define: {
    __APP_VERSION__: JSON.stringify(APP_VERSION),
    __STYLE_NONCE__: JSON.stringify(STYLE_NONCE),
    __TEST_CLOCK__: JSON.stringify(mode === 'e2e'),
  },
  build: {
    outDir: process.env.BUILD_OUT_DIR ?? (mode === 'e2e' ? 'dist-e2e' : 'dist'),
    sourcemap: false,
    target: 'es2022',
    // The libraries that more than one chunk shares, in one chunk: split by Rolldown, they made a
    // fresh browser's first visit 29 script requests and the service worker's install 99, each
    // costing more processor time than its bytes (docs/pwa.md#measurements).
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'vendor', test: /node_modules/, minShareCount: 2 }] } } },
  },
  worker: { format: 'es' },
  plugins: [
    keepConnections(),
    contentSecurityPolicy(),
    preloadApp(),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      // src/pwa/register.ts registers with workbox-window, so the plugin injects no script.
      injectRegister: false,
      // The plugin writes manifest.webmanifest, links it from index.html and precaches it.
      // Its icons are already in the precache through globPatterns.
      includeManifestIcons: false,
      manifest: {
        name: 'Aerial Survey Console',
        short_name: 'Survey Console',
        description: 'Receive, check and publish six-camera aerial surveys, online or offline.',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#0f6cbd',
        background_color: '#ffffff',
        categories: ['productivity', 'utilities'],
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: 'icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      injectManifest: {
        // App shell, every route's chunk, the engine worker chunk, icons, the manifest and the sample
        // PodConfig file (a demo in airplane mode still has a file to upload).
        // Data and photos are cached at run time by sw/routes.ts (photos are far too many).
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}', 'samples/*.xml'],
        globIgnores: ['photos/**', 'data/**'],
        // Fluent UI's chunks are large; a chunk left out of the precache would break offline.
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        // A classic script: registers everywhere without `type: 'module'`.
        rollupFormat: 'iife',
      },
      devOptions: { enabled: false, type: 'module' },
    }),
  ],
}));
