/**
 * PouchDB for the tests, its plugins registered once (a second registration of replication throws):
 * memory databases for the laptops, HTTP for the test server, replication between them.
 */
import PouchDB from 'pouchdb-core';
import memory from 'pouchdb-adapter-memory';
import http from 'pouchdb-adapter-http';
import replication from 'pouchdb-replication';

PouchDB.plugin(memory).plugin(http);
// The test server registers it too, when it is imported first.
if (!Object.prototype.hasOwnProperty.call(PouchDB, 'replicate')) PouchDB.plugin(replication);

export default PouchDB;
