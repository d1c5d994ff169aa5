/**
 * The team-sync server for tests and demos (issue 21, docs/sync.md#the-test-server): the built app
 * and, beside it at /couch, a CouchDB-protocol server (express-pouchdb over PouchDB 9's memory
 * adapter) on the same origin, so the app's Content-Security-Policy (`connect-src 'self'`) holds and
 * there is no CORS. Its worlds live as long as the process: a restart with `keep` (the tests'
 * server restarted mid-replication) finds them again.
 */
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import express from 'express';
import expressPouchDB from 'express-pouchdb';
import PouchDB from 'pouchdb-core';
import memory from 'pouchdb-adapter-memory';

PouchDB.plugin(memory);
const ServerDB = PouchDB.defaults({ adapter: 'memory', prefix: 'sync-server-' });

export interface SyncServer {
  url: string;
  close(): Promise<void>;
}

export interface SyncServerOptions {
  /** 0: any free port (its url says which) */
  port: number;
  host?: string;
  /** the built app to serve beside /couch; none: /couch alone */
  app?: string;
}

export function startSyncServer({ port, host = '127.0.0.1', app }: SyncServerOptions): Promise<SyncServer> {
  const server = express();
  server.disable('x-powered-by');
  server.use('/couch', expressPouchDB(ServerDB, { mode: 'minimumForPouchDB', inMemoryConfig: true, logPath: '/dev/null' }));
  if (app) {
    const root = resolve(app);
    if (!existsSync(resolve(root, 'index.html'))) throw new Error(`${root} holds no built app: run \`npm run build\` first`);
    server.use(express.static(root, { index: 'index.html' }));
    // The app's routes are the app's: every other path is its page.
    server.use((req, res, next) => (req.method === 'GET' ? res.sendFile(resolve(root, 'index.html')) : next()));
  }
  return new Promise((done, fail) => {
    const listening: Server = server.listen(port, host, () =>
      done({
        url: `http://${host}:${(listening.address() as AddressInfo).port}`,
        close: () => new Promise<void>((closed) => {
          listening.closeAllConnections();
          listening.close(() => closed());
        }),
      }),
    );
    listening.on('error', fail);
  });
}
