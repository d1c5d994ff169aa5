/**
 * What a team's admin does on its server (issue 33, docs/sync.md#who-can-do-what), over CouchDB's
 * own HTTP API, so the same calls set up Apache CouchDB 3 and the test server: an account in
 * `_users`, and a team world (its database, its `_security` naming the members and admins, and the
 * team's validation, scripts/team/validateFunction.ts). Each is done again safely: a database or
 * account that is there already is kept, the members given are added to those there, and the
 * validation is written only where it differs.
 */
import { rulesDesignDoc, RULES_DESIGN_ID } from './validateFunction';
import { couchNameRefusal } from './worldName';

export interface Account {
  name: string;
  password: string;
  /** the account's roles in its `_users` document (issue 52: 'coordinator' or 'technician'); none given: as they are */
  roles?: readonly string[];
}

export interface WorldAccess {
  /** the accounts that read and write the world */
  members: readonly string[];
  /** the accounts that may also seed it and change its design documents and `_security` */
  admins?: readonly string[];
  /** accounts taken out of its members and admins (a person who leaves the team) */
  removed?: readonly string[];
}

/**
 * fetch, tried once more when the connection it took was closed before it answered: a kept-alive
 * connection of this process to a server since stopped (a test server started again on its port),
 * or one the server closed as idle just as it was taken (ECONNRESET: Node's keep-alive race).
 */
export async function serverFetch(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const cause = (error as { cause?: { code?: unknown } }).cause;
    if (cause?.code !== 'UND_ERR_SOCKET' && cause?.code !== 'ECONNRESET') throw error;
    return fetch(url, init);
  }
}

const accountPath = (name: string) => `/_users/${encodeURIComponent(`org.couchdb.user:${name}`)}`;

const basic = (account: Account) => `Basic ${Buffer.from(`${account.name}:${account.password}`).toString('base64')}`;

/** A call to the server as its admin: the JSON it answered, or an error that says what the server said. */
async function asAdmin(server: string, admin: Account, method: string, path: string, body?: unknown, accept: number[] = []): Promise<Record<string, unknown>> {
  const answer = await serverFetch(`${server}${path}`, {
    method,
    headers: { authorization: basic(admin), 'content-type': 'application/json', accept: 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await answer.json().catch(() => ({}))) as Record<string, unknown>;
  if (answer.ok || accept.includes(answer.status)) return json;
  // Said as the admin would act on it: a wrong password is no "not signed in".
  if (answer.status === 401) throw new Error(`the server refused the admin's name or password (${admin.name}): check SYNC_ADMIN`);
  if (answer.status === 403) throw new Error(`${admin.name} is not the server's admin (${method} ${path} was refused)`);
  throw new Error(`${method} ${path}: ${answer.status} ${String(json.reason ?? json.error ?? '')}`);
}

/** The names among `names` that have no account on the server (a member who could never sign in). */
export async function withoutAccount(server: string, admin: Account, names: readonly string[]): Promise<string[]> {
  const missing: string[] = [];
  for (const name of names) {
    const account = await asAdmin(server, admin, 'GET', accountPath(name), undefined, [404]);
    if (!account._id) missing.push(name);
  }
  return missing;
}

/**
 * Makes an account in `_users` (CouchDB hashes its password), or changes its password. One that
 * signs in with this password already is left as it is: written again, its sessions would end.
 */
export async function setUpAccount(server: string, admin: Account, account: Account): Promise<void> {
  const signsIn = async () => (await serverFetch(`${server}/_session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: account.name, password: account.password }) })).ok;
  if (await signsIn()) {
    if (account.roles) await setRoles(server, admin, account.name, account.roles);
    return;
  }
  const path = accountPath(account.name);
  const current = await asAdmin(server, admin, 'GET', path, undefined, [404]);
  const roles = account.roles ?? (Array.isArray(current.roles) ? current.roles : []);
  const put = await asAdmin(server, admin, 'PUT', path, { _id: `org.couchdb.user:${account.name}`, name: account.name, type: 'user', roles, password: account.password, ...(current._rev ? { _rev: current._rev } : {}) }, [409]);
  // Written meanwhile by another admin's call (two tests making the same person at once): done if it takes this password.
  if (put.error === 'conflict' && !(await signsIn())) throw new Error(`PUT ${path}: 409 the account was changed meanwhile`);
}

/**
 * Gives an account its roles (issue 52, docs/requirements.md#req-team-roles): its `_users` document
 * written again with them, its password hash as it was, so it signs in as before. Answers whether
 * the account exists; roles already as given are left as they are.
 */
export async function setRoles(server: string, admin: Account, name: string, roles: readonly string[]): Promise<boolean> {
  const current = await asAdmin(server, admin, 'GET', accountPath(name), undefined, [404]);
  if (!current._id) return false;
  const now = Array.isArray(current.roles) ? (current.roles as unknown[]) : [];
  if (now.length === roles.length && roles.every((r, i) => now[i] === r)) return true;
  await asAdmin(server, admin, 'PUT', accountPath(name), { ...current, roles: [...roles] });
  return true;
}

/** Removes an account from `_users`: it signs in no more (its worlds' `_security` still names it until set up again without it). */
export async function removeAccount(server: string, admin: Account, name: string): Promise<boolean> {
  const path = accountPath(name);
  const current = await asAdmin(server, admin, 'GET', path, undefined, [404]);
  if (!current._rev) return false;
  await asAdmin(server, admin, 'DELETE', `${path}?rev=${encodeURIComponent(String(current._rev))}`);
  return true;
}

/** Sets up a team world: its database, its members and admins, and the team's validation. */
export async function setUpWorld(server: string, admin: Account, world: string, access: WorldAccess): Promise<void> {
  // What Apache CouchDB would refuse is refused before any call, on either server.
  const badName = couchNameRefusal(world);
  if (badName) throw new Error(badName);
  const db = `/${encodeURIComponent(world)}`;
  await asAdmin(server, admin, 'PUT', db, undefined, [412]);
  const security = (await asAdmin(server, admin, 'GET', `${db}/_security`)) as { members?: { names?: string[]; roles?: string[] }; admins?: { names?: string[]; roles?: string[] } };
  const gone = new Set(access.removed ?? []);
  const union = (a: readonly string[] = [], b: readonly string[] = []) => [...new Set([...a, ...b])].filter((name) => !gone.has(name));
  await asAdmin(server, admin, 'PUT', `${db}/_security`, {
    admins: { names: union(security.admins?.names, access.admins), roles: security.admins?.roles ?? [] },
    members: { names: union(security.members?.names, access.members), roles: security.members?.roles ?? [] },
  });
  const design = rulesDesignDoc();
  const current = await asAdmin(server, admin, 'GET', `${db}/${RULES_DESIGN_ID}`, undefined, [404]);
  if (current.validate_doc_update === design.validate_doc_update) return;
  await asAdmin(server, admin, 'PUT', `${db}/${RULES_DESIGN_ID}`, { ...design, ...(current._rev ? { _rev: current._rev } : {}) });
}
