/**
 * A person's own account (issue 53, docs/sync.md#who-can-do-what): as CouchDB 3's `_users`
 * validation allows, a signed-in person reads their own `_users` document and writes it again with
 * a new password; their name, type and roles stay as they are (roles are the server admin's to
 * give). Anything else under `_users` is the server admin's.
 */
import type express from 'express';
import type PouchDB from 'pouchdb-core';
import { DOC_MAX_BYTES, jsonBody, MALFORMED, sendError } from './requestBody';
import { refuse, type UserCtx } from './securityShim';

/** The fields of a `_users` document a person may send: the account's own, and a password (hashed by the server), or its hash. */
const ACCOUNT_FIELDS = new Set(['_id', '_rev', 'name', 'type', 'roles', 'password', 'password_scheme', 'pbkdf2_prf', 'iterations', 'derived_key', 'salt']);

const sameRoles = (a: unknown, b: unknown) => Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((r, i) => r === b[i]);

export async function ownAccountWrite(Db: typeof PouchDB, req: express.Request, res: express.Response, next: express.NextFunction, user: UserCtx, id: string): Promise<void> {
  const own = `org.couchdb.user:${user.name}`;
  if (id !== own) return refuse(res, user, 'to reach _users');
  if (req.method === 'GET' || req.method === 'HEAD') return next();
  if (req.method !== 'PUT') return sendError(res, 405, 'method_not_allowed', 'Only GET,HEAD,PUT allowed on your own account');
  const body = await jsonBody(req, res, DOC_MAX_BYTES);
  if (body === MALFORMED) return;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return sendError(res, 400, 'bad_request', 'Document must be a JSON object');
  const doc = body as Record<string, unknown>;
  const current = (await new Db('_users').get(own).catch(() => null)) as { roles?: unknown } | null;
  if (!current) return sendError(res, 404, 'not_found', 'missing');
  const extra = Object.keys(doc).find((key) => !ACCOUNT_FIELDS.has(key));
  if (extra) return sendError(res, 403, 'forbidden', `an account holds no ${extra.slice(0, 40)}`);
  if ((doc._id ?? own) !== own || doc.name !== user.name || doc.type !== 'user') return sendError(res, 403, 'forbidden', 'you change your own password, never your account’s name or type');
  if (!sameRoles(doc.roles, current.roles ?? [])) return sendError(res, 403, 'forbidden', 'Only _admin may set roles');
  doc._id = own;
  next();
}
