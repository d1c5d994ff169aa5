/**
 * PouchDB as the engine worker uses it (issue 21, docs/sync.md#in-the-worker): the laptop's
 * database in IndexedDB, the server's over HTTP, and replication between them. Imported only once
 * team sync is on, so its modules are a chunk of their own, never in the page's JavaScript nor in
 * the worker's first load.
 */
import PouchDB from 'pouchdb-core';
import indexeddb from 'pouchdb-adapter-indexeddb';
import http from 'pouchdb-adapter-http';
import replication from 'pouchdb-replication';

PouchDB.plugin(indexeddb).plugin(http).plugin(replication);

/** The laptop's own databases (IndexedDB), and the server's (by their http URL). */
export const databases = { Local: PouchDB.defaults({ adapter: 'indexeddb' }), Remote: PouchDB };
