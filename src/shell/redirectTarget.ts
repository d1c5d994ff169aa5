/**
 * Where to go after signing in (docs/requirements.md#req-screen-login): the `redirect` query when it names a page of this app,
 * else /help. It is judged as the browser will read it (issue 19): the URL parser drops tabs and
 * line breaks, so "/\t/evil.example/" is "//evil.example/", another origin, whose navigation the
 * browser refuses with an exception. So the value is parsed against this origin first, and only a
 * same-origin path that a route opens (a pattern of paths.ts, not /login or /logout) is kept.
 */
import { PATTERNS, paths, patternAt } from '../app/paths';

const NEVER_AFTER_SIGN_IN: readonly string[] = [PATTERNS.login, PATTERNS.logout];

export function redirectTarget(search: string, origin: string = location.origin): string {
  const value = new URLSearchParams(search).get('redirect');
  if (!value) return paths.help();
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return paths.help();
  }
  if (url.origin !== origin || !value.startsWith('/')) return paths.help();
  const pattern = patternAt(url.pathname);
  if (!pattern || NEVER_AFTER_SIGN_IN.includes(pattern)) return paths.help();
  return `${url.pathname}${url.search}${url.hash}`;
}
