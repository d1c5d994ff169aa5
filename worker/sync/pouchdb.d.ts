/**
 * The PouchDB 9 modules sync uses, typed as far as it uses them (docs/sync.md). @types/pouchdb-*
 * describe PouchDB 7 and pull the DOM library into the worker's build, so the calls are declared
 * here instead. `SyncDatabase` (database.ts) is what the engine's sync code asks of a database; a
 * PouchDB as declared here meets it, which the tests check by passing one.
 */
declare module 'pouchdb-md5' {
  /** The hex MD5 of a string, synchronously (spark-md5 in a browser, node:crypto in Node). */
  export function stringMd5(value: string): string;
}

declare module 'pouchdb-core' {
  interface Doc {
    _id: string;
    _rev: string;
    _deleted?: boolean;
    [field: string]: unknown;
  }

  export interface ReplicationResult {
    ok: boolean;
    docs_read: number;
    docs_written: number;
  }

  export default class PouchDB {
    constructor(name: string, options?: { adapter?: string });
    static plugin(plugin: unknown): typeof PouchDB;
    static replicate(source: PouchDB, target: PouchDB): Promise<ReplicationResult>;
    readonly name: string;
    bulkDocs(docs: ({ _id: string } & Record<string, unknown>)[], options?: { new_edits?: boolean }): Promise<unknown[]>;
    get(id: string, options: { open_revs: 'all' }): Promise<({ ok: Doc } | { missing: string })[]>;
    get(id: string, options?: { conflicts?: boolean }): Promise<Doc & { _conflicts?: string[] }>;
    changes(options: { since: number | string; style?: 'all_docs' | 'main_only'; limit?: number }): Promise<{
      results: { id: string; seq: number | string; changes: { rev: string }[]; deleted?: boolean }[];
      last_seq: number | string;
    }>;
    allDocs(options: { include_docs: true }): Promise<{ rows: { id: string; value: { rev: string }; doc?: Doc }[] }>;
    info(): Promise<{ doc_count: number; update_seq: number | string }>;
    destroy(): Promise<void>;
  }
}

declare module 'pouchdb-replication' {
  const plugin: unknown;
  export default plugin;
}

declare module 'pouchdb-adapter-memory' {
  const plugin: unknown;
  export default plugin;
}
