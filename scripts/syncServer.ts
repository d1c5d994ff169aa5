/**
 * The team-sync server for tests and demos (issues 21 and 33, docs/sync.md#the-test-server): the
 * built app and, beside it at /couch, a CouchDB-protocol server (express-pouchdb over PouchDB 9's
 * memory adapter) on the same origin, so the app's Content-Security-Policy (`connect-src 'self'`)
 * holds and there is no CORS. As Apache CouchDB 3 is set up for a team: a server admin (never an
 * admin party), the team's accounts in `_users`, cookie sessions, each world's `_security` naming
 * its members, and the team's validation in every world (scripts/team/). Its worlds live as long as
 * the process: a server started again in it finds them again, unless it starts `empty`.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { resolve } from 'node:path';
import express from 'express';
import expressPouchDB from 'express-pouchdb';
import PouchDB from 'pouchdb-core';
import memory from 'pouchdb-adapter-memory';
import replication from 'pouchdb-replication';
import { seedTeamWorld } from './seedWorld';
import { couchShim } from './couchShim';
import { securityShim, type UserCtx } from './team/securityShim';
import { serverFetch, setUpAccount, setUpWorld, type Account } from './team/worlds';
import { accountOf } from './team/adminArgs';
import { randomBytes } from 'node:crypto';
import { keepIdleConnections } from './idleConnections';
import { serveAppFiles } from './appFiles';
import { couchErrors } from './team/requestBody';
import { signInDelays } from './team/signInDelay';

/** The header that marks the server's own question to itself about a request's session. */
const PROBE_HEADER = 'x-sync-server-probe';

// Replication may be registered already (the tests' PouchDB is this one): a second registration throws.
PouchDB.plugin(memory);
if (!Object.prototype.hasOwnProperty.call(PouchDB, 'replicate')) PouchDB.plugin(replication);
/** Each server that starts empty keeps its worlds under a prefix of its own. */
let fresh = 0;
/**
 * The server databases' constructor, one per prefix: two over the same databases lose track of
 * the ones the other created (no_db_file), so a server started again finds the same constructor.
 */
const serverDbs = new Map<string, typeof PouchDB>();
function serverDb(prefix: string): typeof PouchDB {
  let made = serverDbs.get(prefix);
  if (made) return made;
  made = PouchDB.defaults({ adapter: 'memory', prefix });
  // A plugin registered on a constructor made by defaults() copies its defaults onto PouchDB's own
  // (pouchdb-core's plugin()), and express-pouchdb registers its plugins on the server's: every
  // constructor made afterwards in this process (a test's laptops) would open its databases in
  // this server's memory, even one named by an http URL. PouchDB's own defaults are kept.
  const own = PouchDB as unknown as { __defaults?: object };
  made.plugin = (plugin) => {
    const kept = own.__defaults;
    PouchDB.plugin(plugin);
    own.__defaults = kept;
    return made as typeof PouchDB;
  };
  serverDbs.set(prefix, made);
  return made;
}

export interface SyncServer {
  url: string;
  /** the server admin's account */
  admin: Account;
  /** the team's accounts it was started with */
  users: Account[];
  /** Sets up a team world for these members (default: every account): its database, `_security` and validation. */
  world(name: string, members?: readonly string[]): Promise<void>;
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
   * app, as the admin would: POST /__accounts {name, password, roles?} makes an account (or gives it its roles); POST
   * /__world/<world> {members?} sets a team world up (members: every account, by default); POST
   * /__seed/<world> {members?} also seeds it from the app's all.json.
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
  /** the server admin (default: `admin` with a password made now) */
  admin?: Account;
  /** the team's accounts, made at start (default: none) */
  users?: readonly Account[];
  /** how long a cookie session lasts without use, in seconds (CouchDB's default: 600) */
  sessionTimeoutS?: number;
  /**
   * what the server signs its session cookies with (CouchDB's couch_httpd_auth/secret): a server
   * started again with the same one keeps its sessions (default: one made now)
   */
  secret?: string;
}

/** express-pouchdb's own parts a team server needs beside the minimum: accounts and sessions (the validation is team/validation.ts). */
const TEAM_PARTS = ['config-infrastructure', 'logging-infrastructure', 'routes/authentication', 'routes/authorization', 'routes/session'];

/**
 * express-pouchdb's parts a team server leaves out: the views and temporary views compile text
 * from a request or a design document in the server's process (`vm` is no security boundary), and
 * CouchDB 3 has no `_temp_view` (issue 53, docs/security.md#the-team-server); the session stub
 * gives way to the real sessions.
 */
const EXCLUDED_PARTS = ['routes/session-stub', 'routes/temp-views', 'routes/views', 'routes/view-cleanup'];

/** Sets a value of express-pouchdb's configuration (its in-memory ini). */
function configure(couch: unknown, section: string, key: string, value: string | number): Promise<void> {
  return new Promise((done) => (couch as { couchConfig: { set(s: string, k: string, v: string | number, cb: () => void): void } }).couchConfig.set(section, key, value, done));
}

/** The vans cut off, and the sockets each van holds open (a long-polled _changes among them). */
function vanLinks(server: express.Express, couch: express.RequestHandler[]): void {
  const cut = new Set<string>();
  const open = new Map<string, Set<Socket>>();
  server.post('/__vans/:name/:what', (req, res) => {
    const { name, what } = req.params;
    if (what === 'cut') {
      cut.add(name);
      // The test's own request may come on a socket the van used (one pool of connections): it is answered, then closed.
      for (const socket of open.get(name) ?? []) if (socket !== req.socket) socket.destroy();
    } else cut.delete(name);
    res.set('connection', 'close').json({ ok: true, cut: [...cut] });
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
  server.use('/van/:name/couch', ...couch);
}

export async function startSyncServer({ port, host = '127.0.0.1', app, vans = false, data, empty = false, admin, users = [], sessionTimeoutS, secret = randomBytes(16).toString('hex') }: SyncServerOptions): Promise<SyncServer> {
  const server = express();
  server.disable('x-powered-by');
  const ServerDB = serverDb(empty ? `sync-server-${++fresh}-` : 'sync-server-');
  const couch = expressPouchDB(ServerDB, {
    mode: 'minimumForPouchDB',
    overrideMode: { include: TEAM_PARTS, exclude: EXCLUDED_PARTS },
    inMemoryConfig: true,
    logPath: '/dev/null',
  });
  const serverAdmin: Account = admin ?? { name: 'admin', password: randomBytes(12).toString('base64url') };
  let self = '';
  // Who made a request: the server's own sessions answer (express-pouchdb's authentication).
  // The server's own questions (who signed this request in?) are marked, so a wrong password is slowed once, not twice.
  const probe = randomBytes(16).toString('hex');
  const sessionOf = async (req: express.Request): Promise<UserCtx> => {
    const headers: Record<string, string> = { [PROBE_HEADER]: probe };
    if (req.headers.cookie) headers.cookie = req.headers.cookie;
    if (req.headers.authorization) headers.authorization = req.headers.authorization;
    const answer = (await (await serverFetch(`${self}/couch/_session`, { headers })).json()) as { userCtx?: UserCtx };
    return answer.userCtx ?? { name: null, roles: [] };
  };
  // CouchDB's answers where express-pouchdb's differ, for couchbackup and couchrestore (couchShim.ts).
  const delays = signInDelays();
  const shim = couchShim(ServerDB, delays);
  const security = securityShim(ServerDB, sessionOf);
  const slowGuesses = delays.basic((req) => req.headers[PROBE_HEADER] === probe);
  server.use('/couch', slowGuesses, security, shim, couch);
  if (vans) vanLinks(server, [slowGuesses, security, shim, couch]);
  if (app) {
    const root = resolve(app);
    if (!existsSync(resolve(root, 'index.html'))) throw new Error(`${root} holds no built app: run \`npm run build\` first`);
    const dataFile = data ?? resolve(root, 'data/all.json');
    // Tests: a fresh team world for every account, seeded from the all.json this server serves
    // (docs/sync.md#seeding-a-team-world), or left empty.
    if (vans) {
      // The accounts made since start (POST /__accounts), members of every world set up after.
      const team = [...users];
      const membersOf = (req: express.Request): string[] => {
        const given = (req.body as { members?: unknown } | undefined)?.members;
        return Array.isArray(given) ? given.filter((m): m is string => typeof m === 'string') : team.map((u) => u.name);
      };
      server.post('/__accounts', express.json(), (req, res) => {
        const account = accountOf(`${String((req.body as { name?: unknown }).name ?? '')}:${String((req.body as { password?: unknown }).password ?? '')}`);
        if (!account) return void res.status(400).json({ ok: false, error: 'name and password' });
        // Its roles (issue 52), as the admin gives them: ['coordinator'], ['technician'], or none.
        const roles = (req.body as { roles?: unknown }).roles;
        if (Array.isArray(roles)) account.roles = roles.filter((r): r is string => typeof r === 'string');
        setUpAccount(`${self}/couch`, serverAdmin, account).then(
          () => {
            if (!team.some((u) => u.name === account.name)) team.push(account);
            res.json({ ok: true });
          },
          (error: unknown) => res.status(409).json({ ok: false, error: error instanceof Error ? error.message : String(error) }),
        );
      });
      server.post('/__seed/:world', express.json(), (req, res) => {
        const url = `${self}/couch/${req.params.world}`;
        setUpWorld(`${self}/couch`, serverAdmin, req.params.world, { members: membersOf(req) })
          .then(() => seedTeamWorld(url, readFileSync(dataFile, 'utf8'), Date.now(), serverAdmin))
          .then(
            (seed) => res.json({ ok: true, docs: seed.docs }),
            (error: unknown) => res.status(409).json({ ok: false, error: error instanceof Error ? error.message : String(error) }),
          );
      });
      server.post('/__world/:world', express.json(), (req, res) => {
        setUpWorld(`${self}/couch`, serverAdmin, req.params.world, { members: membersOf(req) }).then(
          () => res.json({ ok: true }),
          (error: unknown) => res.status(409).json({ ok: false, error: error instanceof Error ? error.message : String(error) }),
        );
      });
    }
    if (data) server.get('/data/all.json', (_req, res) => res.sendFile(resolve(data)));
    serveAppFiles(server, root);
  }
  server.use(couchErrors());
  const listening: Server = await new Promise((done, fail) => {
    const started: Server = server.listen(port, host, () => done(started));
    started.on('error', fail);
  });
  keepIdleConnections(listening);
  self = `http://${host}:${(listening.address() as AddressInfo).port}`;
  // Its configuration is read once the server runs: no admin party, from its first answer on.
  await serverFetch(`${self}/couch/`);
  await configure(couch, 'admins', serverAdmin.name, serverAdmin.password);
  await configure(couch, 'couch_httpd_auth', 'secret', secret);
  // A number: pouchdb-auth adds it to the session's time, and a string would make it never end.
  if (sessionTimeoutS) await configure(couch, 'couch_httpd_auth', 'timeout', sessionTimeoutS);
  for (const account of users) await setUpAccount(`${self}/couch`, serverAdmin, account);
  return {
    url: self,
    admin: serverAdmin,
    users: [...users],
    world: (name, members = users.map((u) => u.name)) => setUpWorld(`${self}/couch`, serverAdmin, name, { members }),
    close: () =>
      new Promise<void>((closed) => {
        listening.closeAllConnections();
        listening.close(() => closed());
      }),
  };
}
