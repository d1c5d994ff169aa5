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

  export interface ReplicationOptions {
    live?: boolean;
    /** only these documents (tests: an action arriving in parts) */
    doc_ids?: string[];
    retry?: boolean;
    /** start from this position of the source (and keep it as the checkpoint), not from the checkpoint */
    since?: number | string;
    batch_size?: number;
    /** ms before a retry after a failure (PouchDB backs off from it) */
    back_off_function?: (delay: number) => number;
    /** ms between the blank lines that keep a long poll open (false: none, so `timeout` ends it) */
    heartbeat?: number | false;
    /** ms after which the server answers a long poll with no change */
    timeout?: number;
    /** false: neither read nor write a checkpoint (a one-off push whose id a live push shares) */
    checkpoint?: false | 'source' | 'target';
  }

  /** A replication: awaited, its result (one-off); listened to, its events (live). */
  export interface Replication extends PromiseLike<ReplicationResult> {
    on(event: 'change' | 'paused' | 'active' | 'denied' | 'complete' | 'error', listener: (info: unknown) => void): this;
    cancel(): void;
  }

  /** A live sync: its two replications, each with its own events (a push's pause after a failure carries the error). */
  export interface SyncReplication extends Replication {
    readonly push: Replication;
    readonly pull: Replication;
  }

  export interface ChangesFeed {
    on(event: 'change' | 'error' | 'complete', listener: (info: unknown) => void): this;
    cancel(): void;
  }

  export default class PouchDB {
    constructor(name: string, options?: { adapter?: string; prefix?: string; skip_setup?: boolean; auth?: { username: string; password: string }; fetch?: (url: string, init?: RequestInit) => Promise<Response> });
    static plugin(plugin: unknown): typeof PouchDB;
    static defaults(options: { adapter?: string; prefix?: string; auth?: { username: string; password: string }; fetch?: (url: string, init?: RequestInit) => Promise<Response> }): typeof PouchDB;
    static replicate(source: PouchDB | string, target: PouchDB | string, options?: ReplicationOptions): Replication;
    static sync(a: PouchDB | string, b: PouchDB | string, options?: ReplicationOptions): SyncReplication;
    readonly name: string;
    bulkDocs(docs: ({ _id: string } & Record<string, unknown>)[], options?: { new_edits?: boolean }): Promise<unknown[]>;
    get(id: string, options: { open_revs: 'all'; revs?: boolean }): Promise<({ ok: Doc } | { missing: string })[]>;
    get(id: string, options?: { conflicts?: boolean; rev?: string }): Promise<Doc & { _conflicts?: string[] }>;
    put(doc: { _id: string; _rev?: string } & Record<string, unknown>): Promise<{ ok: boolean; id: string; rev: string }>;
    revsDiff(diff: Record<string, string[]>): Promise<Record<string, { missing: string[] }>>;
    bulkGet(request: { docs: { id: string; rev?: string }[] }): Promise<{ results: { id: string; docs: ({ ok: Doc } | { error: unknown })[] }[] }>;
    changes(options: { since: number | string | 'now'; live: true }): ChangesFeed;
    changes(options: { since: number | string; style?: 'all_docs' | 'main_only'; limit?: number; include_docs?: boolean }): Promise<{
      results: { id: string; seq: number | string; changes: { rev: string }[]; deleted?: boolean; doc?: Doc }[];
      last_seq: number | string;
    }>;
    allDocs(options: { include_docs: boolean; keys?: string[]; conflicts?: boolean }): Promise<{ rows: { id?: string; key?: string; value?: { rev: string; deleted?: boolean }; doc?: (Doc & { _conflicts?: string[] }) | null }[] }>;
    allDocs(options: { startkey: string; endkey: string; limit?: number; include_docs?: boolean }): Promise<{ rows: { id: string; value: { rev: string }; doc?: Doc }[] }>;
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

declare module 'pouchdb-adapter-http' {
  const plugin: unknown;
  export default plugin;
}

declare module 'pouchdb-adapter-indexeddb' {
  const plugin: unknown;
  export default plugin;
}

declare module 'express-pouchdb' {
  import type { RequestHandler } from 'express';
  /** The CouchDB HTTP protocol over a PouchDB constructor (tests and demos only, docs/sync.md). */
  export default function expressPouchDB(
    PouchDB: unknown,
    options?: {
      mode?: 'fullCouchDB' | 'minimumForPouchDB' | 'custom';
      /** express-pouchdb's parts added to the mode, or taken from it (its lib/index.js names them) */
      overrideMode?: { include?: string[]; exclude?: string[] };
      inMemoryConfig?: boolean;
      logPath?: string;
    },
  ): RequestHandler;
}
