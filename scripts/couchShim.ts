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
 *   couchbackup's client sends it so; repeated wrong passwords of one account are slowed
 *   (team/signInDelay.ts).
 */
import { EventEmitter } from 'node:events';
import express from 'express';
import type PouchDB from 'pouchdb-core';
import type { SignInDelays } from './team/signInDelay';

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
export function couchShim(Db: typeof PouchDB, delays: SignInDelays): express.Router {
  const router = express.Router();
  const removed = new Map<string, Removed>();
  router.post(
    '/_session',
    express.json(),
    express.urlencoded({ extended: false }),
    (req, _res, next) => {
      const body = (req.body ?? {}) as { name?: unknown; username?: unknown };
      if (body.name === undefined && body.username !== undefined) body.name = body.username;
      next();
    },
    delays.session,
  );
  router.post('/:db/_bulk_get', express.json({ limit: '64mb' }), (req, res, next) => {
    const docs = (req.body as { docs?: unknown } | undefined)?.docs;
    if (Array.isArray(docs) && docs.length === 0) return void res.json({ results: [] });
    next();
  });
  const changes = (req: express.Request, res: express.Response, next: express.NextFunction) => {
    const feed = typeof req.query.feed === 'string' ? req.query.feed : 'normal';
    if (feed === 'longpoll' && req.query.heartbeat === undefined) endLongPollAt(Number(req.query.timeout ?? LONG_POLL_DEFAULT_MS), req, res);
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

/** How long CouchDB holds a long poll with no change when the request names no timeout (chttpd's changes_timeout). */
const LONG_POLL_DEFAULT_MS = 60_000;

/**
 * A long poll without a heartbeat ends at its timeout, with no change, as CouchDB's does;
 * express-pouchdb's stays open until a change comes. Its live feed of changes is cancelled as a
 * closed connection cancels it: through the request's connection, which it listens to for 'close'.
 */
function endLongPollAt(timeoutMs: number, req: express.Request, res: express.Response): void {
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) return;
  const socket = req.socket;
  const ended = new EventEmitter();
  // express-pouchdb listens for the connection's 'close' once its first look found no change: a poll is open.
  let polling = false;
  const connection = new Proxy(socket, {
    get(target, key) {
      if (key === 'on') return (event: string, listener: () => void) => (event === 'close' && ((polling = true), ended.on('close', listener)), target.on(event, listener), connection);
      if (key === 'removeListener') return (event: string, listener: () => void) => (ended.removeListener(event, listener), target.removeListener(event, listener), connection);
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  Object.defineProperty(req, 'connection', { configurable: true, value: connection });
  const since = typeof req.query.since === 'string' ? req.query.since : '0';
  const timer = setInterval(() => {
    if (!polling || res.writableEnded) return;
    clearInterval(timer);
    ended.emit('close');
    // No change came: the feed ends where it began (a change racing this is read by the next poll).
    res.write(`],\n"last_seq":${/^\d+$/.test(since) ? since : JSON.stringify(since)}}\n`);
    res.end();
    // A heartbeat already on its way writes nothing more.
    res.write = (() => true) as typeof res.write;
  }, timeoutMs);
  res.on('close', () => clearInterval(timer));
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
