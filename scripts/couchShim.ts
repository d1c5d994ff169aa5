/**
 * Where the test server answers as Apache CouchDB does and express-pouchdb does not, for the tools a
 * team uses on its server (issue 32, docs/sync.md#the-test-server): `couchbackup` (full mode) and
 * `couchrestore`, tested by tests/engine/couchTools.test.ts. Mounted in front of express-pouchdb,
 * on the same path:
 * - an empty `POST /{db}/_bulk_get` answers no results (PouchDB's bulkGet of nothing never
 *   answers, so couchbackup's full mode hung on its check that the endpoint is there);
 * - a database's info carries `doc_del_count`, the documents removed, which couchrestore reads to
 *   tell an empty database (it refused every new one as "not empty" without it);
 * - a normal (not live) `_changes` answer says how many changes are `pending` past it, which
 *   couchbackup's full mode reads to know it has read them all (it asked again forever);
 * - signing in (`POST /_session`) takes the account's name as `username` too, as CouchDB 3 does:
 *   couchbackup's client sends it so.
 */
import express from 'express';
import type PouchDB from 'pouchdb-core';

/** The removed documents of one database, counted from its changes, read on from where the last count stopped. */
class Removed {
  private readonly ids = new Set<string>();
  private since: number | string = 0;
  private counting: Promise<number> | null = null;

  constructor(private readonly db: PouchDB) {}

  count(): Promise<number> {
    this.counting ??= (async () => {
      // A database removed and made again under the same name starts its positions anew.
      const { update_seq } = await this.db.info();
      if (typeof update_seq === 'number' && typeof this.since === 'number' && update_seq < this.since) {
        this.ids.clear();
        this.since = 0;
      }
      for (;;) {
        const { results, last_seq } = await this.db.changes({ since: this.since, limit: 5000 });
        for (const change of results) {
          if (change.deleted) this.ids.add(change.id);
          else this.ids.delete(change.id);
        }
        this.since = last_seq;
        if (results.length < 5000) return this.ids.size;
      }
    })().finally(() => (this.counting = null));
    return this.counting;
  }
}

/** CouchDB's answers where express-pouchdb's differ, for the database constructor `Db` the server keeps its worlds with. */
export function couchShim(Db: typeof PouchDB): express.Router {
  const router = express.Router();
  const removed = new Map<string, Removed>();
  router.post('/_session', express.json(), express.urlencoded({ extended: false }), (req, _res, next) => {
    const body = (req.body ?? {}) as { name?: unknown; username?: unknown };
    if (body.name === undefined && body.username !== undefined) body.name = body.username;
    next();
  });
  router.post('/:db/_bulk_get', express.json({ limit: '64mb' }), (req, res, next) => {
    const docs = (req.body as { docs?: unknown } | undefined)?.docs;
    if (Array.isArray(docs) && docs.length === 0) return void res.json({ results: [] });
    next();
  });
  const changes = (req: express.Request, res: express.Response, next: express.NextFunction) => {
    const feed = typeof req.query.feed === 'string' ? req.query.feed : 'normal';
    if (feed !== 'normal') return next();
    const limit = Number(req.query.limit ?? (req.body as { limit?: unknown } | undefined)?.limit);
    answered(res, async (body) => {
      if (!Array.isArray(body.results) || body.pending !== undefined) return body;
      if (!(Number.isFinite(limit) && body.results.length >= limit)) return { ...body, pending: 0 };
      // A full page: at least one more, as far as the database's position says past the page's.
      const { update_seq } = await new Db(req.params.db ?? '').info();
      const left = typeof update_seq === 'number' && typeof body.last_seq === 'number' ? update_seq - body.last_seq : 1;
      return { ...body, pending: Math.max(1, left) };
    });
    next();
  };
  router.get('/:db/_changes', changes);
  router.post('/:db/_changes', changes);
  router.get('/:db', (req, res, next) => {
    const name = req.params.db ?? '';
    if (name.startsWith('_')) return next();
    // Only once express-pouchdb has answered the info of a database that is there is it counted.
    answered(res, async (body) => {
      let counter = removed.get(name);
      if (!counter) removed.set(name, (counter = new Removed(new Db(name))));
      return { ...body, doc_del_count: await counter.count() };
    });
    next();
  });
  return router;
}

/**
 * Lets express-pouchdb answer, then sends its JSON as `amend` makes it; any answer that is not a
 * success, or not JSON, goes out as it was.
 */
function answered(res: express.Response, amend: (body: Record<string, unknown>) => Promise<Record<string, unknown>>): void {
  const send = res.send.bind(res);
  res.send = (body?: unknown) => {
    const text = Buffer.isBuffer(body) ? body.toString('utf8') : typeof body === 'string' ? body : null;
    let parsed: unknown = null;
    try {
      parsed = res.statusCode === 200 && text !== null ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return send(body);
    void amend(parsed as Record<string, unknown>).then(
      (amended) => send(JSON.stringify(amended)),
      () => send(body),
    );
    return res;
  };
}
