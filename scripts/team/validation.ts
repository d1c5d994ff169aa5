/**
 * The test server's validation (issues 33 and 53, docs/sync.md#one-rule-checked-in-three-places):
 * before every write of a team world's documents (not `_local/` ones; a world set up with the
 * team's validation, `_design/team-rules`), the project's own rule
 * (`teamDocRefusal`, worker/domain/teamRules.js, with TEAM_RULES), imported, is called with the new
 * document, the version it follows, and the writer, as CouchDB 3 calls the `_design/team-rules`
 * that sync:setup installs. No text from a request or a database is ever compiled: design documents
 * are stored and served, never run (a `vm` context is no security boundary). A replicated write
 * (`new_edits: false`) is checked against the revision it extends, where the server holds it, as
 * CouchDB does; where the server sees more than a validate function (the document's other
 * versions), it checks more: a history entry replaced through an invented parent, the last
 * standing version closed by a resolution tombstone.
 */
import { setImmediate as yieldNow } from 'node:timers/promises';
import type PouchDB from 'pouchdb-core';
import { TEAM_RULES } from '../../worker/domain/teamDocRules';
import { teamDocRefusal } from '../../worker/domain/teamRules';
import { roleRefusal } from '../../worker/domain/teamRoles';
import type { SecurityObject, UserCtx } from './securityShim';
import { RULES_DESIGN_ID } from './validateFunction';

export type Doc = Record<string, unknown> & { _id?: unknown; _rev?: unknown; _revisions?: { start: number; ids: string[] } };

export interface Writer {
  db: string;
  user: UserCtx;
  security: SecurityObject;
}

/** Why a document is refused, as CouchDB says it, or null. */
export type Refusal = { error: 'forbidden'; reason: string } | null;

/** The document the test server keeps a world's `_security` in (express-pouchdb's own place for it). */
export const SECURITY_ID = '_local/_security';
/** Documents checked between two yields of the server's thread: another member's request waits at most this many checks. */
const CHUNK = 250;

/** Whether a `_security` list names the user, or one of their roles. */
export const named = (list: { names?: string[]; roles?: string[] } | undefined, user: UserCtx) =>
  !!list && ((!!user.name && (list.names ?? []).includes(user.name)) || (list.roles ?? []).some((r) => user.roles.includes(r)));

/** Whether the writer is an admin of the world, as the design document decides it (validateFunction.ts). */
export const isWorldAdmin = (writer: Writer) => writer.user.roles.includes('_admin') || named(writer.security.admins, writer.user);

/** Whether two JSON values say the same, whatever the order of their keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const ak = Object.keys(a);
  const bk = Object.keys(b);
  return ak.length === bk.length && ak.every((k) => Object.prototype.hasOwnProperty.call(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

type Leaf = { ok?: Doc };

/** A replicated write's path, newest first (`N-id`): its `_revisions`, or its `_rev` alone. */
function pathOf(doc: Doc): string[] {
  const r = doc._revisions;
  if (r && typeof r.start === 'number' && Array.isArray(r.ids) && r.ids.length) return r.ids.map((rid, k) => `${r.start - k}-${String(rid)}`);
  return typeof doc._rev === 'string' ? [doc._rev] : [];
}

export function validation(Db: typeof PouchDB) {
  /** Every leaf of a document, live or removed ([] if the server holds none); with `revs`, each with its path. */
  const leavesOf = async (db: string, id: string, revs = false): Promise<Doc[]> => {
    const leaves = (await new Db(db).get(id, { open_revs: 'all', revs }).catch(() => [])) as unknown as Leaf[];
    return leaves.flatMap((leaf) => (leaf.ok ? [leaf.ok] : []));
  };

  /**
   * The version each document follows: for a replicated one, the revision it extends, if here;
   * otherwise the one standing. Read in one request for a chunk.
   */
  const followed = async (db: string, docs: readonly Doc[], replicated: boolean): Promise<(Doc | null)[]> => {
    const wanted = docs.map((doc) => {
      const id = typeof doc._id === 'string' && !doc._id.startsWith('_local/') ? doc._id : null;
      if (!id) return null;
      if (!replicated) return { id, ...(typeof doc._rev === 'string' ? { rev: doc._rev } : {}) };
      const path = pathOf(doc);
      return path.length > 1 ? { id, rev: path[1]! } : null;
    });
    const asked = wanted.filter((w): w is { id: string; rev?: string } => w !== null);
    if (!asked.length) return docs.map(() => null);
    const { results } = await new Db(db).bulkGet({ docs: asked });
    let i = 0;
    return wanted.map((w) => {
      if (!w) return null;
      const found = results[i++]?.docs[0];
      return found && 'ok' in found ? (found.ok as Doc) : null;
    });
  };

  /**
   * For replicated documents whose parent is not here (`olds[i]` null): the version each follows,
   * found further back, as CouchDB finds it: the write's path walked back to the first revision the
   * server holds a body of (`make_first_doc_on_disk`), or none. A path that meets none of the
   * server's revisions (a world given back beside another laptop's, or a revision invented) is
   * checked as new, as CouchDB's validate function sees it (docs/security.md#the-team-server). A
   * document the server does not hold at all is new here, found in one request for the chunk.
   */
  const followedFurther = async (db: string, docs: readonly Doc[], olds: (Doc | null)[]): Promise<(Doc | null)[]> => {
    const missing = docs.flatMap((doc, i) => (olds[i] === null && typeof doc._id === 'string' && !doc._id.startsWith('_local/') && pathOf(doc).length > 2 ? [i] : []));
    if (!missing.length) return olds;
    const here = await new Db(db).allDocs({ include_docs: false, keys: missing.map((i) => docs[i]!._id as string) });
    const out = [...olds];
    for (const [k, i] of missing.entries()) {
      const row = here.rows[k] as { value?: { rev: string } } | undefined;
      if (row?.value) out[i] = await heldOnPath(db, docs[i]!);
    }
    return out;
  };

  /** The first revision on a write's path, past its parent, that the server holds a body of, or null. */
  const heldOnPath = async (db: string, doc: Doc): Promise<Doc | null> => {
    const id = String(doc._id);
    const store = new Db(db);
    const held = new Set((await leavesOf(db, id, true)).flatMap(pathOf));
    for (const rev of pathOf(doc).slice(2)) {
      if (!held.has(rev)) continue;
      const body = (await store.get(id, { rev }).catch(() => null)) as Doc | null;
      if (body) return body;
    }
    return null;
  };

  /** What the server sees beyond the version followed: for a history entry, one standing under its id; for a resolution tombstone, whether another version stands. */
  const seen = async (db: string, doc: Doc, oldDoc: Doc | null): Promise<{ oldDoc: Doc | null; othersStand?: boolean }> => {
    const id = String(doc._id);
    if (doc._deleted === true && doc.resolved === true && oldDoc) {
      const leaves = await leavesOf(db, id);
      return { oldDoc, othersStand: leaves.some((leaf) => leaf._deleted !== true && leaf._rev !== oldDoc._rev) };
    }
    if (id.startsWith('history:') && !oldDoc) {
      // An entry is never replaced: one under the same id saying something else is a change of it,
      // whichever parent the write names (a validate function sees none for an invented one).
      const other = (await leavesOf(db, id)).find((leaf) => leaf._deleted !== true && !sameJson(leaf.entry, doc.entry));
      return { oldDoc: other ?? null };
    }
    return { oldDoc };
  };

  /**
   * Whether a world holds the team's rules: its `_design/team-rules`, which `sync:setup` installs
   * and only an admin writes or removes (a world without it is checked by its laptops alone, as a
   * CouchDB without it). Its text is never read: the rule run is the project's own.
   */
  const ruled = new Map<string, Promise<boolean>>();
  const hasRules = (db: string): Promise<boolean> => {
    let known = ruled.get(db);
    if (!known) {
      known = new Db(db).get(RULES_DESIGN_ID).then(
        () => true,
        () => false,
      );
      ruled.set(db, known);
    }
    return known;
  };

  /** The refusal of each document, checked as CouchDB checks a write, yielding the thread between chunks. */
  const refusals = async (writer: Writer, docs: readonly (Doc | null)[], replicated: boolean): Promise<Refusal[]> => {
    const who = { name: writer.user.name ?? '', admin: isWorldAdmin(writer) };
    const rules = await hasRules(writer.db);
    const out: Refusal[] = [];
    for (let start = 0; start < docs.length; start += CHUNK) {
      if (start > 0) await yieldNow();
      const chunk = docs.slice(start, start + CHUNK);
      const asWritten = chunk.map((d) => d ?? {});
      let olds = rules ? await followed(writer.db, asWritten, replicated) : [];
      // Beyond the parent, for those held to the rules: an admin seeding a world writes what is new.
      if (rules && replicated && !who.admin) olds = await followedFurther(writer.db, asWritten, olds);
      for (const [i, doc] of chunk.entries()) {
        if (!doc) {
          out.push({ error: 'forbidden', reason: 'a document is a JSON object' });
          continue;
        }
        if (typeof doc._id !== 'string') {
          out.push({ error: 'forbidden', reason: 'a document of a team world names its id' });
          continue;
        }
        if (doc._id === SECURITY_ID) {
          // Where the server keeps a world's `_security` (securityShim.ts): set through `_security`, by its admins, never as a document.
          out.push({ error: 'forbidden', reason: 'the security of a team world is set through _security, by its admins' });
          continue;
        }
        if (!rules) {
          out.push(null);
          continue;
        }
        const seenHere = await seen(writer.db, doc, olds[i] ?? null);
        const why =
          teamDocRefusal(doc as Doc & { _id: string }, seenHere.oldDoc, who, TEAM_RULES, seenHere.othersStand) ??
          roleRefusal(doc as Doc & { _id: string }, olds[i] ?? null, { ...who, roles: writer.user.roles }, TEAM_RULES);
        out.push(why ? { error: 'forbidden', reason: why } : null);
      }
    }
    return out;
  };
  /** Forgets whether `db` holds the rules: a design document of it written, or the world made or removed. */
  const forget = (db: string) => void ruled.delete(db);
  return { refusals, forget };
}
