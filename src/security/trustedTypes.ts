/// <reference types="trusted-types" />
/**
 * Trusted Types (issue 13; docs/security.md): index.html's policy says
 * `require-trusted-types-for 'script'`, so every script URL and every HTML string must be a
 * trusted value. This default policy, installed before anything else runs, lets through only the
 * app's own script URLs (the engine worker, the service worker) and refuses HTML and script
 * strings outright: the one HTML the app renders, the release notes, comes trusted from DOMPurify.
 */
function sameOriginScript(url: string): string {
  const parsed = new URL(url, location.href);
  if (parsed.origin !== location.origin) throw new TypeError(`Refused a script from ${parsed.origin}`);
  return parsed.href;
}

export function installTrustedTypesPolicy(): void {
  const factory = window.trustedTypes;
  // Browsers without Trusted Types ignore the directive: nothing to install.
  if (!factory || factory.defaultPolicy) return;
  factory.createPolicy('default', {
    createScriptURL: sameOriginScript,
    // Returning undefined makes the browser block the sink (and report it), as intended.
    createHTML: () => undefined as unknown as string,
    createScript: () => undefined as unknown as string,
  });
}

installTrustedTypesPolicy();
