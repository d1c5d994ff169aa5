/**
 * docs/requirements.md#req-call-podconfig: the PodConfig drop zone also posts the file to a placeholder external test endpoint
 * whose method, payload and answer the spec does not give. The workflow never depends on it: the
 * post is fire-and-forget, skipped offline, bounded in time, and every failure is ignored.
 */
// Same-origin on purpose: a staff file must never leave for a third party, and a field van's
// network may reach nothing else. A deployment with a real test endpoint sets it here.
export const PODCONFIG_TEST_ENDPOINT = `${import.meta.env.BASE_URL}api/podconfig/test-upload`;
const UPLOAD_TIMEOUT_MS = 5000;

export function postPodconfigToTestEndpoint(file: File): void {
  if (!navigator.onLine) return;
  const body = new FormData();
  body.append('file', file, file.name);
  fetch(PODCONFIG_TEST_ENDPOINT, { method: 'POST', body, mode: 'no-cors', signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS) }).catch(
    () => undefined,
  );
}
