/**
 * What a member's request may write or ask the server to run, checked before express-pouchdb sees
 * it (issue 53, docs/sync.md#the-test-server), as CouchDB 3 checks it:
 * - a document's id comes from the URL alone: a body `_id` or `?id=` that says another is 400;
 * - `new_edits` is a boolean; a `_bulk_docs` holds at most MAX_BULK_DOCS documents (CouchDB's
 *   `max_bulk_docs_count`), each at most `max_document_size`, `_local` ones included;
 * - every document written is checked by the team's rule (validation.ts): a refused single write
 *   is answered here; a `_bulk_docs` is written here, what passed, a chunk at a time, with the
 *   refusals in its answer;
 * - a feed of changes filters by nothing but ids (PouchDB compiles a filter or view named from a
 *   design document, and no text from a database is run), and its heartbeat is at least a second.
 */
import { setImmediate as yieldNow } from 'node:timers/promises';
import type express from 'express';
import type PouchDB from 'pouchdb-core';
import { BULK_BODY_MAX_BYTES, DOC_MAX_BYTES, jsonBody, MALFORMED, sendError } from './requestBody';
import type { Route } from './requestRoute';
import { validation, type Doc, type Refusal, type Writer } from './validation';

/** CouchDB 3's `max_bulk_docs_count` for the team server: a laptop sends at most 2 000 (a live replication's batch), a seed 5 000 (worker/sync/seed.ts). */
export const MAX_BULK_DOCS = 10_000;
/** Documents written between two yields of the server's thread. */
const WRITE_CHUNK = 250;
/** The shortest heartbeat of a feed of changes: a shorter one has the server write to the socket without pause. */
const HEARTBEAT_MIN_MS = 1_000;
/** The parts read with a body of many ids or documents. */
const BULK_PARTS = new Set(['_bulk_docs', '_bulk_get', '_revs_diff', '_all_docs', '_changes']);

type DbRoute = Extract<Route, { at: 'db' }>;

/** `new_edits` as given, or why it is not a boolean (`?new_edits=` is text; a body's is JSON). */
function newEditsOf(value: unknown): boolean | string {
  if (value === undefined || value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return `new_edits must be a boolean, not ${JSON.stringify(value)?.slice(0, 40)}`;
}

/** Why a feed of changes is refused, or null (only `_doc_ids` filters: any other names code in a design document). */
function changesRefusal(req: express.Request, body: unknown): string | null {
  const filter = req.query.filter ?? (body as { filter?: unknown } | undefined)?.filter;
  if (filter !== undefined && filter !== '_doc_ids') return 'the team server filters a feed of changes by document ids only (_doc_ids): it runs no filter or view';
  if (req.query.view !== undefined) return 'the team server runs no view';
  // A heartbeat of a few ms has the server write without pause: one shorter than the least is the least.
  const heartbeat = Number(req.query.heartbeat);
  const given = req.query.heartbeat;
  if (given !== undefined && given !== 'true' && given !== 'false' && !(heartbeat >= HEARTBEAT_MIN_MS)) req.query.heartbeat = String(HEARTBEAT_MIN_MS);
  return null;
}

/** Each document's size, yielding between chunks: one over `max_document_size` is named. */
async function oversized(docs: readonly unknown[]): Promise<string | null> {
  for (let i = 0; i < docs.length; i++) {
    if (i > 0 && i % 500 === 0) await yieldNow();
    if (Buffer.byteLength(JSON.stringify(docs[i]) ?? '') > DOC_MAX_BYTES) return String((docs[i] as Doc | null)?._id ?? `document ${i + 1}`).slice(0, 80);
  }
  return null;
}

type Written = { id?: string; error?: unknown; name?: string; message?: string; ok?: boolean; rev?: string };

/**
 * Writes the documents a chunk at a time, yielding the thread between chunks: one `_bulk_docs` of
 * 10 000 written at once held every other request for two seconds. CouchDB's `_bulk_docs` is no
 * transaction either: each document is written or refused on its own.
 */
async function writeInChunks(db: PouchDB, docs: readonly (Doc & { _id: string })[], edits: boolean): Promise<Written[]> {
  const out: Written[] = [];
  for (let start = 0; start < docs.length; start += WRITE_CHUNK) {
    if (start > 0) await yieldNow();
    out.push(...((await db.bulkDocs(docs.slice(start, start + WRITE_CHUNK), { new_edits: edits })) as Written[]));
  }
  return out;
}

export function docWrites(Db: typeof PouchDB) {
  const { refusals, forget } = validation(Db);

  const bulkDocs = async (res: express.Response, writer: Writer, body: unknown): Promise<void> => {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return sendError(res, 400, 'bad_request', 'Request body must be a JSON object');
    const given = body as { docs?: unknown; new_edits?: unknown };
    if (!Array.isArray(given.docs)) return sendError(res, 400, 'bad_request', "Missing JSON list of 'docs'");
    const edits = newEditsOf(given.new_edits);
    if (typeof edits === 'string') return sendError(res, 400, 'bad_request', edits);
    if (given.docs.length > MAX_BULK_DOCS) return sendError(res, 413, 'max_bulk_docs_count_exceeded', `a _bulk_docs of ${given.docs.length} documents: the team server takes at most ${MAX_BULK_DOCS} in one request (max_bulk_docs_count)`);
    const large = await oversized(given.docs);
    if (large) return sendError(res, 413, 'document_too_large', `${large} is larger than the ${DOC_MAX_BYTES / (1024 * 1024)} MB a document may be (max_document_size)`);
    const docs = (given.docs as unknown[]).map((d) => (typeof d === 'object' && d !== null && !Array.isArray(d) ? (d as Doc) : null));
    const why = await refusals(writer, docs, !edits);
    const passed = docs.filter((d, i): d is Doc & { _id: string } => !!d && why[i] === null);
    if (passed.some((d) => d._id.startsWith('_design/'))) res.on('finish', () => forget(writer.db));
    const written = await writeInChunks(new Db(writer.db), passed, edits);
    // In the order asked, as CouchDB answers (a replicated write answers only what it did not write);
    // PouchDB's answer for a document it did not write, in CouchDB's words.
    let w = 0;
    const answer = docs.flatMap((d, i) => {
      const refused: Refusal = why[i] ?? null;
      if (refused) return [{ id: typeof d?._id === 'string' ? d._id : '', ...refused }];
      if (!edits) return [];
      const r = written[w++] ?? {};
      return [r.error ? { id: r.id, error: r.name, reason: r.message } : r];
    });
    if (!edits) answer.push(...written.filter((r) => r.error).map((r) => ({ id: r.id, error: r.name, reason: r.message })));
    res.status(201).json(answer);
  };

  /** A write of one document (PUT, DELETE, or POST to the database): its id from the URL, checked by the rule. */
  const oneDoc = async (req: express.Request, res: express.Response, next: express.NextFunction, writer: Writer, route: DbRoute, body: unknown): Promise<void> => {
    if (req.method !== 'DELETE' && (typeof body !== 'object' || body === null || Array.isArray(body))) return sendError(res, 400, 'bad_request', 'Document must be a JSON object');
    const given = (body ?? {}) as Doc;
    const posted = route.part === 'info';
    const id = posted ? given._id : route.id;
    if (typeof id !== 'string' || !id) return sendError(res, 400, 'bad_request', 'a document written to a team world names its _id');
    if (!posted && given._id !== undefined && given._id !== id) return sendError(res, 400, 'bad_request', `Document id must match the URL: the body names ${String(given._id).slice(0, 80)}, the URL ${id.slice(0, 80)}`);
    const queryId = req.query.id;
    if (queryId !== undefined && queryId !== id) return sendError(res, 400, 'bad_request', 'Document id must match the URL: ?id= names another');
    const rev = req.query.rev;
    if (rev !== undefined && typeof rev !== 'string') return sendError(res, 400, 'bad_request', 'rev is one revision');
    if (rev !== undefined && given._rev !== undefined && given._rev !== rev) return sendError(res, 400, 'bad_request', 'Document rev from request body and query string have different values');
    const edits = newEditsOf(req.query.new_edits);
    if (typeof edits === 'string') return sendError(res, 400, 'bad_request', edits);
    const doc: Doc = req.method === 'DELETE' ? { _id: id, _deleted: true, ...(rev ? { _rev: rev } : {}) } : { ...given, _id: id };
    if (req.method !== 'DELETE') (req.body as Doc)._id = id;
    const [why] = await refusals(writer, [doc], !edits);
    if (why) return sendError(res, 403, why.error, why.reason);
    if (id.startsWith('_design/')) res.on('finish', () => forget(writer.db));
    next();
  };

  const checkedWrite = async (req: express.Request, res: express.Response, next: express.NextFunction, writer: Writer, route: DbRoute): Promise<void> => {
    const reading = req.method === 'GET' || req.method === 'HEAD';
    if (reading && route.part !== '_changes') return next();
    const body = reading || req.method === 'DELETE' ? undefined : await jsonBody(req, res, BULK_PARTS.has(route.part) ? BULK_BODY_MAX_BYTES : DOC_MAX_BYTES);
    if (body === MALFORMED) return;
    if (route.part === '_changes') {
      const why = changesRefusal(req, body);
      return why ? sendError(res, 400, 'bad_request', why) : next();
    }
    if (route.part === '_bulk_docs') return bulkDocs(res, writer, body);
    if (route.part === 'doc' || route.part === 'design' || route.part === 'local' || route.part === 'info') return oneDoc(req, res, next, writer, route, body);
    next();
  };
  return { checkedWrite, forget };
}
