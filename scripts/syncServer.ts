/**
 * The team-sync server for tests and demos (issue 21, docs/sync.md#the-test-server): the built app
 * and, beside it at /couch, a CouchDB-protocol server (express-pouchdb over PouchDB 9's memory
 * adapter) on the same origin, so the app's Content-Security-Policy (`connect-src 'self'`) holds and
 * there is no CORS. Its worlds live as long as the process: a restart with `keep` (the tests'
 * server restarted mid-replication) finds them again.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { resolve } from 'node:path';
import express from 'express';
import expressPouchDB from 'express-pouchdb';
import PouchDB from 'pouchdb-core';
import memory from 'pouchdb-adapter-memory';
import { seedTeamWorld } from './seedWorld';
import { couchShim } from './couchShim';

PouchDB.plugin(memory);
/** Each server that starts empty keeps its worlds under a prefix of its own. */
let fresh = 0;
/**
 * The server databases' constructor, one per prefix: two over the same databases lose track of
 * the ones the other created (no_db_file), so a server started again finds the same constructor.
 */
const serverDbs = new Map<string, typeof PouchDB>();
function serverDb(prefix: string): typeof PouchDB {
  let made = serverDbs.get(prefix);
  if (!made) serverDbs.set(prefix, (made = PouchDB.defaults({ adapter: 'memory', prefix })));
  return made;
}

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
  /**
   * Tests only: the same server also at /van/<name>/couch, one way in per laptop, each of which
   * the test can cut and restore (POST /__vans/<name>/cut, /restore) as a van loses its network.
   * Playwright's offline mode does not reach a dedicated worker's requests; this does. With an
   * app, POST /__seed/<world> also seeds a fresh team world from the app's all.json.
   */
  vans?: boolean;
  /** a file served at /data/all.json instead of the app's (the benchmark's generated worlds) */
  data?: string;
  /**
   * Start with no world at all, as a server restarted after losing its memory (tests: a server
   * that lost what it was given). By default a server started again in the same process finds the
   * worlds of the one before (a server restarted mid-replication).
   */
  empty?: boolean;
}

/** The vans cut off, and the sockets each van holds open (a long-polled _changes among them). */
function vanLinks(server: express.Express, shim: express.RequestHandler, couch: express.RequestHandler): void {
  const cut = new Set<string>();
  const open = new Map<string, Set<Socket>>();
  server.post('/__vans/:name/:what', (req, res) => {
    const { name, what } = req.params;
    if (what === 'cut') {
      cut.add(name);
      for (const socket of open.get(name) ?? []) socket.destroy();
    } else cut.delete(name);
    res.json({ ok: true, cut: [...cut] });
  });
  server.use('/van/:name/couch', (req, _res, next) => {
    const name = req.params.name ?? '';
    if (cut.has(name)) return void req.socket.destroy();
    const sockets = open.get(name) ?? new Set<Socket>();
    open.set(name, sockets);
    // A kept-alive socket carries many requests: it is followed once.
    if (!sockets.has(req.socket)) {
      const socket = req.socket;
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    }
    next();
  });
  // The same handler as /couch: a second express-pouchdb over the same databases loses track of
  // the ones the first created (no_db_file).
  server.use('/van/:name/couch', shim, couch);
}

export function startSyncServer({ port, host = '127.0.0.1', app, vans = false, data, empty = false }: SyncServerOptions): Promise<SyncServer> {
  const server = express();
  server.disable('x-powered-by');
  const ServerDB = serverDb(empty ? `sync-server-${++fresh}-` : 'sync-server-');
  const couch = expressPouchDB(ServerDB, { mode: 'minimumForPouchDB', inMemoryConfig: true, logPath: '/dev/null' });
  // CouchDB's answers where express-pouchdb's differ, for couchbackup and couchrestore (couchShim.ts).
  const shim = couchShim(ServerDB);
  server.use('/couch', shim, couch);
  if (vans) vanLinks(server, shim, couch);
  if (app) {
    const root = resolve(app);
    if (!existsSync(resolve(root, 'index.html'))) throw new Error(`${root} holds no built app: run \`npm run build\` first`);
    const dataFile = data ?? resolve(root, 'data/all.json');
    // Tests: a fresh team world, seeded from the all.json this server serves (docs/sync.md#seeding-a-team-world).
    if (vans)
      server.post('/__seed/:world', (req, res) => {
        seedTeamWorld(`${req.protocol}://${req.get('host')}/couch/${req.params.world}`, readFileSync(dataFile, 'utf8')).then(
          (seed) => res.json({ ok: true, docs: seed.docs }),
          (error: unknown) => res.status(409).json({ ok: false, error: error instanceof Error ? error.message : String(error) }),
        );
      });
    if (data) server.get('/data/all.json', (_req, res) => res.sendFile(resolve(data)));
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
