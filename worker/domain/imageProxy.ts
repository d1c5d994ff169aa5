/**
 * The image proxy setting (docs/requirements.md#req-call-images; Settings › Image proxy): the base URL every frame is fetched
 * through, or '' for the embedded offline photos. One rule for what the engine accepts from
 * Settings and what it reads back from storage (issue 19): any text once went, and `javascript:`
 * or 100 kB (HTTP 431 on every image) broke every QC page.
 */
import { hasHiddenCharacter } from './users';

/** Far longer than any real proxy address, far shorter than what a server refuses as a header. */
export const IMAGE_PROXY_MAX_CHARS = 2000;

/** http(s), a host, then a path or query; no spaces and no fragment (the source query follows it). */
const PROXY_URL = /^https?:\/\/[^\s/?#@]+(?:[/?][^\s#]*)?$/i;

/** Why a proxy address cannot be used, or null when it can ('' means none: the embedded photos). */
export function imageProxyProblem(value: string): string | null {
  const text = value.trim();
  if (!text) return null;
  if (text.length > IMAGE_PROXY_MAX_CHARS) return `The image proxy address is longer than ${IMAGE_PROXY_MAX_CHARS} characters`;
  if (!PROXY_URL.test(text) || hasHiddenCharacter(text)) return 'The image proxy must be an http:// or https:// address, such as https://imageproxy.example/convert';
  return null;
}
