/// <reference types="vite/client" />
declare const __APP_VERSION__: string;
/** The nonce of Fluent's run-time `<style>` elements, also in index.html's policy (vite.config.ts). */
declare const __STYLE_NONCE__: string;
