/**
 * The rules a team document meets, as data (docs/sync.md#one-rule-checked-in-three-places): made
 * from the stored fields' own rules (storedFields.ts), so a laptop taking a document in and the
 * team server validating a write (its design document, scripts/validateFunction.ts) check the
 * same thing the stored copy is checked by. teamRules.js reads them.
 */
import { EMAIL_MAX_CHARS, SIMULATION_SPEEDS } from './constants';
import { FAVOURITE_KINDS } from './favourites';
import { HISTORY_ENTRY } from './historyKinds';
import { requiredReferences } from './references';
import { ENTITY_KINDS } from './restore';
import { ROLE_RULES, ROLES } from './roles';
import { FIELD_RULES, FRAME_FLAG, keyRule, STAGE_RULES } from './storedFields';
import type { Spec, TeamRules } from './teamRules';
import type { EntityKind } from './types';
import { STAGE_STATES } from './workflow';

/** Far above any document the console writes (a survey's is under 1 kB): a 5 MB string is no change of ours. */
export const DOC_MAX_CHARS = 100_000;
/** The most documents one action writes (a capture's clean, 20 000 surveys at most): a stamp that says more is no action's. */
export const ACTION_DOCS_MAX = 1_000_000;
/** The stamp of the sample data's documents: only an admin writes it (seeding a team world). */
export const SAMPLE_BY = 'sample data';

const ID: Spec = { t: 'id' };
const TEXT = (max: number): Spec => ({ t: 'text', max });

/** The fields a factory is given, beside the stored fields: a capture's cpid and project, a survey's parents. */
const GIVEN: Partial<Record<EntityKind, Record<string, { spec: Spec; what: string }>>> = {
  captures: { cpid: { spec: keyRule('captures').spec, what: 'a capture id' }, projectId: { spec: ID, what: 'a project id' } },
  flightPlans: { captureId: { spec: ID, what: 'a capture id' } },
  surveys: {
    captureId: { spec: ID, what: 'a capture id' },
    flightPlanId: { spec: ID, what: 'a flight plan id' },
    mediaId: { spec: keyRule('media').spec, what: 'a media id' },
    flownOn: { spec: { t: 'day' }, what: 'a calendar day (yyyy-MM-dd) from 1990' },
  },
};

/** A stage's fields beyond its definition, as the stored form keeps them (storedForm.ts): times as offsets or instants, null for none. */
const STAGE_EXTRA: Spec = {
  t: 'obj',
  fields: {
    ...Object.fromEntries(Object.entries(STAGE_RULES).map(([key, rule]) => [key, { t: 'null', or: rule.spec } satisfies Spec])),
    ...Object.fromEntries(['a', 'e', 'z', 'A', 'E', 'Z'].map((key) => [key, { t: 'num' } satisfies Spec])),
  },
  closed: true,
};

/** A stage stored whole (a workflow whose stages do not follow their definition). */
const STAGE: Spec = {
  t: 'obj',
  fields: {
    name: TEXT(100),
    state: { t: 'oneOf', of: STAGE_STATES },
    automatic: { t: 'bool' },
    ...Object.fromEntries(Object.entries(STAGE_RULES).map(([key, rule]) => [key, rule.spec])),
  },
  req: ['name', 'state'],
};

/** An entity's workflow as the stored form keeps it: one letter a stage, the current one, the stages' own fields. */
const WORKFLOW: Spec = {
  t: 'obj',
  fields: {
    c: { t: 'num', int: true, min: 0, max: 49 },
    s: { t: 're', re: '^[WRCXF-]{0,50}$' },
    b: { t: 'num' },
    x: { t: 'list', max: 50, of: { t: 'either', of: [{ t: 'oneOf', of: [null, 1] }, STAGE_EXTRA] } },
    stages: { t: 'list', max: 50, of: STAGE },
  },
  req: ['c', 's'],
  closed: true,
};

/** One entity of each kind, in words. */
export const ENTITY_KIND_WORDS: Readonly<Record<EntityKind, string>> = {
  projects: 'project',
  captures: 'capture',
  flightPlans: 'flight plan',
  surveys: 'survey',
  media: 'media set',
  drives: 'drive',
  users: 'person',
};

/** Every kind of team document, in words (the refusals name them). */
const KIND_WORDS: Record<string, string> = {
  ...ENTITY_KIND_WORDS,
  frameFlag: 'frame flag',
  speed: 'simulation speed',
  history: 'history entry',
  favourite: 'favorite',
};

export const TEAM_RULES: TeamRules = {
  docMaxChars: DOC_MAX_CHARS,
  sampleBy: SAMPLE_BY,
  stamp: {
    t: 'obj',
    // `role` (issue 52) is optional: documents written before roles, and a seed, carry none.
    fields: { by: TEXT(EMAIL_MAX_CHARS), laptop: TEXT(100), at: { t: 'num' }, tx: TEXT(300), n: { t: 'num', int: true, min: 0, max: ACTION_DOCS_MAX }, role: { t: 'oneOf', of: ROLES } },
    req: ['by', 'laptop', 'at', 'tx', 'n'],
  },
  speed: { t: 'oneOf', of: SIMULATION_SPEEDS },
  flag: FRAME_FLAG,
  history: HISTORY_ENTRY,
  workflow: WORKFLOW,
  places: { t: 'map', of: { t: 'num', int: true, min: 0 }, max: ENTITY_KINDS.length },
  removable: ['surveys', 'media', 'frameFlag'],
  favouriteKinds: FAVOURITE_KINDS,
  kindWords: KIND_WORDS,
  idOk: Object.fromEntries(ENTITY_KINDS.map((kind) => [kind, keyRule(kind).spec])),
  fields: Object.fromEntries(
    ENTITY_KINDS.map((kind) => [kind, { ...Object.fromEntries(Object.entries(FIELD_RULES[kind]).map(([key, r]) => [key, { spec: r.spec, what: r.what }])), ...GIVEN[kind] }]),
  ),
  required: {
    captures: ['cpid', ...requiredReferences('captures'), 'w'],
    flightPlans: requiredReferences('flightPlans'),
    surveys: [...requiredReferences('surveys'), 'flownOn', 'w'],
    media: ['w'],
  },
  workflows: { captures: true, surveys: true, media: true },
  roles: ROLE_RULES,
};
