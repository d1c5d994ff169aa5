/**
 * A laptop's cookies, in Node (tests and bench:sync): what a browser keeps for the app's origin (the team server's
 * session cookie, docs/sync.md#signing-in), kept for one laptop and sent with each of its requests.
 */
export type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

export function cookieFetch(): Fetch & { cookies: Map<string, string> } {
  const cookies = new Map<string, string>();
  const fetchWithCookies = async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (cookies.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const answer = await fetch(url, { ...init, headers });
    for (const line of answer.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const [name, value] = [pair.slice(0, eq).trim(), pair.slice(eq + 1).trim()];
      if (value) cookies.set(name, value);
      else cookies.delete(name);
    }
    return answer;
  };
  return Object.assign(fetchWithCookies, { cookies });
}
