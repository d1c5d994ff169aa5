/**
 * The laptop's session on the team server (issue 33, docs/sync.md#signing-in): CouchDB's cookie
 * session (`/_session`), on the app's own origin. Signing in sends the account's name and password
 * once; the server answers with a cookie the browser keeps (HttpOnly: no script reads it) and sends
 * with every request of the laptop's replication. The password is never stored.
 */

/** The account's name and password, as a person types them to sign in. */
export interface TeamAccount {
  name: string;
  password: string;
}

export type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/** What signing in found: who the server took the laptop for, with their account's roles (issue 52), or why it would not. */
export type SignedIn = { ok: true; name: string; roles: string[] } | { ok: false; error: string; field?: 'account' | 'password' };

/** An account's roles as the server said them (CouchDB's `_session` answers `roles`, or `userCtx.roles`). */
const rolesIn = (roles: unknown): string[] => (Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string' && !r.startsWith('_')) : []);

/** The account a person typed, checked: an error names the field. */
export function checkAccount(name: unknown, password: unknown): { ok: true; account: TeamAccount } | { ok: false; error: string; field: 'account' | 'password' } {
  const given = typeof name === 'string' ? name.trim() : '';
  if (!given || given.length > 254 || given.includes(':') || [...given].some((c) => c.charCodeAt(0) < 0x20)) return { ok: false, field: 'account', error: 'Team account is the name your team’s admin gave you, such as ana.lima@aerial.example' };
  if (typeof password !== 'string' || !password || password.length > 1000) return { ok: false, field: 'password', error: 'Type the password of your team account' };
  return { ok: true, account: { name: given, password } };
}

const sessionUrl = (origin: string, server: string) => `${origin}${server}/_session`;

/** Signs in with the account: the server sets the session's cookie. */
export async function signIn(fetch: Fetch, origin: string, server: string, account: TeamAccount): Promise<SignedIn> {
  let answer: Response;
  try {
    answer = await fetch(sessionUrl(origin, server), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ name: account.name, password: account.password }),
      credentials: 'same-origin',
    });
  } catch (error) {
    return { ok: false, error: `The team server ${server} cannot be reached (${error instanceof Error ? error.message : String(error)})` };
  }
  if (answer.status === 401) return { ok: false, field: 'password', error: 'The team server does not know this account with this password' };
  if (!answer.ok) return { ok: false, error: `The team server ${server} would not sign you in (HTTP ${answer.status})` };
  const body = (await answer.json().catch(() => ({}))) as { name?: unknown; roles?: unknown };
  return { ok: true, name: typeof body.name === 'string' ? body.name : account.name, roles: rolesIn(body.roles) };
}

/**
 * Who the server takes this laptop for now: an account's name, or null (no session, or it ended).
 * Any other failure (a proxy's 502 while the server restarts) says nothing of the session: it throws.
 */
export async function signedInAs(fetch: Fetch, origin: string, server: string): Promise<string | null> {
  return (await sessionAccount(fetch, origin, server))?.name ?? null;
}

/** As signedInAs, with the account's roles (issue 52): what the laptop keeps of who it syncs as. */
export async function sessionAccount(fetch: Fetch, origin: string, server: string): Promise<{ name: string; roles: string[] } | null> {
  const answer = await fetch(sessionUrl(origin, server), { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  if (answer.status === 401) return null;
  if (!answer.ok) throw Object.assign(new Error(`HTTP ${answer.status}`), { status: answer.status });
  const body = (await answer.json().catch(() => ({}))) as { userCtx?: { name?: unknown; roles?: unknown } };
  return typeof body.userCtx?.name === 'string' ? { name: body.userCtx.name, roles: rolesIn(body.userCtx.roles) } : null;
}

/** Ends the session: the server clears its cookie. */
export async function signOut(fetch: Fetch, origin: string, server: string): Promise<void> {
  await fetch(sessionUrl(origin, server), { method: 'DELETE', credentials: 'same-origin' }).catch(() => undefined);
}

/**
 * Sets the signed-in person's password anew (issue 53): their own `_users` document written again
 * with the new password, which the server hashes, as CouchDB lets a person do. The server ends the
 * sessions of the old password (a CouchDB cookie is signed with the account's salt): the caller
 * signs in again with the new one. Answers the HTTP status of what failed, or null.
 */
export async function setOwnPassword(fetch: Fetch, origin: string, server: string, name: string, password: string): Promise<number | null> {
  const url = `${origin}${server}/_users/${encodeURIComponent(`org.couchdb.user:${name}`)}`;
  const headers = { 'content-type': 'application/json', accept: 'application/json' };
  const current = await fetch(url, { headers, credentials: 'same-origin' });
  if (!current.ok) return current.status;
  const doc = (await current.json()) as Record<string, unknown>;
  const written = await fetch(url, { method: 'PUT', headers, credentials: 'same-origin', body: JSON.stringify({ ...doc, password }) });
  return written.ok ? null : written.status;
}
