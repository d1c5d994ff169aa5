/**
 * Where to go after signing in (docs/requirements.md#req-screen-login): the `redirect` query when it is a path inside the app,
 * else /help. Another origin ("//evil", "/\evil") or the login/logout pages themselves never count.
 */
import { paths } from '../app/paths';

export function redirectTarget(search: string): string {
  const value = new URLSearchParams(search).get('redirect');
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return paths.help();
  if (/^\/(login|logout)(?:[/?#]|$)/.test(value)) return paths.help();
  return value;
}
