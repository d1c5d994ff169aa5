/**
 * The compact stored form of one entity (docs/architecture.md#arch-record, issue "Nothing lost, at any size"): what
 * restore() cannot work out again. Left out: the id (it is the record's key), derived fields,
 * fields at their factory default, child id lists in the world's own order (restore() rebuilds
 * them from the children's pointers), a survey's cpid and default path, and everything a stage
 * definition says. A workflow is one letter per stage plus only the stage fields its definition
 * does not give, with times as offsets from one base. `o` is the entity's place in its kind's
 * ordered id list. decode(encode(e)) gives restore() what it needs to rebuild e exactly.
 */
import type { EntityKind, Stage, StageState, Workflow } from '../../domain/types';
import { surveyStageDefs } from '../../domain/surveyWorkflow';
import { mediaStageDefs } from '../../domain/mediaWorkflow';
import { captureStageDefs } from '../../domain/captureWorkflow';
import { stageFromDef, type StageDef } from '../../domain/workflow';
import { DEFAULT_WORKFLOW_SECONDS } from '../../domain/constants';
import { surveyPath } from '../../domain/entities';
import { ID_FIELD } from '../../domain/restore';
import { CHILD_LISTS, DEFAULTS, DERIVED_FIELDS } from '../../domain/storedFields';

export type StoredRecord = { o: number } & Record<string, unknown>;

/**
 * A kind's records in their list's order: by place, and two of one place (two laptops that each
 * added at the top, see World.place) by id, so every laptop and every reload orders them alike.
 */
export const byPlace = (a: readonly [string, { o: number }], b: readonly [string, { o: number }]): number => placeThenId(a[1].o, a[0], b[1].o, b[0]);

/** The order of two entities by place, and two of one place by id (the rule of every list a laptop shares). */
export const placeThenId = (placeA: number, idA: string, placeB: number, idB: string): number => placeA - placeB || (idA < idB ? -1 : idA > idB ? 1 : 0);


type WorkflowKind = 'surveys' | 'media' | 'captures';
const isWorkflowKind = (k: EntityKind): k is WorkflowKind => k === 'surveys' || k === 'media' || k === 'captures';

/**
 * The stages a workflow of this kind starts from (a survey's depend on its size), built once per
 * kind and size: 100 000 surveys share a handful. Read-only: decode copies each stage, and the
 * copies share only the label maps, which nothing changes.
 */
const templates = new Map<string, readonly Stage[]>();
function templateStages(kind: WorkflowKind, entity: Record<string, unknown>): readonly Stage[] {
  const size = kind === 'surveys' && typeof entity.size === 'number' ? entity.size : DEFAULT_WORKFLOW_SECONDS;
  const key = `${kind}:${size}`;
  let stages = templates.get(key);
  if (!stages) {
    const defs: StageDef[] = kind === 'surveys' ? surveyStageDefs({ sizeS: size }) : kind === 'media' ? mediaStageDefs() : captureStageDefs();
    stages = defs.map((d) => stageFromDef(d));
    templates.set(key, stages);
  }
  return stages;
}

const LETTER: Record<StageState, string> = { waiting: 'W', working: 'R', completed: 'C', cancelled: 'X', failed: 'F', future: '-' };
const STATE_OF: Record<string, StageState> = Object.fromEntries(Object.entries(LETTER).map(([s, l]) => [l, s as StageState]));
const TIMES = [['startedAt', 'a'], ['expectedEndAt', 'e'], ['endedAt', 'z']] as const;

/** Equal values, comparing lists and maps one level deep (all that defaults and labels hold). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const list = b as unknown[];
    if (a.length !== list.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== list[i]) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let n = 0;
  for (const k in x) {
    if (x[k] !== y[k]) return false;
    n++;
  }
  for (const _ in y) n--;
  return n === 0;
}

const TIME_FIELDS = new Set(['startedAt', 'expectedEndAt', 'endedAt']);

/** A stage's own fields; `1` stands for "the same as the stage before", null for none. */
type StageExtra = Record<string, unknown> | 1 | null;

interface StoredWorkflow {
  c: number;
  s: string;
  b?: number;
  x?: StageExtra[];
  /** Stages whose names do not follow the definition: stored whole. */
  stages?: Stage[];
}

/**
 * Keys a stage's record never stores as its own: name and state (the letters say them), the times
 * (stored as offsets), and progress the clock recomputes.
 */
function notOwn(key: string, ownProgress: boolean): boolean {
  return key === 'name' || key === 'state' || TIME_FIELDS.has(key) || (key === 'progress' && !ownProgress);
}

/**
 * What a stage's record says beyond its definition, or null. Plain loops and no closures: a tick
 * that moves stages encodes a dozen workflows, and this runs for each of their stages.
 */
function stageExtra(stage: Stage, template: Stage, isCurrent: boolean, base: number): Record<string, unknown> | null {
  const live = stage as unknown as Record<string, unknown>;
  const tpl = template as unknown as Record<string, unknown>;
  const completedTimed = stage.state === 'completed' && live.durationS !== undefined;
  // Progress the clock recomputes: the current working stage's, and a timed completed stage's 100.
  const ownProgress = !((stage.state === 'working' && isCurrent) || (completedTimed && live.progress === 100));
  let extra: Record<string, unknown> | null = null;
  for (const key in tpl) {
    if (notOwn(key, ownProgress)) continue;
    if (!(key in live)) (extra ??= {})[key] = null;
    else if (!same(live[key], tpl[key])) (extra ??= {})[key] = live[key];
  }
  for (const key in live) {
    if (key in tpl || notOwn(key, ownProgress)) continue;
    if (live[key] !== undefined) (extra ??= {})[key] = live[key];
  }
  if (completedTimed && live.progress === undefined) (extra ??= {}).progress = null;
  for (const [field, short] of TIMES) {
    const t = stage[field];
    if (typeof t !== 'number') continue;
    if (base + (t - base) === t) (extra ??= {})[short] = t - base;
    else (extra ??= {})[short.toUpperCase()] = t;
  }
  return extra;
}

function encodeWorkflow(kind: WorkflowKind, wf: Workflow, entity: Record<string, unknown>): StoredWorkflow {
  const defs = templateStages(kind, entity);
  const stages = wf.stages;
  let named = stages.length === defs.length;
  for (let i = 0; named && i < stages.length; i++) named = stages[i]!.name === defs[i]!.name;
  if (!named) return { c: wf.current, s: '', stages: stages.map((s) => ({ ...s })) };
  let base = Infinity;
  let letters = '';
  for (const s of stages) {
    letters += LETTER[s.state];
    for (const [t] of TIMES) {
      const at = s[t];
      if (typeof at === 'number' && at < base) base = at;
    }
  }
  const out: StoredWorkflow = { c: wf.current, s: letters };
  if (base !== Infinity) out.b = base;
  const x: StageExtra[] = [];
  let previous: Record<string, unknown> | null = null;
  for (let i = 0; i < stages.length; i++) {
    const extra = stageExtra(stages[i]!, defs[i]!, i === wf.current, base);
    // Stages completed together differ in nothing: each says "as before".
    x.push(extra && previous && same(extra, previous) ? 1 : extra);
    previous = extra;
  }
  while (x.length && x[x.length - 1] === null) x.pop();
  if (x.length) out.x = x;
  return out;
}

function decodeWorkflow(kind: WorkflowKind, stored: StoredWorkflow, entity: Record<string, unknown>): Workflow {
  if (stored.stages) return { stages: stored.stages.map((s) => ({ ...s })), current: stored.c };
  const defs = templateStages(kind, entity);
  const base = stored.b ?? 0;
  const x = stored.x;
  const stages: Stage[] = new Array(defs.length);
  let previous: Record<string, unknown> | null = null;
  // A boot decodes a million stages: plain loops, no closures, no lookups by search.
  for (let i = 0; i < defs.length; i++) {
    const stage = { ...defs[i]! } as unknown as Record<string, unknown>;
    stage.state = STATE_OF[stored.s[i] ?? '-'] ?? 'future';
    const given = x && i < x.length ? x[i]! : null;
    const extra: Record<string, unknown> | null = given === 1 ? previous : given;
    previous = extra;
    let progressGiven = false;
    if (extra) {
      for (const key in extra) {
        const value = extra[key];
        switch (key) {
          case 'a': stage.startedAt = base + (value as number); break;
          case 'e': stage.expectedEndAt = base + (value as number); break;
          case 'z': stage.endedAt = base + (value as number); break;
          case 'A': stage.startedAt = value; break;
          case 'E': stage.expectedEndAt = value; break;
          case 'Z': stage.endedAt = value; break;
          default:
            if (key === 'progress') progressGiven = true;
            if (value === null) delete stage[key];
            else stage[key] = value;
        }
      }
    }
    if (!progressGiven && stage.state === 'completed' && stage.durationS !== undefined) stage.progress = 100;
    stages[i] = stage as unknown as Stage;
  }
  return { stages, current: stored.c };
}

/** True when `list` is the children in the order of their own kind's list (ascending `o`). */
function inWorldOrder(list: unknown, orderOf: (id: string) => number | undefined): boolean {
  if (!Array.isArray(list)) return false;
  let last = -Infinity;
  for (const id of list) {
    const o = orderOf(id as string);
    if (o === undefined || o <= last) return false;
    last = o;
  }
  return true;
}

const DERIVED_SET: Partial<Record<EntityKind, ReadonlySet<string>>> = Object.fromEntries(
  Object.entries(DERIVED_FIELDS).map(([kind, fields]) => [kind, new Set(fields)]),
);

export function encode(
  kind: EntityKind,
  entity: object,
  order: number,
  orderOf: (kind: EntityKind, id: string) => number | undefined,
): StoredRecord {
  const e = entity as Record<string, unknown>;
  const out: StoredRecord = { o: order };
  const derived = DERIVED_SET[kind];
  const defaults = DEFAULTS[kind] ?? {};
  const children = CHILD_LISTS[kind] ?? {};
  // A plain object's own fields, without a [key, value] list made for each (a tick encodes a dozen surveys).
  for (const key in e) {
    const value = e[key];
    if (key === ID_FIELD[kind] || derived?.has(key) || value === undefined) continue;
    if (key in defaults && same(value, defaults[key])) continue;
    const childKind = children[key];
    if (childKind && inWorldOrder(value, (id) => orderOf(childKind, id))) continue;
    if (key === 'workflow' && isWorkflowKind(kind)) {
      out.w = encodeWorkflow(kind, value as Workflow, e);
      continue;
    }
    out[key] = value;
  }
  if (kind === 'surveys' && e.path === surveyPath(String(e.flownOn), String(e.cpid), String(e.surveyId))) delete out.path;
  if (kind === 'projects' && e.url === `/projects/${String(e.projectId)}`) delete out.url;
  return out;
}

/** The entity as restore() reads it (all.json shape): restore() fills the rest. */
export function decode(kind: EntityKind, id: string, record: StoredRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const defaults = DEFAULTS[kind];
  if (defaults) {
    for (const key in defaults) {
      const value = defaults[key];
      out[key] = Array.isArray(value) ? value.slice() : value;
    }
  }
  for (const key in record) if (key !== 'o' && key !== 'w' && key !== 'r') out[key] = record[key];
  out[ID_FIELD[kind]] = id;
  if (record.w !== undefined && isWorkflowKind(kind)) out.workflow = decodeWorkflow(kind, record.w as StoredWorkflow, out);
  return out;
}
