import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// The app version shown in Help and used to prove service-worker updates in tests.
const APP_VERSION = process.env.APP_VERSION ?? '0.1.0';

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(APP_VERSION) },
  build: { outDir: process.env.BUILD_OUT_DIR ?? 'dist', sourcemap: false, target: 'es2022' },
  worker: { format: 'es' },
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
        globIgnores: ['photos/**', 'data/**'],
      },
      devOptions: { enabled: false, type: 'module' },
    }),
  ],
});
