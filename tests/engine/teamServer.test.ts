/**
 * The team server keeps out who does not belong and checks every write (issue 33,
 * docs/sync.md#who-can-do-what, docs/sync.md#one-rule-checked-in-three-places): a real test
 * server (scripts/syncServer.ts) over HTTP, each person reaching it with their own account, as
 * curl or a script would (raw requests with basic auth) and as PouchDB replicates.
 *
 * Each hostile document the issue names is written four ways by a member, and each is refused
 * (403 `forbidden`, its reason naming the problem), nothing of it kept: a plain PUT, a plain
 * `_bulk_docs`, a replicated write (`_bulk_docs` with `new_edits: false`, the revision extending
 * the server's), and through PouchDB.replicate itself, which reports it denied.
 *
 * What the server cannot judge: whether a document names documents that exist. A
 * `validate_doc_update` sees the new document, the version it follows, the writer and the
 * `_security` only; it cannot read another document. A survey naming a capture that does not
 * exist is therefore written by the server, and it is the laptops that take it in which hold it
 * back, naming it in Settings → Team sync with why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import PouchDB from '../helpers/pouch';
import type { Account } from '../../scripts/team/worlds';
import { childRevision } from '../../worker/sync/doc/revisions';
import { favouriteDocId, flagDocId } from '../../worker/sync/doc/docIds';
import { cleanUp, laptop, passwordOf, teamServer, until, type TeamLaptop } from '../helpers/teamLaptops';
import type { SyncServer } from '../../scripts/syncServer';
import { ANN, BOB, T0 } from '../helpers/builders';
import { TWO_LAPTOP_WORLD } from '../helpers/twoLaptops';

type Doc = Record<string, unknown> & { _id: string };
type Answer = { status: number; json: unknown };
type BulkAnswer = { id?: string; ok?: boolean; rev?: string; error?: string; reason?: string }[];

const person = (name: string): Account => ({ name, password: passwordOf(name) });
const basic = ({ name, password }: Account) => `Basic ${Buffer.from(`${name}:${password}`).toString('base64')}`;

/** A request to the server as curl sends it: as `who` (basic auth), or as nobody. */
async function call(server: SyncServer, who: Account | null, method: string, path: string, body?: unknown): Promise<Answer> {
  const answer = await fetch(`${server.url}/couch${path}`, {
    method,
    headers: { accept: 'application/json', 'content-type': 'application/json', ...(who ? { authorization: basic(who) } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: answer.status, json: await answer.json().catch(() => null) };
}

/** The team world as one person reaches it through PouchDB. */
const worldAs = (server: SyncServer, world: string, who: Account) => new PouchDB(`${server.url}/couch/${world}`, { auth: { username: who.name, password: who.password } });

const stampOf = (by: string, more: Record<string, unknown> = {}) => ({ by, laptop: 'curl', at: T0, tx: `by-hand-${++txs}`, n: 1, ...more });
let txs = 0;
let scripts = 0;

/** Surveys s-qc (its QC started) and s-ready in QC, among others. */
const WORLD = TWO_LAPTOP_WORLD;
const FRAME = { surveyId: 's-qc', line: 1, camera: 'Cam02', frame: 7 };
/** A revision no version of any document has. */
const NO_SUCH_REV = `1-${'0'.repeat(32)}`;

/**
 * Every revision of every document (leaves, deleted ones too): what a refused write must leave as
 * it was. A checkpoint (`_local/`) is not among them.
 */
async function everyRevision(server: SyncServer, world: string): Promise<string[]> {
  const { results } = await worldAs(server, world, server.admin).changes({ since: 0, style: 'all_docs' });
  return results.flatMap((r) => r.changes.map((c) => `${r.id} ${c.rev}`)).sort();
}

/** A document as the server's admin reads it, or null. */
async function current(server: SyncServer, world: string, id: string): Promise<Doc & { _rev: string } | null> {
  return (await worldAs(server, world, server.admin).get(id).catch(() => null)) as (Doc & { _rev: string }) | null;
}

/** The history entry of Ann's flag: its id is known once she has flagged. */
let annsEntry = '';

/** What a hostile member writes: the document, and the revision it says it follows (default: the server's). */
interface Hostile {
  what: string;
  as: string;
  id: string;
  write(now: (Doc & { _rev: string }) | null): { doc: Doc; base?: string };
  why: RegExp;
}

const edited = (now: Doc | null, change: (e: Record<string, unknown>) => Record<string, unknown>, stamp: object) => {
  const { _rev: _r, ...body } = now!;
  return { doc: { ...body, e: change({ ...(body.e as Record<string, unknown>) }), stamp } };
};

const HOSTILE: Hostile[] = [
  {
    what: 'a change stamped as the sample data, by a member',
    as: BOB,
    id: 'captures:cap-1',
    write: (now) => edited(now, (e) => ({ ...e, description: 'the sample says so' }), stampOf('sample data')),
    why: /^only an admin writes the sample data$/,
  },
  {
    what: 'a field of the wrong type (a size in words)',
    as: BOB,
    id: 'surveys:s-qc',
    write: (now) => edited(now, (e) => ({ ...e, size: 'enormous' }), stampOf(BOB)),
    why: /^surveys:s-qc\.size is not a number of seconds$/,
  },
  {
    what: 'a field of the wrong type (a description that is an object)',
    as: BOB,
    id: 'captures:cap-2',
    write: (now) => edited(now, (e) => ({ ...e, description: { text: 'Inland hills' } }), stampOf(BOB)),
    why: /^captures:cap-2\.description is not /,
  },
  {
    what: 'a 5 MB string',
    as: BOB,
    id: 'captures:cap-1',
    write: (now) => edited(now, (e) => ({ ...e, description: 'x'.repeat(5 * 1024 * 1024) }), stampOf(BOB)),
    why: /^captures:cap-1 is larger than any document the console writes$/,
  },
  {
    what: 'the removal of a capture',
    as: BOB,
    id: 'captures:cap-1',
    write: () => ({ doc: { _id: 'captures:cap-1', _deleted: true, stamp: stampOf(BOB) } }),
    why: /^the console never removes a capture of a shared world, so the removal of captures:cap-1 is not one of its changes$/,
  },
  {
    what: 'the removal of the simulation speed',
    as: BOB,
    id: 'speed',
    write: () => ({ doc: { _id: 'speed', _deleted: true, stamp: stampOf(BOB) } }),
    why: /^the console never removes a simulation speed of a shared world/,
  },
  {
    what: 'the removal of the seed',
    as: BOB,
    id: 'seed',
    write: () => ({ doc: { _id: 'seed', _deleted: true, stamp: stampOf(BOB) } }),
    why: /^only an admin seeds a team world$/,
  },
  {
    what: 'a frame flag whose id names one survey and its body another',
    as: BOB,
    id: flagDocId('s-qc', { line: 1, frame: 3, camera: 'Cam01' }),
    write: () => ({
      doc: {
        _id: flagDocId('s-qc', { line: 1, frame: 3, camera: 'Cam01' }),
        kind: 'frameFlag',
        surveyId: 's-ready',
        flag: { line: 1, frame: 3, camera: 'Cam01', reason: 'Cloud', note: '', by: BOB, at: T0 },
        stamp: stampOf(BOB),
      },
    }),
    why: /^frameFlag:s-qc:1:3:Cam01 names survey s-qc, but its body names another$/,
  },
  {
    what: 'a stamp that says its action wrote 1e9 documents',
    as: BOB,
    id: 'captures:cap-2',
    write: (now) => edited(now, (e) => ({ ...e, description: 'a billion' }), stampOf(BOB, { n: 1e9 })),
    why: /^captures:cap-2 does not say who wrote it, on which laptop, when and in which action$/,
  },
  {
    what: 'a stamp naming another person (forged)',
    as: BOB,
    id: 'captures:cap-2',
    write: (now) => edited(now, (e) => ({ ...e, description: 'Ann said so' }), stampOf(ANN)),
    why: /^captures:cap-2 is stamped by ann\.lee@example\.com, not by bob\.smith@example\.com who writes it$/,
  },
  {
    what: 'a history entry changed after it was written, even by the person it names',
    as: ANN,
    get id() {
      return annsEntry;
    },
    write: (now) => {
      const { _rev: _r, ...body } = now!;
      const entry = body.entry as Record<string, unknown>;
      return { doc: { ...body, entry: { ...entry, what: { ...(entry.what as object), reason: 'Blur' } }, stamp: stampOf(ANN) } };
    },
    // Its id's proof refuses it before the version it follows is looked at: as CouchDB would, whatever parent it names.
    why: /^history:.*’s content does not match its id: a history entry is never changed$/,
  },
  {
    what: 'a favourite written by someone else than its person',
    as: BOB,
    id: favouriteDocId({ email: ANN, kind: 'captures', id: 'cap-1' }),
    write: () => ({ doc: { _id: favouriteDocId({ email: ANN, kind: 'captures', id: 'cap-1' }), _deleted: true, stamp: stampOf(BOB) } }),
    why: /is ann\.lee@example\.com’s favorite, not bob\.smith@example\.com’s who wrote it$/,
  },
  {
    what: 'a resolution tombstone closing a revision that does not exist',
    as: BOB,
    id: flagDocId(FRAME.surveyId, FRAME),
    write: () => ({ doc: { _id: flagDocId(FRAME.surveyId, FRAME), _deleted: true, resolved: true, stamp: stampOf(BOB) }, base: NO_SUCH_REV }),
    why: /^frameFlag:s-qc:1:7:Cam02 closes a version that does not stand$/,
  },
];

/** The refusal for `id` in a `_bulk_docs` answer. */
function refusalOf(answer: Answer, id: string) {
  expect(answer.status).toBe(201);
  return (answer.json as BulkAnswer).find((r) => r.id === id);
}

afterAll(cleanUp);

describe('the team server keeps out who does not belong and checks every write (issue 33)', () => {
  let server: SyncServer;
  let ann: TeamLaptop;
  let bob: TeamLaptop;

  beforeAll(async () => {
    server = await teamServer();
    await server.world('team-h');
    ann = await laptop(server.url, ANN, WORLD);
    expect(await ann.join('team-h')).toEqual({ ok: true });
    // Ann flags a frame (a flag and its history entry) and stars a capture: documents of hers.
    expect((await ann.engine.dispatch({ type: 'flagFrame', ...FRAME, reason: 'Cloud' })).ok).toBe(true);
    expect((await ann.engine.dispatch({ type: 'setFavourite', kind: 'captures', id: 'cap-1', starred: true })).ok).toBe(true);
    await until(() => expect(ann.sync.status).toMatchObject({ state: 'up-to-date', unsent: 0 }), ann);
    bob = await laptop(server.url, BOB, WORLD);
    expect(await bob.join('team-h')).toEqual({ ok: true });
    // A seed the admin wrote: no member removes it.
    expect((await call(server, server.admin, 'PUT', '/team-h/seed', { note: 'set up by the admin' })).status).toBe(201);
    const { rows } = await worldAs(server, 'team-h', server.admin).allDocs({ startkey: 'history:', endkey: 'history:\uffff', include_docs: true });
    annsEntry = rows.find((r) => (r.doc as { entry?: { what?: { kind?: string } } } | undefined)?.entry?.what?.kind === 'flagged')!.id;
  }, 30_000);

  describe.each(HOSTILE)('$what', (hostile) => {
    const written = async () => {
      const now = await current(server, 'team-h', hostile.id);
      const { doc, base = now?._rev } = hostile.write(now);
      return { doc, base };
    };

    it('is refused as a plain PUT, with its reason', async () => {
      const before = await everyRevision(server, 'team-h');
      const { doc, base } = await written();
      const answer = await call(server, person(hostile.as), 'PUT', `/team-h/${encodeURIComponent(doc._id)}`, { ...doc, ...(base ? { _rev: base } : {}) });
      expect(answer).toEqual({ status: 403, json: { error: 'forbidden', reason: expect.stringMatching(hostile.why) as string } });
      expect(await everyRevision(server, 'team-h')).toEqual(before);
    });

    it('is refused in a plain _bulk_docs, with its reason', async () => {
      const before = await everyRevision(server, 'team-h');
      const { doc, base } = await written();
      const answer = await call(server, person(hostile.as), 'POST', '/team-h/_bulk_docs', { docs: [{ ...doc, ...(base ? { _rev: base } : {}) }] });
      expect(refusalOf(answer, doc._id)).toEqual({ id: doc._id, error: 'forbidden', reason: expect.stringMatching(hostile.why) as string });
      expect(await everyRevision(server, 'team-h')).toEqual(before);
    });

    it('is refused as a replicated write (new_edits: false), with its reason', async () => {
      const before = await everyRevision(server, 'team-h');
      const { doc, base } = await written();
      const answer = await call(server, person(hostile.as), 'POST', '/team-h/_bulk_docs', { docs: [{ ...doc, ...childRevision(base, doc) }], new_edits: false });
      expect(refusalOf(answer, doc._id)).toEqual({ id: doc._id, error: 'forbidden', reason: expect.stringMatching(hostile.why) as string });
      expect(await everyRevision(server, 'team-h')).toEqual(before);
    });

    it('is refused when PouchDB.replicate sends it: a write failure, denied with its reason', async () => {
      const before = await everyRevision(server, 'team-h');
      const { doc, base } = await written();
      // A script's own database, holding the hostile revision as a child of the server's.
      const script = new PouchDB(`script-${++scripts}`, { adapter: 'memory' });
      await script.bulkDocs([{ ...doc, ...childRevision(base, doc) }], { new_edits: false });
      const denied: unknown[] = [];
      const replication = PouchDB.replicate(script, worldAs(server, 'team-h', person(hostile.as)));
      replication.on('denied', (error: unknown) => denied.push(error));
      const result: unknown = await replication;
      expect(result).toMatchObject({ docs_read: 1, docs_written: 0, doc_write_failures: 1 });
      expect(denied).toEqual([expect.objectContaining({ id: doc._id, reason: expect.stringMatching(hostile.why) as string })]);
      expect(await everyRevision(server, 'team-h')).toEqual(before);
    });
  });

  it('refuses a DELETE as curl sends it (no stamp), and a document with no stamp at all', async () => {
    const now = (await current(server, 'team-h', 'captures:cap-1'))!;
    const removed = await call(server, person(BOB), 'DELETE', `/team-h/captures%3Acap-1?rev=${now._rev}`);
    expect(removed).toEqual({ status: 403, json: { error: 'forbidden', reason: 'captures:cap-1 does not say who wrote it, on which laptop, when and in which action' } });
    const { _rev, stamp: _s, ...body } = now;
    const unstamped = await call(server, person(BOB), 'PUT', '/team-h/captures%3Acap-1', { ...body, _rev });
    expect(unstamped.status).toBe(403);
    expect((await current(server, 'team-h', 'captures:cap-1'))!._rev).toBe(_rev);
  });

  it("accepts a member's own change made on their laptop, and it reaches the other member's laptop", async () => {
    const bobs = { surveyId: 's-qc', line: 2, camera: 'Cam01', frame: 4 };
    expect(await bob.engine.dispatch({ type: 'flagFrame', ...bobs, reason: 'Blur' })).toMatchObject({ ok: true });
    await until(() => expect(ann.engine.world.index.surveys['s-qc']!.frameFlags).toContainEqual(expect.objectContaining({ reason: 'Blur', by: BOB, line: 2, frame: 4 })), ann);
    const flag = await current(server, 'team-h', flagDocId('s-qc', bobs));
    expect(flag?.stamp).toMatchObject({ by: BOB });
    expect(bob.sync.status).toMatchObject({ notTaken: 0 });
    expect((await bob.sync.notTaken()).listed).toEqual([]);
  });

  it('writes a replicated valid edit of an existing document, and its revision wins (express-pouchdb’s own validation lost it)', async () => {
    const now = (await current(server, 'team-h', 'captures:cap-1'))!;
    const { doc } = edited(now, (e) => ({ ...e, description: 'North strip, flown again' }), stampOf(BOB));
    const revision = childRevision(now._rev, doc);
    const answer = await call(server, person(BOB), 'POST', '/team-h/_bulk_docs', { docs: [{ ...doc, ...revision }], new_edits: false });
    expect(answer.status).toBe(201);
    expect((answer.json as BulkAnswer).filter((r) => r.error)).toEqual([]);
    const after = (await worldAs(server, 'team-h', server.admin).get('captures:cap-1', { conflicts: true })) as unknown as Doc & { _rev: string; _conflicts?: string[] };
    expect(after._rev).toBe(revision._rev);
    expect(after._conflicts).toBeUndefined();
    expect((after.e as { description?: string }).description).toBe('North strip, flown again');
    // And a laptop takes it as the capture's description.
    await until(() => expect(ann.engine.world.index.captures['cap-1']!.description).toBe('North strip, flown again'), ann);
  });

  it('writes a survey naming a capture that does not exist (no design document reads another document); the laptops hold it back and say why', async () => {
    const now = (await current(server, 'team-h', 'surveys:s-ready'))!;
    const { _rev: _r, ...body } = now;
    const orphan = { ...body, _id: 'surveys:s-orphan', e: { ...(body.e as object), captureId: 'cap-ghost' }, stamp: stampOf(BOB) };
    const answer = await call(server, person(BOB), 'POST', '/team-h/_bulk_docs', { docs: [{ ...orphan, ...childRevision(undefined, orphan) }], new_edits: false });
    expect(answer.status).toBe(201);
    expect((answer.json as BulkAnswer).filter((r) => r.error)).toEqual([]);
    expect(await current(server, 'team-h', 'surveys:s-orphan')).toMatchObject({ e: { captureId: 'cap-ghost' } });
    for (const l of [ann, bob]) {
      await until(async () => {
        expect((await l.sync.notTaken()).listed).toEqual([
          expect.objectContaining({ id: 'surveys:s-orphan', state: 'waiting', by: BOB, why: expect.stringMatching(/^surveys:s-orphan names capture cap-ghost, which this laptop does not hold$/) as string }),
        ]);
      }, l);
      expect(l.engine.world.index.surveys['s-orphan']).toBeUndefined();
    }
  });
});

describe('a team world only its members reach (issue 33)', () => {
  let server: SyncServer;
  beforeAll(async () => {
    server = await teamServer();
    // Bob has an account on the server, and is not a member of this world.
    await server.world('team-p', [ANN]);
    expect((await call(server, person(ANN), 'PUT', '/team-p/projects%3AP9', { kind: 'projects', e: { o: 0 }, at: {}, stamp: stampOf(ANN) })).status).toBe(201);
  });

  const READS: [string, string][] = [
    ['the world', '/team-p'],
    ['its documents', '/team-p/_all_docs?include_docs=true'],
    ['one document', '/team-p/projects%3AP9'],
    ['its changes', '/team-p/_changes'],
    ['its security', '/team-p/_security'],
  ];

  it.each(READS)('a member reads %s', async (_what, path) => {
    expect((await call(server, person(ANN), 'GET', path)).status).toBe(200);
  });

  it.each(READS)('an account that is no member gets 403 reading %s, no account or a wrong password 401', async (_what, path) => {
    expect(await call(server, person(BOB), 'GET', path)).toEqual({ status: 403, json: { error: 'forbidden', reason: expect.stringMatching(/^You are not allowed to (reach the team world|read the security of) team-p$/) as string } });
    expect(await call(server, null, 'GET', path)).toMatchObject({ status: 401, json: { error: 'unauthorized' } });
    expect(await call(server, { name: ANN, password: 'not-hers' }, 'GET', path)).toMatchObject({ status: 401, json: { error: 'unauthorized' } });
  });

  it('an account that is no member gets 403 writing, and writes nothing; no account or a wrong password 401', async () => {
    const doc = { kind: 'projects', e: { o: 1 }, at: {}, stamp: stampOf(BOB) };
    const before = await everyRevision(server, 'team-p');
    const writes: [string, string, unknown][] = [
      ['PUT', '/team-p/projects%3AP10', doc],
      ['POST', '/team-p', { ...doc, _id: 'projects:P10' }],
      ['POST', '/team-p/_bulk_docs', { docs: [{ ...doc, _id: 'projects:P10' }] }],
      ['POST', '/team-p/_bulk_docs', { docs: [{ ...doc, _id: 'projects:P10', ...childRevision(undefined, { ...doc, _id: 'projects:P10' }) }], new_edits: false }],
      ['DELETE', '/team-p/projects%3AP9', undefined],
    ];
    for (const [method, path, body] of writes) {
      expect(await call(server, person(BOB), method, path, body), `${method} ${path}`).toMatchObject({ status: 403, json: { error: 'forbidden' } });
      expect(await call(server, null, method, path, body), `${method} ${path}`).toMatchObject({ status: 401, json: { error: 'unauthorized' } });
      expect(await call(server, { name: BOB, password: 'guessed' }, method, path, body), `${method} ${path}`).toMatchObject({ status: 401, json: { error: 'unauthorized' } });
    }
    expect(await everyRevision(server, 'team-p')).toEqual(before);
  });

  it('replicating as an account that is no member is refused both ways; a laptop that joins as one is told to ask the admin', async () => {
    const mine = new PouchDB(`bob-${Date.now()}`, { adapter: 'memory' });
    await expect(PouchDB.replicate(worldAs(server, 'team-p', person(BOB)), mine)).rejects.toMatchObject({ status: 403 });
    await mine.put({ _id: 'projects:P11', kind: 'projects', e: { o: 2 }, at: {}, stamp: stampOf(BOB) });
    await expect(PouchDB.replicate(mine, worldAs(server, 'team-p', person(BOB)))).rejects.toMatchObject({ status: 403 });
    const bob = await laptop(server.url, BOB, WORLD);
    expect(await bob.join('team-p')).toEqual({ ok: false, error: expect.stringMatching(/is not a member of the team world team-p: ask your team’s admin/) as string });
  });
});

describe("what only an admin does: a member is refused it, the server's admin does it (issue 33)", () => {
  let server: SyncServer;
  const member = person(ANN);
  beforeAll(async () => {
    server = await teamServer();
    await server.world('team-a');
  });

  it('design documents: a member may not write one, plainly or in _bulk_docs; the admin may', async () => {
    const design = { views: { by_kind: { map: 'function (doc) { emit(doc.kind); }' } } };
    expect(await call(server, member, 'PUT', '/team-a/_design/mine', design)).toEqual({ status: 403, json: { error: 'forbidden', reason: 'You are not allowed to write the design documents of team-a' } });
    const bulk = await call(server, member, 'POST', '/team-a/_bulk_docs', { docs: [{ _id: '_design/mine', ...design }] });
    expect(refusalOf(bulk, '_design/mine')).toEqual({ id: '_design/mine', error: 'forbidden', reason: 'only an admin of the team world writes its design documents' });
    // The rules themselves: a member may not replace them with rules that let anything through.
    const rules = (await call(server, member, 'GET', '/team-a/_design/team-rules')).json as Doc;
    expect(await call(server, member, 'PUT', '/team-a/_design/team-rules', { ...rules, validate_doc_update: 'function () {}' })).toMatchObject({ status: 403 });
    expect(await call(server, server.admin, 'PUT', '/team-a/_design/mine', design)).toMatchObject({ status: 201 });
  });

  it('_security: a member may not set it; the admin may', async () => {
    const security = (await call(server, member, 'GET', '/team-a/_security')).json as { members: { names: string[] } };
    expect(security.members.names).toContain(ANN);
    const widened = { ...security, members: { names: [...security.members.names, 'mallory@example.com'], roles: [] } };
    expect(await call(server, member, 'PUT', '/team-a/_security', widened)).toEqual({ status: 403, json: { error: 'forbidden', reason: 'You are not allowed to set the security of team-a' } });
    expect(((await call(server, server.admin, 'GET', '/team-a/_security')).json as typeof security).members.names).not.toContain('mallory@example.com');
    expect(await call(server, server.admin, 'PUT', '/team-a/_security', security)).toEqual({ status: 200, json: { ok: true } });
  });

  it('the seed: a member may not write it; the admin may', async () => {
    expect(await call(server, member, 'PUT', '/team-a/seed', { source: 'data/all.json', stamp: stampOf(ANN) })).toEqual({ status: 403, json: { error: 'forbidden', reason: 'only an admin seeds a team world' } });
    expect(await call(server, server.admin, 'PUT', '/team-a/seed', { source: 'elsewhere' })).toMatchObject({ status: 201 });
  });

  it('databases: a member may not create one, remove one or list them; the admin may', async () => {
    expect(await call(server, member, 'PUT', '/team-new')).toEqual({ status: 403, json: { error: 'forbidden', reason: 'You are not allowed to create a database' } });
    expect(await call(server, member, 'DELETE', '/team-a')).toEqual({ status: 403, json: { error: 'forbidden', reason: 'You are not allowed to remove a database' } });
    expect(await call(server, member, 'GET', '/_all_dbs')).toEqual({ status: 403, json: { error: 'forbidden', reason: 'You are not allowed to reach _all_dbs' } });
    expect((await call(server, member, 'GET', '/team-a')).status).toBe(200);
    expect(await call(server, server.admin, 'PUT', '/team-new')).toMatchObject({ status: 201 });
    expect((await call(server, server.admin, 'GET', '/_all_dbs')).json).toEqual(expect.arrayContaining(['team-a', 'team-new']));
    expect(await call(server, server.admin, 'DELETE', '/team-new')).toMatchObject({ status: 200 });
  });

  it("the accounts: a member may not read _users (another's account, or all of them); the admin may", async () => {
    const bobs = `/_users/${encodeURIComponent(`org.couchdb.user:${BOB}`)}`;
    expect(await call(server, member, 'GET', bobs)).toEqual({ status: 403, json: { error: 'forbidden', reason: 'You are not allowed to reach _users' } });
    expect(await call(server, member, 'GET', '/_users/_all_docs')).toMatchObject({ status: 403 });
    expect(await call(server, server.admin, 'GET', bobs)).toMatchObject({ status: 200, json: { name: BOB, type: 'user' } });
  });

  it('_purge, _compact and _revs_limit: a member may not; the admin passes', async () => {
    const project = { kind: 'projects', e: { o: 0 }, at: {}, stamp: stampOf(ANN) };
    const put = await call(server, member, 'PUT', '/team-a/projects%3AP1', project);
    expect(put.status).toBe(201);
    const rev = (put.json as { rev: string }).rev;
    expect(await call(server, member, 'POST', '/team-a/_purge', { 'projects:P1': [rev] })).toEqual({ status: 403, json: { error: 'forbidden', reason: 'You are not allowed to purge team-a' } });
    expect(await call(server, member, 'POST', '/team-a/_compact', {})).toMatchObject({ status: 403 });
    expect(await call(server, member, 'PUT', '/team-a/_revs_limit', 1)).toMatchObject({ status: 403 });
    expect((await current(server, 'team-a', 'projects:P1'))?._rev).toBe(rev);
    // The admin is let through to the server itself (express-pouchdb has no _purge: it answers 400, where CouchDB purges).
    for (const [method, path, body] of [['POST', '/team-a/_purge', { 'projects:P1': [rev] }], ['POST', '/team-a/_compact', {}]] as const) {
      expect((await call(server, server.admin, method, path, body)).status, `${method} ${path}`).not.toBeOneOf([401, 403]);
    }
  });
});

/**
 * A laptop's long poll of the server's changes asks to be answered after a while with no change,
 * and no heartbeat (worker/sync/link/liveReplication.ts, LONG_POLL_MS): a poll left open past the
 * session's timeout brings back a session cookie the server has ended. CouchDB ends such a poll at
 * its timeout; the test server must too, or no test would show a laptop that asked otherwise.
 */
describe('a long poll of the changes ends as CouchDB ends it (docs/sync.md#signing-in)', () => {
  let server: SyncServer;
  beforeAll(async () => {
    server = await teamServer();
    await server.world('team-lp', [ANN]);
  });
  afterAll(cleanUp);

  const poll = async (query: string) => {
    const answer = await fetch(`${server.url}/couch/team-lp/_changes?style=all_docs&feed=longpoll&${query}`, { headers: { authorization: basic(person(ANN)) } });
    return (await answer.json()) as { results: { id: string }[]; last_seq: number };
  };
  const put = async (id: string) => expect((await call(server, person(ANN), 'PUT', `/team-lp/projects%3A${id}`, { kind: 'projects', e: { o: 0 }, at: {}, stamp: stampOf(ANN) })).status).toBe(201);

  it('without a heartbeat it answers no change at its timeout, where it began; a change after it comes with the next poll', async () => {
    await put('L1');
    const { last_seq: since } = await poll('since=0');
    expect(await poll(`since=${since}&timeout=200`)).toEqual({ results: [], last_seq: since });
    await put('L2');
    expect((await poll(`since=${since}&timeout=200`)).results.map((r) => r.id)).toEqual(['projects:L2']);
  });

  it('a change during it ends it at once with the change', async () => {
    const { last_seq: since } = await poll('since=0');
    const open = poll(`since=${since}&timeout=60000`);
    await put('L3');
    expect((await open).results.map((r) => r.id)).toEqual(['projects:L3']);
  });

  it('with a heartbeat it stays open past its timeout, until a change', async () => {
    const { last_seq: since } = await poll('since=0');
    let answered = false;
    const open = poll(`since=${since}&timeout=200&heartbeat=100`).finally(() => (answered = true));
    await new Promise((later) => setTimeout(later, 1_000));
    expect(answered).toBe(false);
    await put('L4');
    expect((await open).results.map((r) => r.id)).toEqual(['projects:L4']);
  });
});
