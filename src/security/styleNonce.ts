/**
 * Fluent UI styles itself at run time (Griffel inserts rules into `<style>` elements it creates),
 * so `style-src 'self'` alone would leave the app unstyled. Rather than `'unsafe-inline'`, the
 * policy allows `<style>` elements carrying this nonce, and Griffel's renderer and the
 * FluentProvider's theme tag are told to set it (docs/security.md says what this buys and what
 * it does not: the app is static, so the nonce is constant and no secret).
 */
import { createDOMRenderer } from '@fluentui/react-components';

export const STYLE_NONCE = __STYLE_NONCE__;

export const styleRenderer = createDOMRenderer(document, { styleElementAttributes: { nonce: STYLE_NONCE } });
