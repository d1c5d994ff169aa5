/**
 * A hostile writer (issue 32): a buggy laptop, a script or a member with curl, writing straight
 * into a team world's database what the console would never write. Each `hostile` step is one of
 * the shapes the issue names: wrong types, wrong kinds, ids that disagree with their bodies,
 * design documents, documents without a kind, missing parents, parents that arrive late, removals,
 * forged siblings and floods; through a team server (issue 53), also a resolution tombstone of a
 * capture and a history entry replaced through an invented parent (steps 14 and 15).
 */
import fc from 'fast-check';
import type PouchDB from 'pouchdb-core';
import { childRevision } from '../../worker/sync/doc/revisions';
import { flagDocId } from '../../worker/sync/doc/docIds';

export const hostileStep = fc.record({ kind: fc.constant('hostile' as const), into: fc.nat(1), what: fc.nat(13), pick: fc.nat(1000) });
export type HostileStep = { kind: 'hostile'; into: number; what: number; pick: number };

const STAMP = { by: 'mallory@example.com', laptop: 'curl', at: 1, tx: 'hostile', n: 1 };
type Doc = Record<string, unknown> & { _id: string };

/** A document written as a new root, or as a child of `base`. */
const written = (body: Doc, base?: string) => ({ ...body, ...childRevision(base, body) });

/** The winning version of `id` in `db`, or null. */
async function winner(db: PouchDB, id: string): Promise<(Doc & { _rev: string }) | null> {
  return (await db.get(id).catch(() => null)) as (Doc & { _rev: string }) | null;
}

/** Documents of a kind the database holds, live. */
async function idsOf(db: PouchDB, prefix: string): Promise<string[]> {
  const { rows } = await db.allDocs({ startkey: prefix, endkey: `${prefix}\uffff` });
  return rows.map((r) => r.id);
}

const pickOf = <T>(list: readonly T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);

/** An edit of an existing entity's stored form, one generation on, stamped `stamp` (null: with no stamp at all). */
async function editOf(db: PouchDB, prefix: string, pick: number, change: (e: Record<string, unknown>) => Record<string, unknown>, stamp: typeof STAMP | null = STAMP): Promise<Doc[]> {
  const id = pickOf(await idsOf(db, prefix), pick);
  const doc = id ? await winner(db, id) : null;
  if (!doc) return [];
  const { _rev, _revisions: _r, stamp: _s, ...body } = doc;
  return [written({ ...body, e: change({ ...(body.e as Record<string, unknown>) }), ...(stamp ? { stamp } : {}) }, _rev)];
}

/** The hostile documents of one step (`by`: the account the writer signs in as). Some arrive late: a second call with `late` writes the parent a first one named. */
export async function hostileDocs(db: PouchDB, step: HostileStep, by = STAMP.by): Promise<Doc[]> {
  const { what, pick } = step;
  // Steps 14 and 15 are stamped by the member who writes them: refused for what they do, not for their stamp.
  const own = { ...STAMP, by };
  switch (what) {
    case 0: // wrong types in a survey under QC
      return editOf(db, 'surveys:', pick, (e) => ({ ...e, size: 'enormous', qc: 'maybe' }));
    case 1: // an _id of one kind, a body of another
      return [written({ _id: `projects:zz-${pick}`, kind: 'captures', e: { o: 0 }, at: {}, stamp: STAMP })];
    case 2: // a design document, as docs/sync.md prescribes for production
      return [written({ _id: `_design/validate-${pick}`, validate_doc_update: 'function(){}' })];
    case 3: // no kind at all, and no colon
      return [written({ _id: `x:${pick}` }), written({ _id: `nocolon${pick}`, kind: 'surveys' })];
    case 4: {
      // a survey naming a capture that does not exist
      const docs = await editOf(db, 'surveys:', pick, (e) => ({ ...e, captureId: `ghost-${pick}` }));
      return docs.map((d) => ({ ...d, _id: `surveys:orphan-${pick}`, ...childRevision(undefined, { ...d, _id: `surveys:orphan-${pick}` }) }));
    }
    case 5: {
      // a flight plan whose capture arrives in the next write (a parent that arrives late)
      const plan = await editOf(db, 'flightPlans:', pick, (e) => ({ ...e, captureId: `late-${pick}` }));
      return plan.map((d) => written({ ...d, _id: `flightPlans:late-plan-${pick}`, _rev: undefined, _revisions: undefined } as unknown as Doc));
    }
    case 6: {
      // the parent of case 5, late
      const capture = await editOf(db, 'captures:', pick, (e) => e);
      return capture.map((d) => written({ ...d, _id: `captures:late-${pick}`, _rev: undefined, _revisions: undefined } as unknown as Doc));
    }
    case 7: // a removal of a capture whose surveys stand
      return removal(db, 'captures:', pick);
    case 8: // a removal of a media set that holds surveys
      return removal(db, 'media:', pick);
    case 9: {
      // a forged sibling of a frame flag, over a flag that stands: a child of the flag's parent
      const id = pickOf(await idsOf(db, 'frameFlag:'), pick);
      const doc = id ? ((await db.get(id, { revs: true } as never)) as unknown as Doc & { _rev: string; _revisions: { start: number; ids: string[] } }) : null;
      if (!doc) return [];
      const { _rev, _revisions: history, ...body } = doc;
      const parent = history.ids[1];
      const forged = { ...body, flag: { ...(body.flag as object), reason: 'Other', note: `forged ${pick}` }, stamp: STAMP };
      return [written(forged, parent ? `${history.start - 1}-${parent}` : undefined)];
    }
    case 10: {
      // a flag whose id names one survey, its body another
      const surveys = await idsOf(db, 'surveys:');
      const [one, other] = [pickOf(surveys, pick), pickOf(surveys, pick + 1)];
      if (!one || !other) return [];
      const flag = { line: 1, camera: 'Cam01', frame: 1 + (pick % 5), reason: 'Cloud', note: '', by: STAMP.by, at: 1 };
      return [written({ _id: flagDocId(one.slice('surveys:'.length), flag), kind: 'frameFlag', surveyId: other.slice('surveys:'.length), flag, stamp: STAMP })];
    }
    case 11: // a 5 MB string (kept to 200 kB here: past any document's bound all the same)
      return editOf(db, 'captures:', pick, (e) => ({ ...e, description: 'x'.repeat(200_000) }));
    case 12: // a flood: many refused documents of one action
      return Array.from({ length: 50 }, (_, i) => written({ _id: `projects:flood-${pick}-${i}`, kind: 'projects', e: { o: 'not a number' }, at: {}, stamp: { ...STAMP, tx: `flood-${pick}`, n: 50 } }));
    case 14: {
      // a resolution tombstone that closes a capture's only standing version (issue 53): a removal all the same
      const id = pickOf(await idsOf(db, 'captures:'), pick);
      const doc = id ? await winner(db, id) : null;
      return doc ? [written({ _id: doc._id, _deleted: true, resolved: true, stamp: own }, doc._rev)] : [];
    }
    case 15: {
      // a history entry said otherwise under its id, through a parent revision no one wrote (issue 53)
      const id = pickOf(await idsOf(db, 'history:'), pick);
      const doc = id ? await winner(db, id) : null;
      if (!doc) return [];
      const { _rev: _r, _revisions: _v, ...body } = doc;
      const entry = { ...(body.entry as Record<string, unknown>), by, laptop: STAMP.laptop };
      return [written({ ...body, entry, stamp: own }, `9-${'0'.repeat(31)}${pick % 10}`)];
    }
    default: // a stamp that says nothing
      return editOf(db, 'captures:', pick, (e) => ({ ...e, description: 'no stamp' }), null);
  }
}

async function removal(db: PouchDB, prefix: string, pick: number): Promise<Doc[]> {
  const id = pickOf(await idsOf(db, prefix), pick);
  const doc = id ? await winner(db, id) : null;
  return doc ? [written({ _id: doc._id, _deleted: true, stamp: STAMP }, doc._rev)] : [];
}

/** Writes one hostile step into a database, as a script beside the team's laptops would. */
export async function writeHostile(db: PouchDB, step: HostileStep): Promise<string[]> {
  const docs = await hostileDocs(db, step);
  if (docs.length) await db.bulkDocs(docs, { new_edits: false });
  return docs.map((d) => d._id);
}
