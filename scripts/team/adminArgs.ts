/**
 * What the admin's commands (`npm run sync:setup`, `npm run sync:user`) are given: the team
 * server's URL, as CouchDB is reached (`http://127.0.0.1:4180/couch`, `https://couch.example.com`),
 * and its admin, from the URL's credentials or `SYNC_ADMIN=name:password` (docs/sync.md#who-can-do-what).
 */
import type { Account } from './worlds';

/** An account written `name:password` (a password may hold ':'). */
export function accountOf(text: string): Account | null {
  const colon = text.indexOf(':');
  if (colon <= 0 || colon === text.length - 1) return null;
  return { name: text.slice(0, colon), password: text.slice(colon + 1) };
}

/** The server's URL without credentials, and its admin; or why not. */
export function serverAndAdmin(given: string | undefined, env: NodeJS.ProcessEnv = process.env): { server: string; admin: Account } | string {
  let url: URL;
  try {
    url = new URL(given ?? '');
  } catch {
    return `${given ?? '(none)'} is not the team server's URL, such as http://127.0.0.1:4180/couch`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${given} is not an http(s) URL`;
  const fromUrl = url.username ? { name: decodeURIComponent(url.username), password: decodeURIComponent(url.password) } : null;
  url.username = '';
  url.password = '';
  const admin = fromUrl ?? accountOf(env.SYNC_ADMIN ?? '');
  if (!admin || !admin.password) return 'Give the server admin as SYNC_ADMIN=name:password (or in the URL, http://name:password@host/couch)';
  return { server: url.toString().replace(/\/$/, ''), admin };
}

/** The value of `--name value` among the arguments, split at commas. */
export function listOption(args: readonly string[], name: string): string[] {
  const at = args.indexOf(name);
  const value = at >= 0 ? args[at + 1] : undefined;
  return value ? value.split(',').map((s) => s.trim()).filter(Boolean) : [];
}
