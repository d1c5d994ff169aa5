/**
 * One rule for a history entry (issue 51, docs/sync.md#one-rule-checked-in-three-places): the team
 * server's (its `validate_doc_update`, run as CouchDB runs it) and a laptop's (historyFile.ts, which
 * reads a file's entries and every entry a take brings) refuse the same entries, since both are
 * made from one table of the kinds of event (historyKinds.ts). The server is driven as an admin of the
 * world writes: who may write an entry (a member, only their own, and only with its proof) is the
 * server's question alone, which a laptop taking the team's documents does not ask.
 */
import { describe, expect, it } from 'vitest';
import { validateFunctionSource } from '../../scripts/team/validateFunction';
import { historyId, sealed, type HistoryEntry } from '../../worker/domain/history';
import { readHistoryEntry } from '../../worker/domain/historyFile';
import { HISTORY_KIND_RULES, STORED_HISTORY_KINDS, type StoredHistoryKind } from '../../worker/domain/historyKinds';
import { ANN, T0 } from '../helpers/builders';

type Validate = (newDoc: unknown, oldDoc: unknown, userCtx: { name: string; roles: string[] }, secObj: unknown) => void;
const validate = new Function(`return ${validateFunctionSource()}`)() as Validate;
const ADMIN = 'admin@example.com';

/** The server's answer to an entry written as a team document by an admin of the world (who may write any person's entry). */
function serverRefuses(entry: unknown): boolean {
  const id = typeof entry === 'object' && entry !== null && typeof (entry as { id?: unknown }).id === 'string' ? (entry as { id: string }).id : 'x';
  const doc = { _id: `history:${id}`, kind: 'history', entry, stamp: { by: ADMIN, laptop: 'van-1', at: T0, tx: 'a1', n: 1 } };
  try {
    validate(doc, null, { name: ADMIN, roles: [] }, { admins: { names: [ADMIN] } });
    return false;
  } catch (error) {
    if (typeof error === 'object' && error !== null && 'forbidden' in error) return true;
    throw error;
  }
}
const laptopRefuses = (entry: unknown): boolean => typeof readHistoryEntry(entry) === 'string';

const PARAMS: Record<StoredHistoryKind, Record<string, unknown>> = {
  inserted: { bays: [1, 2] },
  received: { receiveId: 'R-1' },
  receiveCancelled: {},
  ejected: {},
  assigned: { to: ANN },
  reassigned: { to: ANN },
  cancelled: {},
  applanix: {},
  podconfig: {},
  qcStarted: {},
  qcApproved: {},
  qcRejected: { reason: 'Too dark' },
  flagged: { line: 1, camera: 'Cam02', frame: 7, reason: 'Cloud', note: '' },
  unflagged: { line: 1, camera: 'Cam02', frame: 7 },
  processingStarted: {},
  captureQcStarted: {},
  captureQcApproved: {},
  captureQcRejected: {},
  publishStarted: {},
  cleaned: {},
  settled: { subject: 'Survey S-1' },
};
const ON: Record<string, HistoryEntry['on']> = { survey: { surveys: ['s-1'] }, capture: { capture: 'cap-1', surveys: ['s-1', 's-2'] }, media: { media: 'M1', drive: 'D1' }, settled: { capture: 'cap-1' } };

/** A good entry of each kind, sealed as a laptop writes it. */
const entryOf = (kind: StoredHistoryKind, change: Partial<Omit<HistoryEntry, 'id'>> = {}): HistoryEntry =>
  sealed({ at: T0, by: ANN, laptop: 'van-1', tx: '00000a', n: 0, what: { kind, ...PARAMS[kind] } as HistoryEntry['what'], on: ON[HISTORY_KIND_RULES[kind].under]!, ...change });
/** An entry changed after it was sealed: its id no longer its content's. */
const edited = (entry: HistoryEntry, change: Record<string, unknown>): unknown => ({ ...entry, ...change });
/** An entry sealed with content the rule refuses: its proof matches, so only the rule can refuse it. */
const resealed = (kind: StoredHistoryKind, change: Record<string, unknown>): unknown => {
  const raw = { at: T0, by: ANN, laptop: 'van-1', tx: '00000a', n: 0, what: { kind, ...PARAMS[kind] }, on: ON[HISTORY_KIND_RULES[kind].under], ...change };
  return sealed(raw as Omit<HistoryEntry, 'id'>);
};

const GOOD: [string, unknown][] = [
  ...STORED_HISTORY_KINDS.map((kind): [string, unknown] => [`a ${kind} event`, entryOf(kind)]),
  ['an entry by nobody signed in', entryOf('applanix', { by: '' })],
  ['an entry that says when it arrived', { ...entryOf('applanix'), arrivedAt: T0 + 5 }],
  ['an entry of the form before the proof', (() => { const e = entryOf('qcStarted'); return { ...e, id: historyId(e.at, e.laptop, e.tx, e.n) }; })()],
  ['a settled conflict under its survey', entryOf('settled', { on: { surveys: ['s-1'] }, conflict: { versions: [{ by: ANN, laptop: 'van-2', at: T0, what: 'Removed' }], settledBy: ANN, settledAt: T0, how: 'merged field by field' } })],
  ['a media event under its drive alone', entryOf('ejected', { on: { drive: 'D1' } })],
  ['an entry by a data coordinator, as such (issue 52)', entryOf('assigned', { role: 'coordinator' })],
  ['an entry by a geomatics technician, as such', entryOf('applanix', { role: 'technician' })],
];

const BAD: [string, unknown][] = [
  ['not an object', 'applanix'],
  ['a time that is not one', resealed('applanix', { at: -1 })],
  ['by someone who is no email address', resealed('applanix', { by: 'ann' })],
  ['a laptop id holding a colon', resealed('applanix', { laptop: 'van:1' })],
  ['an action id holding a colon', resealed('applanix', { tx: 'a:1' })],
  ['an empty action id', resealed('applanix', { tx: '' })],
  ['a place that is not a whole number', resealed('applanix', { n: 1.5 })],
  ['a derived kind', resealed('applanix', { what: { kind: 'stage', stage: 'x', step: 'started' } })],
  ['no kind of ours', resealed('applanix', { what: { kind: 'exploded' } })],
  ['a parameter missing', resealed('flagged', { what: { kind: 'flagged', line: 1, camera: 'Cam02', frame: 7, reason: 'Cloud' } })],
  ['a parameter of the wrong kind', resealed('flagged', { what: { ...PARAMS.flagged, kind: 'flagged', frame: 0 } })],
  ['a parameter no kind has', resealed('applanix', { what: { kind: 'applanix', extra: 1 } })],
  ['a flag reason not on the list', resealed('flagged', { what: { ...PARAMS.flagged, kind: 'flagged', reason: 'Birds' } })],
  ['no bays inserted', resealed('inserted', { what: { kind: 'inserted', bays: [] } })],
  ['a survey event naming two surveys', resealed('qcApproved', { on: { surveys: ['s-1', 's-2'] } })],
  ['a survey event naming none', resealed('qcApproved', { on: {} })],
  ['a capture event naming no capture', resealed('cleaned', { on: { surveys: ['s-1'] } })],
  ['a media event naming no media set nor drive', resealed('received', { on: { surveys: ['s-1'] } })],
  ['a settled conflict naming nothing', resealed('settled', { on: {} })],
  ['subjects no entry names', resealed('applanix', { on: { surveys: ['s-1'], project: 'p-1' } })],
  ['a subject that is not an id', resealed('cleaned', { on: { capture: '' } })],
  ['a field no entry has', resealed('applanix', { colour: 'red' })],
  ['a conflict of the wrong shape', resealed('settled', { conflict: { versions: 'all' } })],
  ['a conflict whose version says more', resealed('settled', { conflict: { versions: [{ by: ANN, laptop: 'v', at: T0, what: 'x', extra: 1 }], settledBy: ANN, settledAt: T0, how: 'x' } })],
  ['a hidden character in a reason', resealed('qcRejected', { what: { kind: 'qcRejected', reason: 'ok\u202e' } })],
  ['an entry changed after it was sealed', edited(entryOf('qcRejected'), { what: { kind: 'qcRejected', reason: 'Another' } })],
  ['a role the team does not have (issue 52)', resealed('applanix', { role: 'admin' })],
  ['a role that is no word', resealed('applanix', { role: ['coordinator'] })],
  ['a role added after it was sealed', edited(entryOf('applanix'), { role: 'coordinator' })],
  ['an id that is not its own', edited(entryOf('applanix'), { id: `${historyId(T0, 'van-1', '00000b', 0)}:0123456789abcdef` })],
];

describe('the history rule, on the server and on a laptop', () => {
  it.each(GOOD)('both take %s', (_, entry) => {
    expect([laptopRefuses(entry), serverRefuses(entry)]).toEqual([false, false]);
  });

  it.each(BAD)('both refuse %s', (_, entry) => {
    expect([laptopRefuses(entry), serverRefuses(entry)]).toEqual([true, true]);
  });

  it('a member’s entry says the role they hold now, or none; another role is refused in a person’s words (issue 52)', () => {
    const asMember = (entry: HistoryEntry, roles: string[]): string | null => {
      const doc = { _id: `history:${entry.id}`, kind: 'history', entry, stamp: { by: ANN, laptop: 'van-1', at: T0, tx: entry.tx, n: 1 } };
      try {
        validate(doc, null, { name: ANN, roles }, { admins: { names: [ADMIN] }, members: { names: [ANN] } });
        return null;
      } catch (error) {
        return (error as { forbidden: string }).forbidden;
      }
    };
    expect(asMember(entryOf('applanix', { role: 'technician' }), ['technician'])).toBeNull();
    expect(asMember(entryOf('applanix'), ['technician'])).toBeNull();
    expect(asMember(entryOf('applanix', { role: 'coordinator' }), ['coordinator'])).toBeNull();
    // The role the writer's session gave when they acted, not held to their role now (a validate function knows no past role).
    expect(asMember(entryOf('applanix', { role: 'coordinator' }), [])).toBeNull();
  });

  it('the table names every kind a laptop writes, and the test each of them', () => {
    expect(Object.keys(PARAMS).sort()).toEqual([...STORED_HISTORY_KINDS].sort());
  });
});
