/**
 * Who may reach what on the test server (issue 33, docs/sync.md#who-can-do-what), as Apache
 * CouchDB 3 decides it: a database's `_security` names its admins and members; a member reads and
 * writes its documents (the validation decides which writes), an admin of the database also its
 * design documents and its `_security`; only a server admin creates or removes databases, reads
 * the list of them and the users. A database whose `_security` names no member is its admins'
 * alone (CouchDB 3's default). express-pouchdb's own security part does not run on PouchDB 9 (its
 * database wrappers break the creation of databases), so this shim, in front of express-pouchdb's
 * authentication and sessions, keeps CouchDB's rules, and has each write validated as CouchDB
 * does (validation.ts).
 */
import express from 'express';
import type PouchDB from 'pouchdb-core';
import { jsonBody, MALFORMED, validation } from './validation';

export interface SecurityObject {
  admins?: { names?: string[]; roles?: string[] };
  members?: { names?: string[]; roles?: string[] };
}

export interface UserCtx {
  name: string | null;
  roles: string[];
}

const SECURITY_ID = '_local/_security';
/** What only an admin of a database does to it, as CouchDB 3 keeps it. */
const ADMINS_ONLY = new Set(['_purge', '_compact', '_revs_limit', '_view_cleanup', '_purged_infos_limit']);
/** How long a caller's session, as the server answered it, is taken for the same credentials. */
const SESSION_CACHE_MS = 1_000;

const named = (list: { names?: string[]; roles?: string[] } | undefined, user: UserCtx) =>
  !!list && ((!!user.name && (list.names ?? []).includes(user.name)) || (list.roles ?? []).some((r) => user.roles.includes(r)));
const isServerAdmin = (user: UserCtx) => user.roles.includes('_admin');

function refuse(res: express.Response, user: UserCtx, what: string): void {
  // Not signed in: 401, sign in; signed in as someone who may not: 403.
  if (!user.name && !isServerAdmin(user)) res.status(401).json({ error: 'unauthorized', reason: `You are not signed in: ${what}` });
  else res.status(403).json({ error: 'forbidden', reason: `You are not allowed ${what}` });
}

/**
 * The shim, for the database constructor the server keeps its worlds with; `sessionOf` asks the
 * server's own `_session` (express-pouchdb's authentication) who made a request.
 */
export function securityShim(Db: typeof PouchDB, sessionOf: (req: express.Request) => Promise<UserCtx>): express.Router {
  const router = express.Router();
  const securities = new Map<string, SecurityObject>();
  const sessions = new Map<string, { at: number; user: Promise<UserCtx> }>();
  const validateWrite = validation(Db);

  const who = (req: express.Request): Promise<UserCtx> => {
    const key = `${req.headers.cookie ?? ''}\u0000${req.headers.authorization ?? ''}`;
    const known = sessions.get(key);
    if (known && Date.now() - known.at < SESSION_CACHE_MS) return known.user;
    const user = sessionOf(req).catch((): UserCtx => ({ name: null, roles: [] }));
    sessions.set(key, { at: Date.now(), user });
    if (sessions.size > 1000) sessions.delete(sessions.keys().next().value!);
    return user;
  };

  const securityOf = async (db: string): Promise<SecurityObject> => {
    const known = securities.get(db);
    if (known) return known;
    const stored = ((await new Db(db).get(SECURITY_ID).catch(() => null)) ?? {}) as SecurityObject & { _id?: string; _rev?: string };
    const { _id: _i, _rev: _r, ...security } = stored;
    securities.set(db, security);
    return security;
  };

  router.use(async (req, res, next) => {
    try {
      const [, first = '', second = ''] = req.path.split('/');
      const db = decodeURIComponent(first);
      // The server itself: its root, sessions and ids are anyone's (and who asks is known by its sessions); the rest is its admins'.
      if (!db || db === '_session' || db === '_uuids') return next();
      const user = await who(req);
      if (db.startsWith('_')) return isServerAdmin(user) ? next() : refuse(res, user, `to reach ${db}`);
      if (!second && (req.method === 'PUT' || req.method === 'DELETE')) return isServerAdmin(user) ? next() : refuse(res, user, `to ${req.method === 'PUT' ? 'create' : 'remove'} a database`);
      const security = await securityOf(db);
      const admin = isServerAdmin(user) || named(security.admins, user);
      const member = admin || named(security.members, user);
      if (second === '_security') {
        if (req.method === 'GET') return member ? void res.json(security) : refuse(res, user, `to read the security of ${db}`);
        if (req.method !== 'PUT') return next();
        if (!admin) return refuse(res, user, `to set the security of ${db}`);
        const given = await jsonBody(req, res);
        if (given === MALFORMED) return;
        if (typeof given !== 'object' || given === null || Array.isArray(given)) return void res.status(400).json({ error: 'bad_request', reason: 'the security object is a JSON object' });
        const body = given as Record<string, unknown>;
        const current = (await new Db(db).get(SECURITY_ID).catch(() => null)) as { _rev?: string } | null;
        await new Db(db).put({ ...body, _id: SECURITY_ID, ...(current?._rev ? { _rev: current._rev } : {}) });
        securities.delete(db);
        return void res.json({ ok: true });
      }
      if (!member) return refuse(res, user, `to reach the team world ${db}`);
      if (second === '_design' && req.method !== 'GET' && !admin) return refuse(res, user, `to write the design documents of ${db}`);
      if (ADMINS_ONLY.has(second) && req.method !== 'GET' && !admin) return refuse(res, user, `to ${second.slice(1).replace('_', ' ')} ${db}`);
      await validateWrite(req, res, next, { db, user, security }, req.path.split('/').slice(1));
    } catch (error) {
      next(error);
    }
  });
  return router;
}
