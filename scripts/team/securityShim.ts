/**
 * Who may reach what on the test server (issues 33 and 53, docs/sync.md#who-can-do-what), as
 * Apache CouchDB 3 decides it: a database's `_security` names its admins and members; a member reads
 * and writes its documents (the team's rule decides which writes, validation.ts), an admin of the
 * database also its design documents and its `_security`; only a server admin creates or removes
 * databases and reads the list of them; a person reads and changes their own `_users` document
 * (their password), a server admin any. A database whose `_security` names no member is its admins'
 * alone (CouchDB 3's default). express-pouchdb's own security part does not run on PouchDB 9 (its
 * database wrappers break the creation of databases), so this shim, in front of express-pouchdb,
 * keeps CouchDB's rules. It is an allow-list: what a request asks for is read once (requestRoute.ts),
 * and only what the laptops, the team's tools and an admin need is let through (docWrites.ts).
 */
import express from 'express';
import type PouchDB from 'pouchdb-core';
import { canonicalPath, routeOf } from './requestRoute';
import { DOC_MAX_BYTES, jsonBody, MALFORMED, sendError } from './requestBody';
import { testWorldNameRefusal } from './worldName';
import { docWrites } from './docWrites';
import { named, SECURITY_ID } from './validation';
import { ownAccountWrite } from './ownAccount';

export interface SecurityObject {
  admins?: { names?: string[]; roles?: string[] };
  members?: { names?: string[]; roles?: string[] };
}

export interface UserCtx {
  name: string | null;
  roles: string[];
}

/** How long a caller's session, as the server answered it, is taken for the same credentials. */
const SESSION_CACHE_MS = 1_000;
/** The methods each part of a database answers, for a member and for an admin of it; the rest is 405 (writes are checked by docWrites). */
const READS = ['GET', 'HEAD'];
const METHODS: Record<string, { member: string[]; admin: string[] }> = {
  info: { member: [...READS, 'POST'], admin: [] },
  _all_docs: { member: [...READS, 'POST'], admin: [] },
  _bulk_docs: { member: ['POST'], admin: [] },
  _bulk_get: { member: ['POST'], admin: [] },
  _changes: { member: [...READS, 'POST'], admin: [] },
  _revs_diff: { member: ['POST'], admin: [] },
  _ensure_full_commit: { member: ['POST'], admin: [] },
  _revs_limit: { member: READS, admin: ['PUT'] },
  _compact: { member: [], admin: ['POST'] },
  _purge: { member: [], admin: ['POST'] },
  local: { member: [...READS, 'PUT', 'DELETE'], admin: [] },
  design: { member: READS, admin: ['PUT', 'DELETE'] },
  doc: { member: [...READS, 'PUT', 'DELETE'], admin: [] },
  attachment: { member: READS, admin: [] },
};

const isServerAdmin = (user: UserCtx) => user.roles.includes('_admin');

export function refuse(res: express.Response, user: UserCtx, what: string): void {
  // Not signed in: 401, sign in; signed in as someone who may not: 403.
  if (!user.name && !isServerAdmin(user)) sendError(res, 401, 'unauthorized', `You are not signed in: ${what}`);
  else sendError(res, 403, 'forbidden', `You are not allowed ${what}`);
}

/**
 * The shim, for the database constructor the server keeps its worlds with; `sessionOf` asks the
 * server's own `_session` (express-pouchdb's authentication) who made a request.
 */
export function securityShim(Db: typeof PouchDB, sessionOf: (req: express.Request) => Promise<UserCtx>): express.Router {
  const router = express.Router();
  const securities = new Map<string, SecurityObject>();
  const sessions = new Map<string, { at: number; user: Promise<UserCtx> }>();
  const writes = docWrites(Db);

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

  const setSecurity = async (req: express.Request, res: express.Response, db: string): Promise<void> => {
    const given = await jsonBody(req, res, DOC_MAX_BYTES);
    if (given === MALFORMED) return;
    if (typeof given !== 'object' || given === null || Array.isArray(given)) return sendError(res, 400, 'bad_request', 'the security object is a JSON object');
    const current = (await new Db(db).get(SECURITY_ID).catch(() => null)) as { _rev?: string } | null;
    await new Db(db).put({ ...(given as Record<string, unknown>), _id: SECURITY_ID, ...(current?._rev ? { _rev: current._rev } : {}) });
    securities.delete(db);
    res.json({ ok: true });
  };

  router.use(async (req, res, next) => {
    try {
      const route = routeOf(req.path);
      if (route.at === 'none') return sendError(res, route.status, route.error, route.reason);
      // The server itself: its root, sessions and ids are anyone's (and who asks is known by its sessions); the rest is its admins'.
      if (route.at === 'server' && ['', '_session', '_uuids'].includes(route.name) && !route.rest.length) return next();
      const user = await who(req);
      if (route.at === 'server') {
        if (isServerAdmin(user)) return next();
        if (route.name === '_users' && route.rest.length === 1 && user.name) return await ownAccountWrite(Db, req, res, next, user, route.rest[0]!);
        return refuse(res, user, `to reach ${route.name || 'the server'}`);
      }
      const { db, part } = route;
      const badName = testWorldNameRefusal(db);
      if (badName) return sendError(res, 400, 'illegal_database_name', badName);
      const canonical = canonicalPath(route, req.url.slice(req.path.length));
      if (canonical) req.url = canonical;
      if (part === 'info' && (req.method === 'PUT' || req.method === 'DELETE')) {
        if (!isServerAdmin(user)) return refuse(res, user, `to ${req.method === 'PUT' ? 'create' : 'remove'} a database`);
        // A world removed and made again under its name is a new one: its validation is looked for anew.
        res.on('finish', () => writes.forget(db));
        return next();
      }
      const security = await securityOf(db);
      const admin = isServerAdmin(user) || named(security.admins, user);
      const member = admin || named(security.members, user);
      if (part === '_security') {
        if (req.method === 'GET') return member ? void res.json(security) : refuse(res, user, `to read the security of ${db}`);
        if (req.method !== 'PUT') return sendError(res, 405, 'method_not_allowed', 'Only GET,PUT allowed');
        return admin ? await setSecurity(req, res, db) : refuse(res, user, `to set the security of ${db}`);
      }
      if (!member) return refuse(res, user, `to reach the team world ${db}`);
      const methods = METHODS[part]!;
      if (req.method === 'COPY') return sendError(res, 403, 'forbidden', 'the team server makes no copies on the server: write the document itself, so the team’s rule checks it');
      if (!methods.member.includes(req.method) && !(admin && methods.admin.includes(req.method))) {
        if (methods.admin.includes(req.method)) return refuse(res, user, `to ${part === 'design' ? 'write the design documents of' : part.slice(1).replace('_', ' ')} ${db}`);
        return sendError(res, 405, 'method_not_allowed', `Only ${[...methods.member, ...(admin ? methods.admin : [])].join(',')} allowed`);
      }
      await writes.checkedWrite(req, res, next, { db, user, security }, route);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
