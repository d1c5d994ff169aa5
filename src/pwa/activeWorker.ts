/**
 * The service worker the page can talk to: the one that copies photos for "Make available offline"
 * and serves Download Frames' ZIPs. Null where there is none (dev server, old browser).
 */

/** The app's service-worker scope, as an absolute URL. */
export function swScope(): string {
  return new URL(import.meta.env.BASE_URL, location.href).href;
}

export async function activeWorker(): Promise<ServiceWorker | null> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return null;
  if (navigator.serviceWorker.controller) return navigator.serviceWorker.controller;
  const registration = await navigator.serviceWorker.getRegistration(swScope());
  return registration?.active ?? null;
}
