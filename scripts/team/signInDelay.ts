/**
 * Slow repeated wrong passwords (issue 53, docs/security.md#the-team-server): each account's
 * failed sign-ins in a row (answered 401), by `POST /_session` or by a request's Basic
 * credentials, make its next one wait, longer each time, up to MAX_DELAY_MS, so guessing a
 * password takes years, not hours; a right password ends the run, and one left alone for FORGET_MS
 * is forgotten. Newer CouchDB locks an account out after a run of failures instead; a delay never
 * keeps out the person who knows the password.
 */
import type express from 'express';

/** Failures taken as typing mistakes before any delay. */
const FREE_FAILURES = 3;
const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 15_000;
const FORGET_MS = 15 * 60_000;
/** Accounts followed at once: the oldest run is forgotten past it. */
const KEPT = 10_000;

/** The name in a request's Basic credentials, or null. */
function basicName(req: express.Request): string | null {
  const header = req.headers.authorization ?? '';
  if (!/^basic /i.test(header)) return null;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 ? decoded.slice(0, colon) : null;
}

export interface SignInDelays {
  /** For `POST /_session`, its body read: the account it names. */
  session: express.RequestHandler;
  /** For every request: the account of its Basic credentials, unless `own(req)` (the server asking itself who signed a request in). */
  basic(own: (req: express.Request) => boolean): express.RequestHandler;
}

export function signInDelays(): SignInDelays {
  const runs = new Map<string, { failures: number; at: number }>();
  const slowed = (name: string, res: express.Response, next: express.NextFunction) => {
    const run = runs.get(name);
    const failures = run && Date.now() - run.at < FORGET_MS ? run.failures : 0;
    const delay = failures < FREE_FAILURES ? 0 : Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES));
    res.on('finish', () => {
      if (res.statusCode === 401) {
        runs.delete(name);
        runs.set(name, { failures: failures + 1, at: Date.now() });
        if (runs.size > KEPT) runs.delete(runs.keys().next().value!);
      } else if (res.statusCode < 400) runs.delete(name);
    });
    if (delay) setTimeout(next, delay);
    else next();
  };
  return {
    session: (req, res, next) => {
      const name = (req.body as { name?: unknown } | undefined)?.name;
      slowed(typeof name === 'string' ? name : '', res, next);
    },
    basic: (own) => (req, res, next) => {
      const name = basicName(req);
      if (name === null || own(req)) return next();
      slowed(name, res, next);
    },
  };
}
