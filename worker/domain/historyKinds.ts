/**
 * Every kind of history event that is stored and synced (docs/history.md#the-entry), with its
 * parameters and the entity it is kept under, written once: a laptop reads an entry by it
 * (historyFile.ts, for a file and for a team document alike), ownersOf places an entry by it
 * (history.ts), and the team server's rule for a history entry is made from it
 * (teamDocRules.ts), so both refuse the same entries. Rules as data (teamRules.js's specs), since
 * the server runs them as written.
 */
import { FLAG_NOTE_MAX, FLAG_REASONS, REJECT_REASON_MAX } from './frameFlags';
import { ROLES } from './roles';
import type { Spec } from './teamRules';

/** What an event is kept under: its one survey, its capture, its media set or drive, or (a settled conflict) whichever it was about. */
export type KeptUnder = 'survey' | 'capture' | 'media' | 'settled';

export interface HistoryKindRule {
  under: KeptUnder;
  /** Its parameters beside `kind`, each required. */
  params?: Record<string, Spec>;
}

/** The most characters of an id in an entry (storedFields.ts's ID_MAX_CHARS). */
const ID_CHARS = 100;
/** A free text of an entry (a receive id, a conflict's subject): bounded, nothing hidden. */
const TEXT: Spec = { t: 'text', max: 500, plain: true };
const EMAIL: Spec = { t: 'email' };
/** Who did it: '' for an action before anyone signed in. */
const PERSON: Spec = { t: 'email', empty: true };
const TIME: Spec = { t: 'num', min: 0 };
/** An id inside an entry: a laptop's, an action's (neither holds the id's ':'), or an entity's. */
const ENTRY_ID: Spec = { t: 'text', min: 1, max: ID_CHARS, plain: true };
const NO_COLON: Spec = { t: 'all', of: [ENTRY_ID, { t: 're', re: '^[^:]*$' }] };
const LINE: Spec = { t: 'num', int: true, min: 0 };
const FRAME: Spec = { t: 'num', int: true, min: 1 };
const CAMERA: Spec = { t: 'text', max: 20, trim: true };

/** Each stored kind, once. A kind not here is derived (shown, never stored) or none of ours. */
export const HISTORY_KIND_RULES = {
  inserted: { under: 'media', params: { bays: { t: 'list', min: 1, max: 64, of: { t: 'num', int: true, min: 1, max: 64 } } } },
  received: { under: 'media', params: { receiveId: TEXT } },
  receiveCancelled: { under: 'media' },
  ejected: { under: 'media' },
  assigned: { under: 'survey', params: { to: EMAIL } },
  reassigned: { under: 'survey', params: { to: EMAIL } },
  cancelled: { under: 'survey' },
  applanix: { under: 'survey' },
  podconfig: { under: 'survey' },
  qcStarted: { under: 'survey' },
  qcApproved: { under: 'survey' },
  qcRejected: { under: 'survey', params: { reason: { t: 'text', max: REJECT_REASON_MAX, plain: true } } },
  flagged: { under: 'survey', params: { line: LINE, camera: CAMERA, frame: FRAME, reason: { t: 'oneOf', of: FLAG_REASONS }, note: { t: 'text', max: FLAG_NOTE_MAX, plain: true } } },
  unflagged: { under: 'survey', params: { line: LINE, camera: CAMERA, frame: FRAME } },
  processingStarted: { under: 'capture' },
  captureQcStarted: { under: 'capture' },
  captureQcApproved: { under: 'capture' },
  captureQcRejected: { under: 'capture' },
  publishStarted: { under: 'capture' },
  cleaned: { under: 'capture' },
  settled: { under: 'settled', params: { subject: TEXT } },
} as const satisfies Record<string, HistoryKindRule>;

export type StoredHistoryKind = keyof typeof HISTORY_KIND_RULES;
export const STORED_HISTORY_KINDS = Object.keys(HISTORY_KIND_RULES) as StoredHistoryKind[];

/** The rule of a stored kind, or undefined for any other name. */
export function historyKindRule(kind: string): HistoryKindRule | undefined {
  return Object.prototype.hasOwnProperty.call(HISTORY_KIND_RULES, kind) ? (HISTORY_KIND_RULES as Record<string, HistoryKindRule>)[kind] : undefined;
}

/** An event's `what`: its kind and exactly its parameters. */
export function whatRule(kind: StoredHistoryKind): Spec {
  const params: Record<string, Spec> = (HISTORY_KIND_RULES[kind] as HistoryKindRule).params ?? {};
  return { t: 'obj', fields: { kind: { t: 'oneOf', of: [kind] }, ...params }, req: ['kind', ...Object.keys(params)], closed: true };
}

/** The entities an entry may name (`on`): a media set's event names none of its surveys, which travel with it. */
export const ON_FIELDS: Record<'surveys' | 'capture' | 'media' | 'drive', Spec> = {
  surveys: { t: 'list', of: ENTRY_ID, max: 10_000 },
  capture: ENTRY_ID,
  media: ENTRY_ID,
  drive: ENTRY_ID,
};
const naming = (field: keyof typeof ON_FIELDS): Spec => ({ t: 'obj', fields: { [field]: field === 'surveys' ? { t: 'list', of: ENTRY_ID, min: 1, max: 1 } : ON_FIELDS[field] }, req: [field] });
/** What `on` must name for an entry of a kind to be kept somewhere (ownersOf). */
const ON_UNDER: Record<KeptUnder, Spec> = {
  survey: naming('surveys'),
  capture: naming('capture'),
  media: { t: 'either', of: [naming('media'), naming('drive')] },
  settled: { t: 'either', of: [naming('surveys'), naming('capture'), naming('media'), naming('drive')] },
};

/** A conflict a person settled, as its entry keeps it. */
export const CONFLICT: Spec = {
  t: 'obj',
  fields: {
    versions: { t: 'list', max: 20, of: { t: 'obj', fields: { by: PERSON, laptop: { t: 'text', max: ID_CHARS, plain: true }, at: TIME, what: TEXT }, req: ['by', 'laptop', 'at', 'what'], closed: true } },
    settledBy: PERSON,
    settledAt: TIME,
    how: TEXT,
  },
  req: ['versions', 'settledBy', 'settledAt', 'how'],
  closed: true,
};

/** Each field of an entry and its rule (its id's form and proof are checked apart: teamRules.js, historyFile.ts). */
export const ENTRY_FIELDS = {
  id: { t: 'text', max: 500 },
  at: TIME,
  by: PERSON,
  // The role its author acted in (issue 52): optional, as entries from before roles, and the one-laptop demo's, say none.
  role: { t: 'oneOf', of: ROLES },
  laptop: NO_COLON,
  tx: NO_COLON,
  n: { t: 'num', int: true, min: 0 },
  what: { t: 'obj', fields: { kind: { t: 'oneOf', of: STORED_HISTORY_KINDS } }, req: ['kind'] },
  on: { t: 'obj', fields: ON_FIELDS, closed: true },
  arrivedAt: TIME,
  conflict: CONFLICT,
} as const satisfies Record<string, Spec>;

/** A whole entry, as the team server checks it: its fields, then its kind's parameters and what it must name. */
export const HISTORY_ENTRY: Spec = {
  t: 'all',
  of: [
    { t: 'obj', fields: ENTRY_FIELDS, req: ['id', 'at', 'by', 'laptop', 'tx', 'n', 'what', 'on'], closed: true },
    { t: 'either', of: STORED_HISTORY_KINDS.map((kind): Spec => ({ t: 'obj', fields: { what: whatRule(kind), on: ON_UNDER[HISTORY_KIND_RULES[kind].under] }, req: ['what', 'on'] })) },
  ],
};
