/**
 * A member's requests against the team server (issue 53, docs/security.md#the-team-server): each
 * request a member (Bob, no special rights) tried from outside with curl, and the answer Apache
 * CouchDB 3 gives it, as a table, one row a request. No request runs code on the server, writes a
 * design document or the seed, turns the validation off, removes what the rules keep, replaces a
 * history entry or holds the others; every answer is CouchDB's JSON, never a stack trace.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncServer } from '../../scripts/syncServer';
import { setUpWorld, withoutAccount, type Account } from '../../scripts/team/worlds';
import { seedTeamWorld } from '../../scripts/seedWorld';
import { childRevision } from '../../worker/sync/doc/revisions';
import { favouriteDocId } from '../../worker/sync/doc/docIds';
import { historyId, sealed } from '../../worker/domain/history';
import { teamDocRefusal } from '../../worker/domain/teamRules';
import { passwordChanged } from '../../worker/sync/link/teamAccount';
import { cookieFetch } from '../../scripts/team/cookieFetch';
import { TEAM_RULES } from '../../worker/domain/teamDocRules';
import { validateFunctionSource } from '../../scripts/team/validateFunction';
import { cleanUp, passwordOf, qcWorld, teamServer } from '../helpers/teamLaptops';
import { ANN, BOB, T0 } from '../helpers/builders';

const bob: Account = { name: BOB, password: passwordOf(BOB) };
const stamp = { by: BOB, laptop: 'curl', at: T0, tx: 'tx-bob', n: 1 };
/** What a probe reaching the server's process would leave: nothing of a member's text may set it. */
const PROBE = "function (doc) { globalThis.constructor.constructor('return process')().env.SERVER_PROBE_RAN = 'yes'; }";
const starOf = (id: string) => ({ email: BOB, kind: 'captures' as const, id });
const star = { _id: favouriteDocId(starOf('cap-1')), kind: 'favourite', star: starOf('cap-1'), stamp };
const entry = sealed({ at: T0, by: BOB, laptop: 'curl', tx: 'tx-bob', n: 1, what: { kind: 'applanix' }, on: { surveys: ['s-1'] } });
const historyEntry = { _id: `history:${entry.id}`, kind: 'history', entry, stamp };
/** Bob's entry said otherwise under its id: what its proof refuses, wherever it is checked. */
const changed = { ...historyEntry, entry: { ...entry, what: { kind: 'podconfig' } } };
/** An entry in the form from before entries carried their proof. */
const unproven = { ...entry, id: historyId(T0, 'curl', 'tx-bob', 2), n: 2 };

interface Answer {
  status: number;
  json: Record<string, unknown> | unknown[] | null;
  text: string;
}

let server: SyncServer;
async function call(who: Account | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const answer = await fetch(`${server.url}/couch${path}`, {
    method,
    headers: {
      ...(who ? { authorization: `Basic ${Buffer.from(`${who.name}:${who.password}`).toString('base64')}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await answer.text();
  let json: Answer['json'] = null;
  try {
    json = JSON.parse(text) as Answer['json'];
  } catch {
    json = null;
  }
  return { status: answer.status, json, text };
}

const revOf = async (id: string) => ((await call(server.admin, 'GET', `/team/${encodeURIComponent(id)}`)).json as { _rev: string })._rev;

interface Row {
  request: string;
  /** the request, made as Bob unless it says otherwise */
  send: () => Promise<Answer>;
  /** CouchDB 3's answer */
  status: number;
  error: string;
  /** for a `_bulk_docs` answered 201: the error of its one entry */
  entryError?: string;
  /** what the reason says, where the refusal must be this one and no other */
  why?: RegExp;
}

const ROWS: Row[] = [
  { request: 'POST _temp_view with a map that reaches process', send: () => call(bob, 'POST', '/team/_temp_view', { map: PROBE }), status: 404, error: 'not_found' },
  { request: 'GET a view of a design document', send: () => call(bob, 'GET', '/team/_design/team-rules/_view/all'), status: 404, error: 'not_found' },
  { request: 'POST _find (no query runs)', send: () => call(bob, 'POST', '/team/_find', { selector: {} }), status: 404, error: 'not_found' },
  { request: 'PUT a document whose body _id names a design document', send: () => call(bob, 'PUT', `/team/${encodeURIComponent(star._id)}`, { ...star, _id: '_design/evil' }), status: 400, error: 'bad_request' },
  { request: 'PUT with ?id= naming a design document', send: () => call(bob, 'PUT', `/team/${encodeURIComponent(star._id)}?id=_design/evil`, { ...star, _id: undefined }), status: 400, error: 'bad_request' },
  { request: 'PUT _design%2Fevil', send: () => call(bob, 'PUT', '/team/_design%2Fevil', { validate_doc_update: PROBE }), status: 403, error: 'forbidden', why: /design documents/ },
  { request: 'PUT _design/evil with a validate_doc_update of his own', send: () => call(bob, 'PUT', '/team/_design/evil', { validate_doc_update: PROBE }), status: 403, error: 'forbidden' },
  {
    request: 'COPY an unvalidated _local document onto _design/evil',
    send: async () => {
      expect((await call(bob, 'PUT', '/team/_local/evil', { validate_doc_update: PROBE })).status).toBe(201);
      return call(bob, 'COPY', '/team/_local/evil', undefined, { destination: '_design/evil' });
    },
    status: 403,
    error: 'forbidden',
  },
  {
    request: 'PUT _local/_security making himself the world’s admin',
    send: () => call(bob, 'PUT', '/team/_local/_security', { admins: { names: [BOB] }, members: { names: [BOB] } }),
    status: 403,
    error: 'forbidden',
  },
  {
    request: '_bulk_docs holding _local/_security',
    send: () => call(bob, 'POST', '/team/_bulk_docs', { docs: [{ _id: '_local/_security', admins: { names: [BOB] } }] }),
    status: 201,
    error: '',
    entryError: 'forbidden',
  },
  { request: 'PUT the seed', send: () => call(bob, 'PUT', '/team/seed', { note: 'mine now' }), status: 403, error: 'forbidden' },
  {
    request: 'a resolution tombstone that closes the last version of a capture',
    send: async () => call(bob, 'PUT', '/team/captures%3Acap-1', { _rev: await revOf('captures:cap-1'), _deleted: true, resolved: true, stamp }),
    status: 403,
    error: 'forbidden',
    why: /closes the last version of it standing/,
  },
  {
    // A settling is never a removal, even of what a person may remove: the version it kept is not here.
    request: 'a resolution tombstone that closes the last version of a survey',
    send: async () => call(bob, 'PUT', '/team/surveys%3As-qc', { _rev: await revOf('surveys:s-qc'), _deleted: true, resolved: true, stamp }),
    status: 403,
    error: 'forbidden',
    why: /closes the last version of it standing/,
  },
  {
    request: 'new_edits:false with an invented parent, replacing a history entry',
    send: async () => {
      expect((await call(bob, 'PUT', `/team/${encodeURIComponent(historyEntry._id)}`, historyEntry)).status).toBe(201);
      const invented = { ...changed, ...childRevision('7-00000000000000000000000000000000', changed) };
      return call(bob, 'POST', '/team/_bulk_docs', { docs: [invented], new_edits: false });
    },
    status: 201,
    error: '',
    entryError: 'forbidden',
    // The proof, not the test server's look at the entry standing: CouchDB's validate function refuses it alike.
    why: /content does not match its id: a history entry is never changed$/,
  },
  {
    request: 'PUT a history entry changed, over its own revision',
    send: async () => call(bob, 'PUT', `/team/${encodeURIComponent(historyEntry._id)}`, { ...changed, _rev: await revOf(historyEntry._id) }),
    status: 403,
    error: 'forbidden',
    why: /content does not match its id: a history entry is never changed$/,
  },
  {
    request: 'PUT a new history entry with no proof in its id (the form from before)',
    send: () => call(bob, 'PUT', `/team/${encodeURIComponent(`history:${unproven.id}`)}`, { _id: `history:${unproven.id}`, kind: 'history', entry: unproven, stamp }),
    status: 403,
    error: 'forbidden',
    why: /has no proof of its content in its id/,
  },
  { request: '_bulk_docs with new_edits: 0', send: () => call(bob, 'POST', '/team/_bulk_docs', { docs: [star], new_edits: 0 }), status: 400, error: 'bad_request' },
  { request: 'PUT with ?new_edits=0', send: () => call(bob, 'PUT', `/team/${encodeURIComponent(star._id)}?new_edits=0`, star), status: 400, error: 'bad_request' },
  {
    request: '_bulk_docs sent as text/plain (a form on another site)',
    send: () => call(bob, 'POST', '/team/_bulk_docs', JSON.stringify({ docs: [star] }), { 'content-type': 'text/plain' }),
    status: 415,
    error: 'bad_content_type',
  },
  { request: 'a world named a/b', send: () => call(server.admin, 'PUT', '/a%2Fb'), status: 400, error: 'illegal_database_name' },
  { request: 'a world named Team', send: () => call(server.admin, 'PUT', '/Team'), status: 400, error: 'illegal_database_name' },
  { request: "a world named 'bad name'", send: () => call(server.admin, 'PUT', '/bad%20name'), status: 400, error: 'illegal_database_name' },
  {
    request: '_bulk_docs of 10 001 documents',
    send: () => call(bob, 'POST', '/team/_bulk_docs', { docs: Array.from({ length: 10_001 }, () => ({})) }),
    status: 413,
    error: 'max_bulk_docs_count_exceeded',
  },
  { request: 'a _local document of 10 MB', send: () => call(bob, 'PUT', '/team/_local/big', { text: 'x'.repeat(10 * 1024 * 1024) }), status: 413, error: 'too_large' },
  { request: 'a body that is no JSON', send: () => call(bob, 'PUT', `/team/${encodeURIComponent(star._id)}`, '{"_id": '), status: 400, error: 'bad_request' },
  { request: 'a path with a broken %-escape', send: () => call(bob, 'GET', '/team/%E0%A4%A'), status: 400, error: 'bad_request' },
  { request: '_changes filtered by a design document', send: () => call(bob, 'GET', '/team/_changes?filter=evil/probe'), status: 400, error: 'bad_request' },
  { request: "another person's account", send: () => call(bob, 'GET', `/_users/${encodeURIComponent(`org.couchdb.user:${ANN}`)}`), status: 403, error: 'forbidden' },
];

afterAll(cleanUp);

describe('a member’s requests are answered as CouchDB 3 answers them (issue 53)', () => {
  beforeAll(async () => {
    server = await teamServer();
    await server.world('team', [ANN, BOB]);
    await seedTeamWorld(`${server.url}/couch/team`, qcWorld(), T0, server.admin);
    // An admin's own design document is stored and served, and never run.
    expect((await call(server.admin, 'PUT', '/team/_design/probe', { validate_doc_update: PROBE })).status).toBe(201);
  }, 30_000);

  it.each(ROWS)('$request: $status $error', async (row) => {
    const answer = await row.send();
    expect(answer.status).toBe(row.status);
    const reason: unknown = row.why ? expect.stringMatching(row.why) : expect.any(String);
    if (row.entryError) expect(answer.json).toEqual([expect.objectContaining({ error: row.entryError, reason }) as unknown]);
    else expect(answer.json).toMatchObject({ error: row.error, reason });
    expect(answer.text).not.toMatch(/\n\s+at |node_modules|<html/i);
  });

  it('ran no text of a request or a design document, and wrote no design document of a member', async () => {
    expect(process.env.SERVER_PROBE_RAN).toBeUndefined();
    expect((await call(server.admin, 'GET', '/team/_design/evil')).status).toBe(404);
    expect((await call(server.admin, 'GET', '/team/_design/probe')).status).toBe(200);
    expect((await call(server.admin, 'GET', '/team/seed')).json).not.toMatchObject({ note: 'mine now' });
    expect((await call(server.admin, 'GET', '/team/_security')).json).toMatchObject({ admins: { names: [] } });
  });

  it('reads _design%2Fx as the design document _design/x, for an admin as for a member', async () => {
    expect(await call(server.admin, 'PUT', '/team/_design%2Fadmins', { language: 'javascript' })).toMatchObject({ status: 201, json: { id: '_design/admins' } });
    expect(await call(bob, 'GET', '/team/_design/admins')).toMatchObject({ status: 200, json: { _id: '_design/admins' } });
    expect(await call(bob, 'GET', '/team/_design%2Fadmins')).toMatchObject({ status: 200, json: { _id: '_design/admins' } });
  });

  it('a world whose admin took the team’s validation off is checked by its laptops alone; no member takes it off or writes its security', async () => {
    await server.world('bare', [BOB]);
    const rules = (await call(server.admin, 'GET', '/bare/_design/team-rules')).json as { _rev: string };
    expect((await call(bob, 'DELETE', `/bare/_design/team-rules?rev=${rules._rev}`)).status).toBe(403);
    expect((await call(bob, 'PUT', '/bare/x%3A1', { note: 'no kind' })).status).toBe(403);
    expect((await call(server.admin, 'DELETE', `/bare/_design/team-rules?rev=${rules._rev}`)).status).toBe(200);
    expect((await call(bob, 'PUT', '/bare/x%3A1', { note: 'no kind' })).status).toBe(201);
    expect((await call(bob, 'PUT', '/bare/_design/evil', { validate_doc_update: PROBE })).status).toBe(403);
    expect((await call(bob, 'PUT', '/bare/_local/_security', { admins: { names: [BOB] } })).status).toBe(403);
    // Set up again (sync:setup after an upgrade), the world is checked again.
    await server.world('bare', [BOB]);
    expect((await call(bob, 'PUT', '/bare/x%3A2', { note: 'no kind' })).status).toBe(403);
  });

  it('takes a member’s own writes: a favourite, a _bulk_docs, a _local checkpoint', async () => {
    expect((await call(bob, 'PUT', `/team/${encodeURIComponent(star._id)}`, star)).json).toMatchObject({ ok: true });
    const replicated = { ...star, _id: favouriteDocId(starOf('cap-2')), star: starOf('cap-2') };
    const bulk = await call(bob, 'POST', '/team/_bulk_docs', { docs: [{ ...replicated, ...childRevision(undefined, replicated) }], new_edits: false });
    expect(bulk.status).toBe(201);
    expect(await call(bob, 'PUT', '/team/_local/checkpoint', { last_seq: 3 })).toMatchObject({ status: 201 });
    expect(process.env.SERVER_PROBE_RAN).toBeUndefined();
  });

  it('takes a resolution tombstone that closes one of two standing versions of a capture', async () => {
    const seeded = (await call(server.admin, 'GET', '/team/captures%3Acap-1')).json as Record<string, unknown> & { _id: string; _rev: string };
    const { _rev: seedRev, ...body } = seeded;
    const mine = { ...body, stamp };
    const root = { ...mine, ...childRevision(undefined, mine) };
    const closing = { _id: seeded._id, _deleted: true, resolved: true, stamp };
    // The conflict first (a version of Bob's beside the seed's), then the person settles it.
    expect(await call(bob, 'POST', '/team/_bulk_docs', { docs: [root], new_edits: false })).toMatchObject({ status: 201, json: [] });
    const answer = await call(bob, 'POST', '/team/_bulk_docs', { docs: [{ ...closing, ...childRevision(seedRev, closing) }], new_edits: false });
    // A replicated write that is taken is answered with no entry, as CouchDB answers it.
    expect(answer).toMatchObject({ status: 201, json: [] });
    expect(((await call(bob, 'GET', '/team/captures%3Acap-1')).json as { _rev: string })._rev).toBe(root._rev);
  });

  it('a laptop holds a winning resolution tombstone to its kind’s rule (no version of it stands)', () => {
    const closing = (id: string) => ({ _id: id, _deleted: true, resolved: true, stamp });
    expect(teamDocRefusal(closing('captures:cap-1'), undefined, null, TEAM_RULES)).toMatch(/never removes a capture/);
    expect(teamDocRefusal(closing('surveys:s-qc'), undefined, null, TEAM_RULES)).toBeNull();
  });

  it('CouchDB’s validate function, as sync:setup installs it, refuses a changed history entry though it sees no old version', () => {
    // The design document's text, run as CouchDB runs it (here only, in a test: the server never compiles it).
    const validate = new Function(`return (${validateFunctionSource()});`)() as (doc: unknown, oldDoc: unknown, user: unknown, sec: unknown) => void;
    const why = (doc: unknown, name: string, admins: string[] = []) => {
      try {
        validate(doc, null, { name, roles: [] }, { admins: { names: admins }, members: { names: [ANN, BOB] } });
        return null;
      } catch (e) {
        return (e as { forbidden?: string }).forbidden ?? String(e);
      }
    };
    expect(why(historyEntry, BOB)).toBeNull();
    expect(why(changed, BOB)).toMatch(/content does not match its id: a history entry is never changed$/);
    const old = { _id: `history:${unproven.id}`, kind: 'history', entry: unproven, stamp };
    expect(why(old, BOB)).toMatch(/has no proof of its content in its id/);
    // An admin still writes the form from before (a world seeded from an older export).
    expect(why(old, ANN, [ANN])).toBeNull();
  });

  it('a _bulk_docs at the cap holds no other member’s request: the server answers others between its chunks', async () => {
    const docs = Array.from({ length: 10_000 }, (_, i) => {
      const at = { ...star, _id: favouriteDocId(starOf(`cap-flood-${i}`)), star: starOf(`cap-flood-${i}`) };
      return { ...at, ...childRevision(undefined, at) };
    });
    let ended = false;
    const flood = call(bob, 'POST', '/team/_bulk_docs', { docs, new_edits: false }).finally(() => (ended = true));
    let answered = 0;
    let longest = 0;
    while (!ended) {
      const asked = performance.now();
      await call(null, 'GET', '/_session');
      if (ended) break;
      answered++;
      longest = Math.max(longest, performance.now() - asked);
    }
    expect(await flood).toMatchObject({ status: 201, json: [] });
    // Checked or written at once, the flood held every other request for 2 s; a chunk holds it for
    // tens of ms (the budget, 200 ms at p95, is measured by npm run bench:sync: this bound is coarse).
    expect(answered).toBeGreaterThanOrEqual(5);
    expect(longest).toBeLessThan(1_000);
  });

  it('lets a person change their own password, never their roles', async () => {
    const path = `/_users/${encodeURIComponent(`org.couchdb.user:${BOB}`)}`;
    const own = (await call(bob, 'GET', path)).json as Record<string, unknown>;
    expect(own).toMatchObject({ name: BOB, type: 'user' });
    const mine = { _id: own._id, _rev: own._rev, name: BOB, type: 'user', roles: own.roles };
    expect(await call(bob, 'PUT', path, { ...mine, roles: ['_admin'], password: 'x' })).toMatchObject({ status: 403, json: { error: 'forbidden' } });
    expect((await call(bob, 'PUT', path, { ...mine, password: 'a new one' })).status).toBe(201);
    expect((await call({ name: BOB, password: 'a new one' }, 'GET', '/team')).status).toBe(200);
    expect((await call(bob, 'GET', '/team')).status).toBe(401);
  });

  it('a laptop changes its person’s password, and is signed in with the new one', async () => {
    const jar = cookieFetch();
    const cleo = { name: 'cleo.diaz@example.com', password: passwordOf('cleo.diaz@example.com') };
    expect(await passwordChanged(jar, server.url, '/couch', cleo.name, 'not hers', 'new-pw')).toMatchObject({ ok: false, field: 'password' });
    expect(await passwordChanged(jar, server.url, '/couch', cleo.name, cleo.password, '')).toMatchObject({ ok: false, field: 'newPassword' });
    // Signed in again, with the roles the server holds the account to (issue 52: the test team's, a coordinator's).
    expect(await passwordChanged(jar, server.url, '/couch', cleo.name, cleo.password, 'new-pw')).toEqual({ ok: true, name: cleo.name, roles: ['coordinator'] });
    expect((await jar(`${server.url}/couch/_session`)).ok).toBe(true);
    expect(((await (await jar(`${server.url}/couch/_session`)).json()) as { userCtx: { name: string } }).userCtx.name).toBe(cleo.name);
    expect((await call({ name: cleo.name, password: 'new-pw' }, 'GET', '/_session')).status).toBe(200);
    expect((await call(null, 'POST', '/_session', cleo)).status).toBe(401);
  });

  it('sync:setup refuses what CouchDB refuses, says a wrong admin password so, and names a member with no account', async () => {
    const couch = `${server.url}/couch`;
    for (const name of ['Team', 'bad name', 'x$y!']) await expect(setUpWorld(couch, server.admin, name, { members: [BOB] })).rejects.toThrow(/Only lowercase characters/);
    await expect(setUpWorld(couch, server.admin, 'a/b', { members: [BOB] })).rejects.toThrow(/holds '\/'/);
    await expect(setUpWorld(couch, { name: server.admin.name, password: 'wrong' }, 'team', { members: [BOB] })).rejects.toThrow(/refused the admin's name or password/);
    expect(await withoutAccount(couch, server.admin, [ANN, 'nobody@aerial.example'])).toEqual(['nobody@aerial.example']);
  });

  it.each([
    ['POST /_session', (password: string) => call(null, 'POST', '/_session', { name: ANN, password })],
    ['Basic credentials', (password: string) => call({ name: ANN, password }, 'GET', '/')],
  ])('slows repeated wrong passwords of one account: %s', async (_how, signIn) => {
    const took: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      expect((await signIn('guess')).status).toBe(401);
      took.push(performance.now() - started);
    }
    // No wait for the first three; then 250 ms, doubling: the fifth waits 500 ms more than the first.
    expect(took[4]! - took[0]!).toBeGreaterThanOrEqual(350);
    // Ana with her password is let in (after the wait), and her run of failures ends.
    expect((await signIn(passwordOf(ANN))).status).toBe(200);
    const started = performance.now();
    expect((await signIn('guess')).status).toBe(401);
    expect(performance.now() - started).toBeLessThan(took[4]!);
  });
});
