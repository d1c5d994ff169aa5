/**
 * The part of a PouchDB database that sync uses (issue 21, docs/sync.md), declared here once:
 * PouchDB's own types reference the DOM library, which the worker's build does not have, and
 * sync needs only these calls. A PouchDB 9 database (memory in the tests, IndexedDB in the
 * worker) meets it as it is.
 */

export interface StoredDoc {
  _id: string;
  _rev: string;
  _deleted?: boolean;
  [field: string]: unknown;
}

/** A revision, and where it hangs in its document's tree: written with `new_edits: false`, PouchDB keeps it as given (revisions.ts makes them). */
export interface Revision {
  _rev: string;
  /** the revision and its parent, newest first: where it hangs in the document's tree */
  _revisions: { start: number; ids: string[] };
}

export type WrittenDoc = { _id: string; _deleted?: boolean; [field: string]: unknown } & Revision;

/** One leaf of a document's revision tree, as `get(id, { open_revs: 'all' })` gives it. */
export type Leaf = { ok: StoredDoc } | { missing: string };

export interface ChangesResult {
  results: { id: string; seq: number | string; changes: { rev: string }[]; deleted?: boolean; doc?: StoredDoc }[];
  last_seq: number | string;
}

export interface SyncDatabase {
  /** With `new_edits: false` the revisions are written as given, where their `_revisions` put them. */
  bulkDocs(docs: WrittenDoc[], options: { new_edits: false }): Promise<unknown[]>;
  get(id: string, options: { open_revs: 'all' }): Promise<Leaf[]>;
  changes(options: { since: number | string; style: 'all_docs'; limit?: number; include_docs?: boolean }): Promise<ChangesResult>;
  /** With `keys`, a row for each key: one not in the database has no `value`, a removed one `value.deleted` and no `doc`. */
  allDocs(options: { include_docs: boolean; keys?: string[]; conflicts?: boolean }): Promise<{ rows: { id?: string; key?: string; value?: { rev: string; deleted?: boolean }; doc?: StoredDoc | null }[] }>;
  /** `doc_count`: how many documents stand (removed ones left out). */
  info(): Promise<{ doc_count: number }>;
}
