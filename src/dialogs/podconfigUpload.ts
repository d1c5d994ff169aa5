/**
 * SPEC §7: the PodConfig drop zone also posts the file to a placeholder external test endpoint
 * whose method, payload and answer the spec does not give. The workflow never depends on it: the
 * post is fire-and-forget, skipped offline, bounded in time, and every failure is ignored.
 */
export const PODCONFIG_TEST_ENDPOINT = 'https://httpbin.org/post';
const UPLOAD_TIMEOUT_MS = 5000;

export function postPodconfigToTestEndpoint(file: File): void {
  if (!navigator.onLine) return;
  const body = new FormData();
  body.append('file', file, file.name);
  fetch(PODCONFIG_TEST_ENDPOINT, { method: 'POST', body, mode: 'no-cors', signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS) }).catch(
    () => undefined,
  );
}
