/**
 * Which names a team world may have (issue 53, docs/sync.md#the-test-server): Apache CouchDB 3's
 * rule for a database's name, so `sync:setup` refuses before the server does what CouchDB would
 * refuse. The test server keeps each database in a store named after it with the `/` taken out
 * (express-pouchdb's clean-filename), so `a/b` and `ab` would share one store, one of them with no
 * `_security`: on the test server a name holds no `/`.
 */

/** CouchDB 3's rule for a database's name (its `illegal_database_name`). */
export const COUCH_DB_NAME = /^[a-z][a-z0-9_$()+/-]*$/;
/** CouchDB's bound on a database's name. */
const NAME_MAX_CHARS = 238;

/** Why CouchDB 3 refuses `name` for a database, in words, or null. */
export function couchNameRefusal(name: string): string | null {
  if (name.length > NAME_MAX_CHARS) return `the name ${name.slice(0, 40)}… is longer than ${NAME_MAX_CHARS} characters`;
  if (COUCH_DB_NAME.test(name)) return null;
  return `Name: '${name.slice(0, 80)}'. Only lowercase characters (a-z), digits (0-9), and any of the characters _, $, (, ), +, -, and / are allowed. Must begin with a letter.`;
}

/** Why the test server refuses `name` for a team world, or null: CouchDB's rule, and no `/`. */
export function testWorldNameRefusal(name: string): string | null {
  const couch = couchNameRefusal(name);
  if (couch) return couch;
  return name.includes('/') ? `Name: '${name.slice(0, 80)}'. The test server keeps no world whose name holds '/' (it would share its store with the name without it); Apache CouchDB does.` : null;
}
