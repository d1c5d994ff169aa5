/**
 * Build-time constants, replaced by Vite's `define` (vite.config.ts) and by Vitest's
 * (vitest.config.ts). Declared once for the worker and the page.
 */
/** True only in the end-to-end build (`vite build --mode e2e`): the engine runs on a clock the tests step. */
declare const __TEST_CLOCK__: boolean;
