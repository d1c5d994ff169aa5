/**
 * What a request to the test server asks for (issue 53, docs/sync.md#the-test-server): its path
 * read once, each segment decoded once, and named as one of the few things the laptops (PouchDB's
 * replication), the team's tools (`couchbackup`, `couchrestore`, `nano`) and an admin do. Anything
 * else under a database (`_temp_view`, `_find`, `_index`, a view, …) is no route: an allow-list, so
 * a part of express-pouchdb nobody thought of is never reached. The request's URL is written back
 * in one spelling (`_design%2Fx` becomes `_design/x`), so express-pouchdb routes what was decided.
 */

/** What the team server answers under a database. */
export type DbPart =
  | 'info'
  | '_all_docs'
  | '_bulk_docs'
  | '_bulk_get'
  | '_changes'
  | '_revs_diff'
  | '_ensure_full_commit'
  | '_security'
  | '_revs_limit'
  | '_compact'
  | '_purge'
  | 'local'
  | 'design'
  | 'doc'
  | 'attachment';

export type Route =
  /** the server's root, `_session`, `_uuids`, `_users`, `_all_dbs`…: `name` '' for the root */
  | { at: 'server'; name: string; rest: string[] }
  | { at: 'db'; db: string; part: DbPart; id?: string }
  | { at: 'none'; status: 400 | 404; error: string; reason: string };

/** The endpoints under a database that the laptops, couchbackup, couchrestore, nano or an admin use. */
const DB_PARTS: ReadonlySet<string> = new Set(['_all_docs', '_bulk_docs', '_bulk_get', '_changes', '_revs_diff', '_ensure_full_commit', '_security', '_revs_limit', '_compact', '_purge']);

/** Decoded segments of a path (its leading `/` and one trailing `/` left out), or null if one is no valid escape. */
function segments(path: string): string[] | null {
  const raw = path.replace(/^\//, '').split('/');
  if (raw.length > 1 && raw[raw.length - 1] === '') raw.pop();
  if (raw.length === 1 && raw[0] === '') return [];
  try {
    return raw.map((s) => decodeURIComponent(s));
  } catch {
    return null;
  }
}

const none = (status: 400 | 404, error: string, reason: string): Route => ({ at: 'none', status, error, reason });

/** The route a request's path names (`path`: below the server's mount, as `/team/_bulk_docs`). */
export function routeOf(path: string): Route {
  const parts = segments(path);
  if (!parts) return none(400, 'bad_request', 'the path holds an invalid %-escape');
  const [db, second, ...rest] = parts;
  if (db === undefined) return { at: 'server', name: '', rest: [] };
  if (db.startsWith('_')) return { at: 'server', name: db, rest: second === undefined ? [] : [second, ...rest] };
  if (second === undefined) return { at: 'db', db, part: 'info' };
  // `_design/x` and `_local/x` are one id, written with its `/` or with `%2F` alike (CouchDB reads both so).
  const slash = second.indexOf('/');
  const prefix = slash > 0 ? second.slice(0, slash) : second;
  if (prefix === '_design' || prefix === '_local') {
    const name = slash > 0 ? second.slice(slash + 1) : rest.shift();
    if (!name) return none(404, 'not_found', `${prefix} names no document`);
    const id = `${prefix}/${name}`;
    if (rest.length) return prefix === '_design' ? { at: 'db', db, part: 'attachment', id } : none(404, 'not_found', 'a _local document has no attachments');
    return { at: 'db', db, part: prefix === '_design' ? 'design' : 'local', id };
  }
  if (second.startsWith('_')) {
    if (!DB_PARTS.has(second) || rest.length) return none(404, 'not_found', `the team server answers no ${second.slice(0, 40)} (it runs no views, temporary views, queries or updates)`);
    return { at: 'db', db, part: second as DbPart };
  }
  return { at: 'db', db, part: rest.length ? 'attachment' : 'doc', id: second };
}

/** The route's path in one spelling, as express-pouchdb routes it (`search`: the query, with its `?`). */
export function canonicalPath(route: Route, search: string): string | null {
  if (route.at !== 'db') return null;
  const db = `/${encodeURIComponent(route.db)}`;
  const idPath = (id: string) => (id.startsWith('_design/') || id.startsWith('_local/') ? `${id.slice(0, id.indexOf('/'))}/${encodeURIComponent(id.slice(id.indexOf('/') + 1))}` : encodeURIComponent(id));
  switch (route.part) {
    case 'info':
      return db + search;
    case 'doc':
    case 'local':
    case 'design':
      return `${db}/${idPath(route.id ?? '')}${search}`;
    case 'attachment':
      return null;
    default:
      return `${db}/${route.part}${search}`;
  }
}
