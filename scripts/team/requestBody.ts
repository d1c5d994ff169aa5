/**
 * A request's body and every error, as Apache CouchDB 3 answers them (issue 53,
 * docs/security.md#the-team-server): a body is JSON sent as `application/json` (anything else is
 * 415 `bad_content_type`: a form on another site can send `text/plain` with a person's cookie, never
 * `application/json`), no larger than CouchDB's bounds (413, the bound named in words), and every
 * error is CouchDB's JSON `{error, reason}`, never a page with a stack trace and the install's paths.
 */
import express from 'express';
import { parseInParts } from './jsonInParts';

/** CouchDB 3's `max_document_size`: a document, `_local` ones included, and the body of a one-document request. */
export const DOC_MAX_BYTES = 8 * 1024 * 1024;
/** The body of a request of many documents (`_bulk_docs`, `_bulk_get`, …): as the production proxy's `client_max_body_size` (docs/sync.md#production). */
export const BULK_BODY_MAX_BYTES = 64 * 1024 * 1024;

export interface CouchError {
  error: string;
  reason: string;
}

export function sendError(res: express.Response, status: number, error: string, reason: string): void {
  if (res.headersSent) return void res.end();
  res.status(status).json({ error, reason } satisfies CouchError);
}

export const MALFORMED = Symbol('malformed');

/** Whether a request carries a body at all (a PUT that creates a database carries none). */
function hasBody(req: express.Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * The request's JSON body ({} when it has none), read once here: body-parser marks the request
 * read, so express-pouchdb takes it as it is. One that is not `application/json`, too large or not
 * JSON is answered as CouchDB answers it, and MALFORMED. A body that may be large (`limitBytes`
 * over a document's) is read as text and parsed a part at a time (jsonInParts.ts), as body-parser
 * would parse it: a charset other than UTF-8, 16 or 32 refused, a byte-order mark left out, an
 * empty body {}.
 */
export function jsonBody(req: express.Request, res: express.Response, limitBytes: number): Promise<unknown> {
  if ((req as { _body?: boolean })._body) return Promise.resolve(req.body ?? {});
  if (!hasBody(req)) return Promise.resolve((req.body = {}));
  if (!req.is('application/json')) {
    sendError(res, 415, 'bad_content_type', 'Content-Type must be application/json');
    return Promise.resolve(MALFORMED);
  }
  const inParts = limitBytes > DOC_MAX_BYTES;
  const refuse = (status: unknown) => {
    if (status === 413) sendError(res, 413, 'too_large', `the request is larger than the ${megabytes(limitBytes)} the team server takes in one request (CouchDB's max_document_size is 8 MB a document)`);
    else sendError(res, 400, 'bad_request', 'invalid UTF-8 JSON');
    return MALFORMED;
  };
  if (inParts && !charsetOf(req).startsWith('utf-')) return Promise.resolve(refuse(415));
  const read = inParts ? express.text({ limit: limitBytes, type: () => true, defaultCharset: 'utf-8' }) : express.json({ limit: limitBytes, type: () => true, strict: false });
  return new Promise((done) =>
    read(req, res, (error?: unknown) => {
      if (error) return done(refuse((error as { status?: unknown }).status));
      if (!inParts) return done(req.body ?? {});
      const text = req.body as string;
      (text.length ? parseInParts(text) : Promise.resolve({})).then(
        (body) => done((req.body = body)),
        () => done(refuse(400)),
      );
    }),
  );
}

/** The charset a request's Content-Type names, lower case (body-parser's default: utf-8). */
function charsetOf(req: express.Request): string {
  return (/;\s*charset\s*=\s*"?([^";\s]+)/i.exec(req.headers['content-type'] ?? '')?.[1] ?? 'utf-8').toLowerCase();
}

/**
 * The last handler of the server: an error anything before it threw is answered as CouchDB's
 * JSON, with no stack trace; the server's own log keeps it.
 */
export function couchErrors(): express.ErrorRequestHandler {
  return (error: unknown, _req, res, _next) => {
    const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
    const code = typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
    if (code === 500) console.error('team server:', error);
    const name = (error as { name?: unknown }).name;
    sendError(res, code, code === 500 ? 'unknown_error' : typeof name === 'string' && /^[a-z_]+$/.test(name) ? name : 'bad_request', code === 500 ? 'the team server failed to answer this request' : 'the request could not be read');
  };
}
