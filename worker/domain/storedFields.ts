/**
 * What each stored field of an entity is, once for every form the world is kept in (the store's
 * records, the localStorage mirror, Export and Import):
 * - its rule, against the entity types (types.ts), so restore() accepts what an action accepts
 *   (issue 19: a capture's description that was an object reached React and gave a white page, and
 *   a 100 000-character media id went in where Receive allows 16); each rule says in words what the
 *   field must be, for the message;
 * - whether it is derived (restore() recomputes it on every load), a child id list (rebuilt from
 *   the children's pointers), or at its factory default (entities.ts), and so need not be kept.
 *
 * Ids and references restore() resolves itself; fields of no entity are never read at all.
 */
import { EMAIL_MAX_CHARS, MEDIA_ID_PATTERN } from './constants';
import { assembleCapture, assembleMedia, assembleSurvey, makeDrive, makeFlightPlan } from './entities';
import { FLAG_NOTE_MAX, FLAG_REASONS, REJECT_REASON_MAX } from './frameFlags';
import { specOk, type Spec } from './teamRules';
import type { EntityKind } from './types';

export type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface Rule {
  /** The rule as data (teamRules.js): the laptops and the team server's validation read the same. */
  spec: Spec;
  ok: (value: unknown) => boolean;
  /** What the field must be: "text of at most 1000 characters". */
  what: string;
}

const rule = (spec: Spec, what: string): Rule => ({ spec, what, ok: (v) => specOk(spec, v) });

/** What a stored value was, in a few words: "the number 5", "a list", "empty". */
export function kindOf(value: unknown): string {
  if (value === null) return 'empty';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return value.trim() ? 'text that cannot be used' : 'empty text';
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'boolean') return `the value ${value}`;
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** An id in a message: bounded, so a 100 000-character id cannot fill the screen. */
export function shownId(id: string): string {
  return id.length > 40 ? `${id.slice(0, 40)}…` : id;
}

const text = (max: number): Rule => rule({ t: 'text', max }, `text of at most ${max} characters`);
const orNull = (r: Rule): Rule => rule({ t: 'null', or: r.spec }, `${r.what}, or empty`);
const listOf = (item: Spec, what: string): Rule => rule({ t: 'list', of: item }, what);
const number = (min: number, max: number, what: string): Rule => rule({ t: 'num', min, max }, what);
const whole = (min: number, max: number, what: string): Rule => rule({ t: 'num', int: true, min, max }, what);
const BOOLEAN = rule({ t: 'bool' }, 'true or false');
/** Days as actions accept them: a real calendar day, not before 1990 (see isCalendarDay). */
const DAY = rule({ t: 'day' }, 'a calendar day (yyyy-MM-dd) from 1990');
const QC = rule({ t: 'oneOf', of: [false, 'started', 'approved', 'rejected'] }, 'a QC state');

/** The longest id of any kind (a UUID is 36): bounded like every other field. */
export const ID_MAX_CHARS = 100;

/**
 * An entity's own id (its key): bounded text with nothing hidden, and never a name that plain
 * objects carry ("__proto__" as a key would replace the index's prototype). Media ids and user
 * emails follow the rules Receive and login apply to them.
 */
export function keyRule(kind: EntityKind): Rule {
  if (kind === 'media') return rule({ t: 're', re: MEDIA_ID_PATTERN.source }, 'a media id (letters, digits and -, 1 to 16 characters)');
  if (kind === 'users') return rule({ t: 'email' }, `an email address of at most ${EMAIL_MAX_CHARS} characters`);
  return rule({ t: 'id' }, `an id of 1 to ${ID_MAX_CHARS} characters`);
}

const ID: Spec = { t: 'id' };
const MEDIA_ID: Spec = keyRule('media').spec;
const LINE: Spec = {
  t: 'obj',
  fields: { number: { t: 'num', int: true }, capture: { t: 'bool' }, time: { t: 'num', min: 0 }, length: { t: 'num', min: 0 } },
  req: ['number', 'capture', 'time', 'length'],
};
const BAY: Spec = { t: 'num', int: true, min: 1, max: 99 };

/** A frame flag (frameFlags.ts's isFrameFlag), as data. */
export const FRAME_FLAG: Spec = {
  t: 'obj',
  fields: {
    line: { t: 'num', int: true, min: 0 },
    camera: { t: 'text', max: 20, trim: true },
    frame: { t: 'num', int: true, min: 1 },
    reason: { t: 'oneOf', of: FLAG_REASONS },
    note: { t: 'text', max: FLAG_NOTE_MAX },
    by: { t: 'text', max: EMAIL_MAX_CHARS },
    at: { t: 'num' },
  },
  req: ['line', 'camera', 'frame', 'reason', 'note', 'by', 'at'],
};

/** The stored fields of each kind with their rules (ids, references and workflows are restore()'s). */
export const FIELD_RULES: Record<EntityKind, Record<string, Rule>> = {
  projects: { url: text(2000) },
  captures: {
    description: text(1000),
    sfid: text(100),
    season: text(100),
    selectedIds: listOf(ID, 'a list of ids'),
    qc: QC,
    published: BOOLEAN,
  },
  flightPlans: {
    code: text(100),
    name: text(1000),
    altitude: number(0, 100_000, 'a height in feet'),
    time: number(0, 1000, 'a number of hours'),
    length: number(0, 100_000, 'a number of miles'),
    lines: listOf(LINE, 'a list of flight lines'),
  },
  surveys: {
    receivedOn: orNull(DAY),
    size: number(1, 1_000_000, 'a number of seconds'),
    linesFlown: whole(0, 10_000, 'a whole number of lines'),
    path: text(2000),
    applanix: BOOLEAN,
    podconfig: BOOLEAN,
    qc: QC,
    processing: BOOLEAN,
    published: BOOLEAN,
    assignedTo: orNull(rule({ t: 'email' }, 'an email address')),
    frameFlags: listOf(FRAME_FLAG, 'a list of frame flags'),
    rejectReason: text(REJECT_REASON_MAX),
  },
  media: {
    receiveId: orNull(text(400)),
    receivedOn: orNull(DAY),
    itemIds: listOf(MEDIA_ID, 'a list of media ids'),
    bays: listOf(BAY, 'a list of bay numbers'),
    host: orNull(rule(ID, 'a drive')),
  },
  drives: {
    bays: rule(BAY, 'a number of bays from 1 to 99'),
    mediaId: orNull(rule(MEDIA_ID, 'a media id')),
  },
  users: { name: rule({ t: 'text', max: EMAIL_MAX_CHARS, plain: true }, 'a name') },
};

const TIME: Spec = { t: 'num', min: 0 };
const STAGE_LABEL: Spec = { t: 'text', max: 200 };

/** A workflow stage's optional fields (restore() reads name, state and automatic first), each with its rule. */
export const STAGE_RULES: Record<string, Rule> = {
  label: rule(STAGE_LABEL, 'text of at most 200 characters'),
  labels: rule({ t: 'map', of: STAGE_LABEL }, 'labels by state'),
  hidden: BOOLEAN,
  durationS: rule(TIME, 'a number of seconds'),
  startedAt: rule(TIME, 'an instant'),
  expectedEndAt: rule(TIME, 'an instant'),
  endedAt: rule(TIME, 'an instant'),
  progress: rule({ t: 'num', min: 0, max: 100 }, 'a percentage'),
};
export const STAGE_RULE_LIST = Object.entries(STAGE_RULES);

/** What a problem with a field does: fail the whole copy (strict), or drop the field and say so. */
export type Wrong = (path: string, value: unknown, what: string) => void;

/**
 * The entity's stored fields that meet their rules, as a fresh object holding only them: nothing
 * unchecked reaches a factory's `...given`. A field that is absent takes the factory's default;
 * one that breaks its rule (null included, where null is no value of its type) goes to `wrong`.
 */
export function checkedFields(kind: EntityKind, raw: Obj, path: string, wrong: Wrong): Obj {
  const out: Obj = {};
  for (const [field, rule] of RULE_LISTS[kind]) {
    const value = raw[field];
    if (value === undefined) continue;
    if (rule.ok(value)) out[field] = value;
    else wrong(`${path}.${field}`, value, rule.what);
  }
  return out;
}

/** FIELD_RULES as lists: restore() walks them for each of 100 000 surveys at boot. */
const RULE_LISTS = Object.fromEntries(Object.entries(FIELD_RULES).map(([kind, rules]) => [kind, Object.entries(rules)])) as Record<EntityKind, [string, Rule][]>;

/** Fields restore() recomputes on every load (derive.ts, users.ts). */
export const DERIVED_FIELDS: Partial<Record<EntityKind, readonly string[]>> = {
  surveys: ['status', 'display', 'stage', 'flags', 'cpid'],
  media: ['isNew', 'stage', 'flags'],
  captures: ['stage', 'counts', 'flags', 'firstFlownOn', 'lastFlownOn', 'firstReceivedOn', 'lastReceivedOn'],
  drives: ['status', 'flags'],
  users: ['initials'],
};

/** Child id lists restore() rebuilds from the children's own pointers. */
export const CHILD_LISTS: Partial<Record<EntityKind, Record<string, EntityKind>>> = {
  projects: { captureIds: 'captures' },
  captures: { surveyIds: 'surveys', flightPlanIds: 'flightPlans' },
  flightPlans: { surveyIds: 'surveys' },
  media: { surveyIds: 'surveys' },
};

/** Fields a factory is given (its id and pointers) or works out (a survey's path, a workflow): no default. */
const GIVEN: Partial<Record<EntityKind, readonly string[]>> = {
  surveys: ['surveyId', 'captureId', 'flightPlanId', 'mediaId', 'flownOn', 'path', 'workflow'],
  captures: ['captureId', 'cpid', 'projectId', 'workflow'],
  media: ['mediaId', 'workflow'],
  drives: ['host'],
  flightPlans: ['flightPlanId', 'captureId'],
};

/** The fields each factory gives a default to, and that default: read off the factories themselves. */
function defaultsOf(kind: EntityKind, blank: object): Record<string, unknown> {
  const skip = new Set([...(DERIVED_FIELDS[kind] ?? []), ...Object.keys(CHILD_LISTS[kind] ?? {}), ...(GIVEN[kind] ?? [])]);
  return Object.fromEntries(Object.entries(blank).filter(([key]) => !skip.has(key)));
}

export const DEFAULTS: Partial<Record<EntityKind, Record<string, unknown>>> = {
  surveys: defaultsOf('surveys', assembleSurvey({ surveyId: '', captureId: '', cpid: '', flightPlanId: '', mediaId: '', flownOn: '' })),
  captures: defaultsOf('captures', assembleCapture({ captureId: '', cpid: '', projectId: '' })),
  media: defaultsOf('media', assembleMedia({ mediaId: '' })),
  drives: defaultsOf('drives', makeDrive({ host: '' })),
  flightPlans: defaultsOf('flightPlans', makeFlightPlan({ flightPlanId: '', captureId: '' })),
};
