/**
 * The test server's validation (issue 33, docs/sync.md#one-rule-checked-in-three-places), as
 * Apache CouchDB 3 runs it: before every write of a document (not `_local/` ones), each
 * `validate_doc_update` of the database's design documents is called with the new document, the
 * version it follows, the writer and the database's `_security`; one that throws `{forbidden}`
 * refuses that document (403, or its entry in a `_bulk_docs` answer), the others are written. A
 * replicated write (`new_edits: false`) is checked against the revision it extends, where the
 * server holds it, as CouchDB does. express-pouchdb's own validation gives a replicated write the
 * revision history of the version already there, so the write of a newer revision is lost without
 * a word: this takes its place.
 */
import vm from 'node:vm';
import express from 'express';
import type PouchDB from 'pouchdb-core';
import type { SecurityObject, UserCtx } from './securityShim';

type Doc = Record<string, unknown> & { _id?: string; _rev?: string; _revisions?: { start: number; ids: string[] } };
type Validate = (doc: Doc, oldDoc: Doc | null, user: UserCtx, security: SecurityObject) => void;

export interface Writer {
  db: string;
  user: UserCtx;
  security: SecurityObject;
}

/** Why a document is refused, as CouchDB says it, or null. */
type Refusal = { error: 'forbidden' | 'unauthorized'; reason: string } | null;

export function validation(Db: typeof PouchDB) {
  /** Each database's validate functions, compiled once; forgotten when one of its design documents is written. */
  const compiled = new Map<string, Promise<Validate[]>>();

  const validatorsOf = (db: string): Promise<Validate[]> => {
    let known = compiled.get(db);
    if (!known) {
      known = new Db(db)
        .allDocs({ startkey: '_design/', endkey: '_design/\uffff', include_docs: true })
        .then((all) =>
          all.rows.flatMap((row) => {
            const source = (row.doc as { validate_doc_update?: unknown } | undefined)?.validate_doc_update;
            // Each in a context of its own, as CouchDB's JavaScript server runs it: it reaches nothing of the server's.
            return typeof source === 'string' ? [vm.runInNewContext(`(${source})`, {}, { timeout: 1000 }) as Validate] : [];
          }),
        );
      compiled.set(db, known);
      known.catch(() => compiled.delete(db));
    }
    return known;
  };

  /**
   * The version each document follows: for a replicated one, the revision it extends, if here;
   * otherwise the one standing. Read in one request for a whole `_bulk_docs`.
   */
  const followed = async (db: string, docs: readonly Doc[], replicated: boolean): Promise<(Doc | null)[]> => {
    const wanted = docs.map((doc) => {
      const id = typeof doc._id === 'string' && !doc._id.startsWith('_local/') ? doc._id : null;
      if (!id) return null;
      if (!replicated) return { id, ...(typeof doc._rev === 'string' ? { rev: doc._rev } : {}) };
      const revisions = doc._revisions;
      return revisions && Array.isArray(revisions.ids) && revisions.ids.length > 1 ? { id, rev: `${revisions.start - 1}-${revisions.ids[1]}` } : null;
    });
    const asked = wanted.filter((w): w is { id: string; rev?: string } => w !== null);
    if (!asked.length) return docs.map(() => null);
    const { results } = await new Db(db).bulkGet({ docs: asked });
    let i = 0;
    return wanted.map((w) => {
      if (!w) return null;
      const found = results[i++]?.docs[0];
      return found && 'ok' in found ? (found.ok as Doc) : null;
    });
  };

  const check = async (writer: Writer, doc: Doc, oldDoc: Doc | null): Promise<Refusal> => {
    const id = typeof doc._id === 'string' ? doc._id : '';
    if (id.startsWith('_local/')) return null;
    const validators = await validatorsOf(writer.db);
    for (const validate of validators) {
      try {
        validate(structuredClone(doc), oldDoc && structuredClone(oldDoc), structuredClone(writer.user), structuredClone(writer.security));
      } catch (thrown) {
        const t = (thrown ?? {}) as { forbidden?: unknown; unauthorized?: unknown };
        if (t.unauthorized !== undefined) return { error: 'unauthorized', reason: String(t.unauthorized) };
        return { error: 'forbidden', reason: t.forbidden !== undefined ? String(t.forbidden) : `the validation failed (${String(thrown)})` };
      }
    }
    return null;
  };

  /**
   * Checks a write of documents before express-pouchdb makes it: a refused single write is answered
   * here; a `_bulk_docs` is written here, what passed, with the refusals among its answers.
   */
  return async function validateWrite(req: express.Request, res: express.Response, next: express.NextFunction, writer: Writer, path: readonly string[]): Promise<void> {
    const [, second = '', third] = path;
    const bulk = second === '_bulk_docs' && req.method === 'POST';
    const newDoc = !second && req.method === 'POST';
    const isDocWrite = newDoc || (!!second && !second.startsWith('_')) || second === '_design';
    if (!bulk && (!isDocWrite || !['PUT', 'POST', 'DELETE', 'COPY'].includes(req.method))) return next();
    const body = req.method === 'DELETE' || req.method === 'COPY' ? undefined : await jsonBody(req, res);
    if (body === MALFORMED) return;
    // A design document written: the validation is compiled again once the write is done (not
    // before: until then, the one in force is the one there).
    const docs = bulk ? (body as { docs?: unknown } | undefined)?.docs : undefined;
    const design = second === '_design' || (Array.isArray(docs) && docs.some((d) => typeof (d as Doc | null)?._id === 'string' && (d as Doc)._id!.startsWith('_design/')));
    if (design) res.on('finish', () => compiled.delete(writer.db));
    if (bulk) {
      const given = (body ?? {}) as { docs?: unknown; new_edits?: unknown };
      if (!Array.isArray(given.docs)) return next();
      const replicated = given.new_edits === false;
      if (!(await validatorsOf(writer.db)).length) return next();
      const refused: { id: string; error: string; reason: string }[] = [];
      const passed: Doc[] = [];
      const all = (given.docs as unknown[]).map((d) => (typeof d === 'object' && d !== null && !Array.isArray(d) ? (d as Doc) : null));
      const olds = await followed(writer.db, all.map((d) => d ?? {}), replicated);
      for (const [i, doc] of all.entries()) {
        const why = doc ? await check(writer, doc, olds[i] ?? null) : { error: 'forbidden' as const, reason: 'a document is an object' };
        if (why) refused.push({ id: String((doc as Doc | null)?._id ?? ''), ...why });
        else if (doc) passed.push(doc);
      }
      if (!refused.length) return next();
      const written = passed.length ? await new Db(writer.db).bulkDocs(passed as ({ _id: string } & Doc)[], { new_edits: !replicated }) : [];
      // PouchDB's answer for a document it did not write, in CouchDB's words.
      const answered = (written as { id?: string; error?: unknown; name?: string; message?: string }[]).map((r) => (r.error ? { id: r.id, error: r.name, reason: r.message } : r));
      return void res.status(201).json([...answered, ...refused]);
    }
    if ((third !== undefined && second !== '_design') || (second === '_design' && path.length > 3) || req.method === 'COPY') {
      // An attachment, or a copy: no document of a team world has either.
      return void res.status(403).json({ error: 'forbidden', reason: 'a team world holds no attachments, and no copies made on the server' });
    }
    const id = newDoc ? String((body as Doc | undefined)?._id ?? '') : second === '_design' ? `_design/${decodeURIComponent(third ?? '')}` : decodeURIComponent(second);
    const rev = typeof req.query.rev === 'string' ? req.query.rev : undefined;
    const doc: Doc = req.method === 'DELETE' ? { _id: id, _deleted: true, ...(rev ? { _rev: rev } : {}) } : { ...((body ?? {}) as Doc), _id: id };
    const replicated = req.query.new_edits === 'false';
    if (!(await validatorsOf(writer.db)).length) return next();
    const [oldDoc = null] = await followed(writer.db, [doc], replicated);
    const why = await check(writer, doc, oldDoc);
    if (why) return void res.status(why.error === 'unauthorized' ? 401 : 403).json(why);
    next();
  };
}

export const MALFORMED = Symbol('malformed');
/** body-parser's, as express-pouchdb reads a body (compressed or not); it marks the request read, so express-pouchdb takes it as it is. */
const parseJson = express.json({ limit: '64mb', type: () => true });

/** A request's JSON body, read here ({} when empty); one that is no JSON is answered 400, and MALFORMED. */
export function jsonBody(req: express.Request, res: express.Response): Promise<unknown> {
  return new Promise((done) =>
    parseJson(req, res, (error?: unknown) => {
      if (!error) return done(req.body ?? {});
      const status = (error as { status?: unknown }).status;
      res.status(typeof status === 'number' ? status : 400).json({ error: 'bad_request', reason: error instanceof Error ? error.message : 'invalid JSON' });
      done(MALFORMED);
    }),
  );
}
