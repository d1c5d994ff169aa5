/**
 * Roles held by the server against a raw write (issue 52, docs/requirements.md#req-team-roles): a
 * member with a valid account writes with curl (a PUT with basic auth) what the console would
 * refuse them. The server refuses it, 403 with the table's words, and keeps nothing of it; the
 * same write by a coordinator is taken. The console's side: teamRoles.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncServer } from '../../scripts/syncServer';
import { entityDocId } from '../../worker/sync/doc/docIds';
import { validateFunctionSource } from '../../scripts/team/validateFunction';
import { ASSIGNS, CANCELS, CAPTURE_WORK, CLEANS, SETS_SPEED } from '../../worker/domain/roles';
import { cleanUp, laptop, passwordOf, teamServer, until } from '../helpers/teamLaptops';
import { ANN, BOB, T0, aSurvey, aWorld } from '../helpers/builders';

type Doc = Record<string, unknown> & { _id: string; _rev: string; e?: Record<string, unknown> };

const TECHNICIAN = ANN;
const COORDINATOR = BOB;
const WORLD = 'roles-by-hand';

let server: SyncServer;
beforeAll(async () => {
  server = await teamServer({ users: [{ name: TECHNICIAN, password: passwordOf(TECHNICIAN), roles: ['technician'] }, { name: COORDINATOR, password: passwordOf(COORDINATOR), roles: ['coordinator'] }] });
  await server.world(WORLD);
  const w = aWorld();
  aSurvey(w, { surveyId: 's-ann', mediaId: 'M1', stage: 'applanix', assignedTo: TECHNICIAN });
  aSurvey(w, { surveyId: 's-bob', mediaId: 'M1', stage: 'applanix', assignedTo: COORDINATOR });
  // Worked on the technician's own laptop alone (the writes by hand change the others).
  aSurvey(w, { surveyId: 's-ann-2', mediaId: 'M1', stage: 'applanix', assignedTo: TECHNICIAN });
  // The coordinator's, touched by the replicated writes alone.
  aSurvey(w, { surveyId: 's-bob-2', mediaId: 'M1', stage: 'applanix', assignedTo: COORDINATOR });
  aSurvey(w, { surveyId: 's-bob-3', mediaId: 'M1', stage: 'applanix', assignedTo: COORDINATOR });
  // The coordinator's laptop gives the team its world.
  const l = await laptop(server.url, COORDINATOR, JSON.stringify(w));
  expect(await l.join(WORLD)).toEqual({ ok: true });
  await until(() => expect(l.sync.status).toMatchObject({ state: 'up-to-date', unsent: 0 }), l);
  await l.sync.stop();
});
afterAll(cleanUp);

const basic = (name: string) => `Basic ${Buffer.from(`${name}:${passwordOf(name)}`).toString('base64')}`;
let txs = 0;

async function read(id: string): Promise<Doc> {
  const answer = await fetch(`${server.url}/couch/${WORLD}/${encodeURIComponent(id)}`, { headers: { authorization: basic(COORDINATOR), accept: 'application/json' } });
  return (await answer.json()) as Doc;
}

/**
 * `who` writes the document changed by `change`, stamped as theirs (acting as `role`, where given), as
 * curl would: the status and reason the server answers.
 */
async function write(who: string, id: string, change: (doc: Doc) => Doc, role?: unknown): Promise<{ status: number; reason: string }> {
  const doc = change(structuredClone(await read(id)));
  doc.stamp = { by: who, laptop: 'curl', at: T0, tx: `by-hand-${++txs}`, n: 0, ...(role === undefined ? {} : { role }) };
  const answer = await fetch(`${server.url}/couch/${WORLD}/${encodeURIComponent(id)}`, {
    method: 'PUT',
    headers: { authorization: basic(who), 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(doc),
  });
  const body = (await answer.json()) as { reason?: string };
  return { status: answer.status, reason: body.reason ?? '' };
}

const survey = (id: string) => entityDocId('surveys', id);

/** Why CouchDB's validate function, as sync:setup installs it, refuses `doc` from `name` of `roles` (null: it takes it). */
function why(doc: unknown, oldDoc: unknown, name: string, roles: string[]): string | null {
  // The design document's text, run as CouchDB runs it (here only, in a test: the server never compiles it).
  const validate = new Function(`return (${validateFunctionSource()});`)() as (doc: unknown, oldDoc: unknown, user: unknown, sec: unknown) => void;
  try {
    validate(doc, oldDoc, { name, roles }, { admins: { names: [] }, members: { names: [TECHNICIAN, COORDINATOR] } });
    return null;
  } catch (e) {
    return (e as { forbidden?: string }).forbidden ?? String(e);
  }
}
const withE = (more: Record<string, unknown>) => (doc: Doc): Doc => ({ ...doc, e: { ...doc.e, ...more } });
/** The survey's stored workflow with each stage's letter as `letters` says (its own where `letters` has '.'). */
const stages = (letters: string) => (doc: Doc): Doc => {
  const w = doc.e!.w as { s: string };
  const s = [...w.s].map((c, i) => (letters[i] && letters[i] !== '.' ? letters[i] : c)).join('');
  return { ...doc, e: { ...doc.e, w: { ...w, s } } };
};

const HOSTILE: { what: string; id: string; change: (doc: Doc) => Doc; why: string | RegExp }[] = [
  { what: 'assigns a survey to themselves', id: survey('s-bob'), change: withE({ assignedTo: TECHNICIAN }), why: ASSIGNS },
  { what: 'takes their own survey away from themselves', id: survey('s-ann'), change: withE({ assignedTo: null }), why: ASSIGNS },
  { what: 'confirms Applanix on a survey of another', id: survey('s-bob'), change: withE({ applanix: true }), why: /works only the surveys assigned to them: survey s-bob is assigned to bob/ },
  { what: 'cancels their own survey', id: survey('s-ann'), change: stages('...X'), why: CANCELS },
  { what: 'starts processing their own survey', id: survey('s-ann'), change: withE({ processing: true }), why: CAPTURE_WORK },
  { what: 'moves their own survey to Published', id: survey('s-ann'), change: stages('CCCCCCCCCCCCR'), why: CAPTURE_WORK },
  { what: 'publishes a capture', id: entityDocId('captures', 'cap-1'), change: withE({ published: true }), why: CAPTURE_WORK },
  { what: "sets the team's speed", id: 'speed', change: (doc) => ({ ...doc, speed: (doc.speed as number) === 10 ? 100 : 10 }), why: SETS_SPEED },
  { what: 'removes a received survey (a clean)', id: survey('s-ann'), change: (doc) => ({ _id: doc._id, _rev: doc._rev, _deleted: true }), why: CLEANS },
];

describe('the team server reads the stamp’s role as one of the team’s roles, and holds the change to the role now (issue 52)', () => {
  const applanix = (doc: Doc): Doc => ({ ...doc, e: { ...doc.e, applanix: !doc.e?.applanix } });

  it('a technician stamped as a technician, or with no role (written before roles): taken', async () => {
    expect((await write(TECHNICIAN, survey('s-ann'), applanix, 'technician')).status).toBe(201);
    expect((await write(TECHNICIAN, survey('s-ann'), applanix)).status).toBe(201);
    expect((await read(survey('s-ann'))).stamp).not.toHaveProperty('role');
  });

  it('a change stamped with a role taken away or given since (made while the laptop was away): taken where the role now allows it', async () => {
    expect((await write(TECHNICIAN, survey('s-ann'), applanix, 'coordinator')).status).toBe(201);
    expect((await write(COORDINATOR, survey('s-ann'), applanix, 'technician')).status).toBe(201);
  });

  it('a role that is no role: 403, nothing kept', async () => {
    const before = await read(survey('s-ann'));
    expect(await write(COORDINATOR, survey('s-ann'), applanix, 'admin')).toEqual({ status: 403, reason: 'surveys:s-ann says it was written in a role the team does not have' });
    expect((await read(before._id))._rev).toBe(before._rev);
  });

  it('CouchDB’s validate function reads the stamp’s role alike', async () => {
    const old = await read(survey('s-ann'));
    const stamped = (role: string) => ({ ...old, stamp: { by: TECHNICIAN, laptop: 'curl', at: T0, tx: 'by-hand', n: 0, role } });
    expect(why(stamped('technician'), old, TECHNICIAN, ['technician'])).toBeNull();
    // No role on the account is a technician's.
    expect(why(stamped('technician'), old, TECHNICIAN, [])).toBeNull();
    expect(why(stamped('coordinator'), old, TECHNICIAN, ['technician'])).toBeNull();
    expect(why(stamped('admin'), old, TECHNICIAN, ['technician'])).toMatch(/a role the team does not have/);
  });

  it('the technician’s laptop stamps its change, and its history entry, “technician” on the server', async () => {
    const l = await laptop(server.url, TECHNICIAN, JSON.stringify(aWorld()));
    expect(await l.join(WORLD)).toEqual({ ok: true });
    await until(() => expect(l.sync.status).toMatchObject({ state: 'up-to-date', unsent: 0, role: 'technician' }), l);
    expect(await l.engine.dispatch({ type: 'processApplanix', surveyId: 's-ann-2' })).toMatchObject({ ok: true });
    await until(() => expect(l.sync.status).toMatchObject({ state: 'up-to-date', unsent: 0 }), l);
    const written = await read(survey('s-ann-2'));
    expect(written.stamp).toMatchObject({ by: TECHNICIAN, role: 'technician' });
    const all = (await (await fetch(`${server.url}/couch/${WORLD}/_all_docs?include_docs=true`, { headers: { authorization: basic(COORDINATOR) } })).json()) as { rows: { doc: Doc }[] };
    const entries = all.rows.map((r) => r.doc).filter((d) => d._id.startsWith('history:') && (d.entry as { tx: string }).tx === (written.stamp as { tx: string }).tx);
    expect(entries.map((d) => [(d.entry as { role?: string }).role, (d.stamp as { role?: string }).role])).toEqual([['technician', 'technician']]);
    await l.sync.stop();
  });
});

describe('a technician writing by hand what their role does not allow is refused by the server (issue 52)', () => {
  for (const h of HOSTILE) {
    it(`a technician ${h.what}: 403, with why, nothing kept`, async () => {
      const before = await read(h.id);
      const answer = await write(TECHNICIAN, h.id, h.change);
      expect(answer.status).toBe(403);
      expect(answer.reason).toMatch(h.why);
      expect((await read(h.id))._rev).toBe(before._rev);
    });
  }

  it('a technician confirms Applanix on their own survey: taken', async () => {
    expect((await write(TECHNICIAN, survey('s-ann'), withE({ applanix: true }))).status).toBe(201);
  });

  it('CouchDB’s validate function, as sync:setup installs it, refuses the same by the roles CouchDB passes it', async () => {
    for (const h of HOSTILE.filter((x) => !x.what.startsWith('removes'))) {
      const old = await read(h.id);
      const stamped = (by: string) => ({ ...h.change(structuredClone(old)), stamp: { by, laptop: 'curl', at: T0, tx: 'by-hand', n: 0 } });
      expect(why(stamped(TECHNICIAN), old, TECHNICIAN, ['technician']), h.what).toMatch(h.why);
      // No role: a technician's rights.
      expect(why(stamped(TECHNICIAN), old, TECHNICIAN, []), h.what).toMatch(h.why);
      expect(why(stamped(COORDINATOR), old, COORDINATOR, ['coordinator']), h.what).toBeNull();
    }
  });

  it('a coordinator may do each of these', async () => {
    for (const h of HOSTILE.filter((x) => !x.what.startsWith('removes'))) {
      const answer = await write(COORDINATOR, h.id, h.change);
      expect(answer, h.what).toMatchObject({ status: 201 });
    }
  });
});

/**
 * `who` writes `doc` as a replicating laptop would (`new_edits: false`), at the revision path
 * `path` (newest first): the error the server gives its one entry, or null where it took it.
 */
async function replicate(who: string, doc: Doc, path: string[]): Promise<{ error: string; reason: string } | null> {
  const [newest] = path;
  const start = Number(newest!.split('-')[0]);
  const written = { ...doc, _rev: newest, _revisions: { start, ids: path.map((r) => r.slice(r.indexOf('-') + 1)) }, stamp: { by: who, laptop: 'curl', at: T0, tx: `by-hand-${++txs}`, n: 0 } };
  const answer = await fetch(`${server.url}/couch/${WORLD}/_bulk_docs`, {
    method: 'POST',
    headers: { authorization: basic(who), 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ docs: [written], new_edits: false }),
  });
  expect(answer.status).toBe(201);
  const [entry] = (await answer.json()) as { error?: string; reason?: string }[];
  return entry?.error ? { error: entry.error, reason: entry.reason ?? '' } : null;
}

/** Every version of `id` the server holds, live or removed. */
async function leavesOf(id: string): Promise<string[]> {
  const answer = await fetch(`${server.url}/couch/${WORLD}/${encodeURIComponent(id)}?open_revs=all`, { headers: { authorization: basic(COORDINATOR), accept: 'application/json' } });
  return ((await answer.json()) as { ok: { _rev: string } }[]).map((l) => l.ok._rev).sort();
}

const hex = (c: string) => c.repeat(32);

describe('a technician replicating a version is checked against the version it follows, found as CouchDB finds it (issue 52)', () => {
  it('a revision invented beside the one standing, its path meeting none of the server’s: checked as new, as CouchDB checks it (a limit: docs/security.md)', async () => {
    const standing = await read(survey('s-bob-3'));
    // CouchDB's validate function is given no old version for it, as for a world given back beside another laptop's.
    expect(await replicate(TECHNICIAN, withE({ assignedTo: TECHNICIAN })(standing), [`3-${hex('e')}`, `2-${hex('d')}`])).toBeNull();
    expect(await leavesOf(standing._id)).toEqual([standing._rev, `3-${hex('e')}`].sort());
  });

  it('two changes made offline, sent as one version whose path meets the one held: checked against that one', async () => {
    const own = await read(survey('s-ann'));
    const [gen] = own._rev.split('-');
    const offline = (n: number, c: string) => `${Number(gen) + n}-${hex(c)}`;
    expect(await replicate(TECHNICIAN, withE({ applanix: !own.e?.applanix })(own), [offline(2, 'a'), offline(1, 'b'), own._rev])).toBeNull();
    const other = await read(survey('s-bob-2'));
    const [g] = other._rev.split('-');
    const reason = await replicate(TECHNICIAN, withE({ assignedTo: TECHNICIAN })(other), [`${Number(g) + 2}-${hex('c')}`, `${Number(g) + 1}-${hex('d')}`, other._rev]);
    expect(reason).toMatchObject({ error: 'forbidden', reason: ASSIGNS });
  });

  it('a document the server does not hold, with a path of its own (a world given back): new here, taken', async () => {
    const given = { ...(await read(survey('s-ann'))), _id: survey('s-given-back') };
    expect(await replicate(TECHNICIAN, given, [`3-${hex('1')}`, `2-${hex('2')}`, `1-${hex('3')}`])).toBeNull();
    expect(await leavesOf(given._id)).toEqual([`3-${hex('1')}`]);
  });

  it('a coordinator replicating the same change along the same path: taken (held to nothing here)', async () => {
    const other = await read(survey('s-ann-2'));
    const [g] = other._rev.split('-');
    expect(await replicate(COORDINATOR, withE({ assignedTo: COORDINATOR })(other), [`${Number(g) + 2}-${hex('6')}`, `${Number(g) + 1}-${hex('7')}`, other._rev])).toBeNull();
  });
});
