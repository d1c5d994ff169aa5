/**
 * A laptop's cookies, in Node (tests and bench:sync): what a browser keeps for the app's origin (the team server's
 * session cookie, docs/sync.md#signing-in), kept for one laptop and sent with each of its requests.
 */
import { serverFetch } from './worlds';

export type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

export interface CookieJar {
  cookies: Map<string, string>;
  /** Calls `listener` with each answered request's address (tests wait on a request, never on time); answers how to stop. */
  onAnswer(listener: (url: string) => void): () => void;
}

export function cookieFetch(): Fetch & CookieJar {
  const cookies = new Map<string, string>();
  const listeners = new Set<(url: string) => void>();
  const fetchWithCookies = async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (cookies.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    // Tried again where a kept-alive connection was closed as it was taken, as a browser does.
    const answer = await serverFetch(url, { ...init, headers });
    for (const line of answer.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const [name, value] = [pair.slice(0, eq).trim(), pair.slice(eq + 1).trim()];
      if (value) cookies.set(name, value);
      else cookies.delete(name);
    }
    for (const listener of [...listeners]) listener(url);
    return answer;
  };
  const onAnswer = (listener: (url: string) => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  return Object.assign(fetchWithCookies, { cookies, onAnswer });
}
