/**
 * Slow repeated wrong passwords (issue 53, docs/security.md#the-team-server): each account's
 * failed sign-ins (`POST /_session` answered 401) in a row make its next sign-in wait, longer each
 * time, up to MAX_DELAY_MS, so guessing a password takes years, not hours; a right password ends
 * the run, and one left alone for FORGET_MS is forgotten. Newer CouchDB locks an account out
 * after a run of failures instead; a delay never keeps the person out who knows the password.
 */
import type express from 'express';

/** Failures taken as typing mistakes before any delay. */
const FREE_FAILURES = 3;
const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 15_000;
const FORGET_MS = 15 * 60_000;
/** Accounts followed at once: the oldest run is forgotten past it. */
const KEPT = 10_000;

export function signInDelay(): express.RequestHandler {
  const runs = new Map<string, { failures: number; at: number }>();
  return (req, res, next) => {
    const body = (req.body ?? {}) as { name?: unknown };
    const name = typeof body.name === 'string' ? body.name : '';
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
}
