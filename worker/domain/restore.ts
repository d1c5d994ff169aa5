/**
 * One restore() for everything loaded (public/data/all.json, the IndexedDB record, the localStorage
 * copy): it validates the shape with a message naming what is wrong, fills defaults, repairs the
 * cross references from the entities' own ids, and recomputes every derived field.
 */
import { isFrameFlag, type FrameFlag } from './frameFlags';
import { DEFAULT_WORKFLOW_SECONDS } from './constants';
import type { Capture, Db, EntityKind, EntityMaps, IdLists, Stage, Survey, Workflow } from './types';
import { captureDates, deriveAll } from './derive';
import { assembleCapture, assembleMedia, assembleSurvey, makeDrive, makeFlightPlan, makeProject } from './entities';
import { userFromEmail } from './users';
import { progressAt, spanMs, STAGE_STATES } from './workflow';
import { stageDef, withDefinition, type WorkflowKind } from './stageCatalog';

export const ENTITY_KINDS: readonly EntityKind[] = ['projects', 'captures', 'flightPlans', 'surveys', 'media', 'drives', 'users'];

export const ID_FIELD: Record<EntityKind, string> = {
  projects: 'projectId',
  captures: 'captureId',
  flightPlans: 'flightPlanId',
  surveys: 'surveyId',
  media: 'mediaId',
  drives: 'host',
  users: 'email',
};

export type RestoreResult = { ok: true; db: Db } | { ok: false; error: string };

export interface RestoreOptions {
  /** Names the copy in error messages: 'all.json', 'stored data'. */
  source?: string;
  /** Speed at which working stages without start times are placed (sample data). */
  speed?: number;
  /**
   * The input is restore()'s to keep (a fresh parse, or records just read from the store): its
   * objects become the world's instead of being copied, which halves the work of a large boot.
   */
  inPlace?: boolean;
}

class Invalid extends Error {}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export function restore(raw: unknown, now: number, options: RestoreOptions = {}): RestoreResult {
  const source = options.source ?? 'data';
  try {
    let data = raw;
    if (typeof raw === 'string') {
      try {
        data = JSON.parse(raw);
      } catch {
        return { ok: false, error: `${source} is not valid JSON` };
      }
    }
    return { ok: true, db: restoreObject(data, now, options.speed ?? 1, typeof raw === 'string' || options.inPlace === true) };
  } catch (e) {
    if (e instanceof Invalid) return { ok: false, error: `${source}: ${e.message}` };
    return { ok: false, error: `${source} could not be read (${e instanceof Error ? e.message : String(e)})` };
  }
}

function fail(message: string): never {
  throw new Invalid(message);
}

function need<T>(value: unknown, path: string, check: (v: unknown) => v is T, what: string): T {
  if (value === undefined || value === null) fail(`${path} is missing`);
  if (!check(value)) fail(`${path} is not ${what}`);
  return value;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isFrameFlagList = (v: unknown): v is FrameFlag[] => Array.isArray(v) && v.every(isFrameFlag);
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);

function optional<T>(value: unknown, path: string, check: (v: unknown) => v is T, what: string): T | undefined {
  if (value === undefined || value === null) return undefined;
  if (!check(value)) fail(`${path} is not ${what}`);
  return value;
}

function restoreWorkflow(kind: WorkflowKind, value: unknown, path: string, now: number, speed: number, inPlace: boolean): Workflow {
  const wf = need(value, path, isObj, 'an object');
  const stages = need(wf.stages, `${path}.stages`, Array.isArray, 'a list');
  if (!stages.length) fail(`${path}.stages is empty`);
  const out: Stage[] = stages.map((s, i) => {
    const p = `${path}.stages.${i}`;
    const st = need(s, p, isObj, 'an object');
    const name = need(st.name, `${p}.name`, isString, 'a string');
    const state = need(st.state, `${p}.state`, isString, 'a string');
    if (!(STAGE_STATES as readonly string[]).includes(state)) fail(`${p}.state "${state}" is not a stage state`);
    const automatic = typeof st.automatic === 'boolean' ? st.automatic : (stageDef(kind, name)?.automatic ?? false);
    if (!inPlace) return withDefinition(kind, { ...st, name, state, automatic } as Stage);
    st.automatic = automatic;
    return withDefinition(kind, st as unknown as Stage);
  });
  const current = need(wf.current, `${path}.current`, isNumber, 'a number');
  if (!Number.isInteger(current) || current < 0 || current >= out.length) fail(`${path}.current is out of range`);
  const stage = out[current]!;
  // Sample data leaves start times out: a working stage is placed relative to load time.
  if (stage.state === 'working' && (!isNumber(stage.startedAt) || !isNumber(stage.expectedEndAt))) {
    const span = spanMs(stage.durationS ?? DEFAULT_WORKFLOW_SECONDS, speed);
    stage.durationS ??= DEFAULT_WORKFLOW_SECONDS;
    stage.startedAt = now - ((stage.progress ?? 0) / 100) * span;
    stage.expectedEndAt = stage.startedAt + span;
  }
  // Progress is never trusted from storage: it follows from the stored times.
  if (stage.state === 'working') stage.progress = progressAt(stage, now);
  return { stages: out, current };
}

function restoreObject(data: unknown, now: number, speed: number, inPlace: boolean): Db {
  const top = need(data, 'the file', isObj, 'an object');
  const version = need(top.version, 'version', isNumber, 'a number');
  const rawIndex = need(top.index, 'index', isObj, 'an object');
  const rawIds = optional(top.ids, 'ids', isObj, 'an object') ?? {};
  const index = { projects: {}, captures: {}, flightPlans: {}, surveys: {}, media: {}, drives: {}, users: {} } as EntityMaps;

  const entries = (kind: EntityKind): [string, Obj][] => {
    const map = need(rawIndex[kind], kind, isObj, 'an object');
    return Object.entries(map).map(([id, e]) => {
      const ent = need(e, `${kind}.${id}`, isObj, 'an object');
      const own = ent[ID_FIELD[kind]];
      if (own !== undefined && own !== id) fail(`${kind}.${id}.${ID_FIELD[kind]} does not match its key`);
      if (!inPlace) return [id, { ...ent, [ID_FIELD[kind]]: id }];
      ent[ID_FIELD[kind]] = id;
      return [id, ent];
    });
  };
  const str = (e: Obj, path: string, field: string) => need(e[field], `${path}.${field}`, isString, 'a string');

  for (const [id, e] of entries('users')) {
    const name = optional(e.name, `users.${id}.name`, isString, 'a string');
    index.users[id] = { ...userFromEmail(id, name), email: id };
  }
  for (const [id, e] of entries('projects')) {
    index.projects[id] = makeProject({ ...(e as Partial<typeof index.projects[string]>), projectId: id, captureIds: [] });
  }
  for (const [id, e] of entries('captures')) {
    const p = `captures.${id}`;
    const cpid = str(e, p, 'cpid');
    const projectId = str(e, p, 'projectId');
    if (!index.projects[projectId]) fail(`${p}.projectId names a missing project ${projectId}`);
    const workflow = restoreWorkflow('captures', e.workflow, `${p}.workflow`, now, speed, inPlace);
    index.captures[id] = assembleCapture(
      { ...(e as Partial<Capture>), captureId: id, cpid, projectId, workflow, flightPlanIds: [], surveyIds: [] },
      now,
    );
    optional(e.selectedIds, `${p}.selectedIds`, isStringArray, 'a list of ids');
  }
  for (const [id, e] of entries('flightPlans')) {
    const p = `flightPlans.${id}`;
    const captureId = str(e, p, 'captureId');
    const capture = index.captures[captureId] ?? fail(`${p}.captureId names a missing capture ${captureId}`);
    const lines = optional(e.lines, `${p}.lines`, Array.isArray, 'a list') ?? [];
    index.flightPlans[id] = makeFlightPlan({ ...(e as object), flightPlanId: id, captureId, lines, surveyIds: [] });
    capture.flightPlanIds.push(id);
  }
  for (const [id, e] of entries('media')) {
    const p = `media.${id}`;
    const workflow = restoreWorkflow('media', e.workflow, `${p}.workflow`, now, speed, inPlace);
    const bays = optional(e.bays, `${p}.bays`, Array.isArray, 'a list') as number[] | undefined;
    index.media[id] = assembleMedia({ ...(e as object), mediaId: id, workflow, surveyIds: [], bays: bays ?? [1] }, now);
  }
  for (const [id, e] of entries('surveys')) {
    const p = `surveys.${id}`;
    const captureId = str(e, p, 'captureId');
    const capture = index.captures[captureId] ?? fail(`${p}.captureId names a missing capture ${captureId}`);
    const flightPlanId = str(e, p, 'flightPlanId');
    const plan = index.flightPlans[flightPlanId] ?? fail(`${p}.flightPlanId names a missing flight plan ${flightPlanId}`);
    const mediaId = str(e, p, 'mediaId');
    const media = index.media[mediaId] ?? fail(`${p}.mediaId names a missing media set ${mediaId}`);
    const flownOn = str(e, p, 'flownOn');
    const workflow = restoreWorkflow('surveys', e.workflow, `${p}.workflow`, now, speed, inPlace);
    if (e.qc !== undefined && e.qc !== false && e.qc !== 'started' && e.qc !== 'approved' && e.qc !== 'rejected') {
      fail(`${p}.qc is not a QC state`);
    }
    optional(e.size, `${p}.size`, isNumber, 'a number');
    optional(e.frameFlags, `${p}.frameFlags`, isFrameFlagList, 'a list of frame flags');
    optional(e.rejectReason, `${p}.rejectReason`, isString, 'a string');
    const input = { ...(e as Partial<Survey>), surveyId: id, captureId, cpid: capture.cpid, flightPlanId, mediaId, flownOn, workflow };
    index.surveys[id] = assembleSurvey(input, now);
    capture.surveyIds.push(id);
    plan.surveyIds.push(id);
    media.surveyIds.push(id);
  }
  for (const [id, e] of entries('drives')) {
    const mediaId = optional(e.mediaId, `drives.${id}.mediaId`, isString, 'a string');
    const bays = optional(e.bays, `drives.${id}.bays`, isNumber, 'a number') ?? 2;
    index.drives[id] = makeDrive({ host: id, bays, mediaId: mediaId && index.media[mediaId] ? mediaId : null });
  }
  // Cross references follow the entities' own ids; stored orders are kept where still valid.
  for (const c of Object.values(index.captures)) {
    const raw = rawIndex.captures as Record<string, Obj>;
    c.surveyIds = keepOrder(raw[c.captureId]?.surveyIds, c.surveyIds);
    c.flightPlanIds = keepOrder(raw[c.captureId]?.flightPlanIds, c.flightPlanIds);
    c.selectedIds = c.selectedIds.filter((sid) => index.surveys[sid]?.captureId === c.captureId);
    Object.assign(c, captureDates(c.surveyIds.map((sid) => index.surveys[sid]!)));
    index.projects[c.projectId]!.captureIds.push(c.captureId);
  }
  for (const f of Object.values(index.flightPlans)) {
    f.surveyIds = keepOrder((rawIndex.flightPlans as Record<string, Obj>)[f.flightPlanId]?.surveyIds, f.surveyIds);
  }
  for (const p of Object.values(index.projects)) {
    p.captureIds = keepOrder((rawIndex.projects as Record<string, Obj>)[p.projectId]?.captureIds, p.captureIds);
  }
  for (const m of Object.values(index.media)) {
    m.surveyIds = keepOrder((rawIndex.media as Record<string, Obj>)[m.mediaId]?.surveyIds, m.surveyIds);
    m.host = m.host && index.drives[m.host]?.mediaId === m.mediaId ? m.host : null;
  }
  for (const d of Object.values(index.drives)) {
    if (d.mediaId) index.media[d.mediaId]!.host = d.host;
  }
  const ids = {} as IdLists;
  for (const kind of ENTITY_KINDS) {
    const stored = optional(rawIds[kind], `ids.${kind}`, isStringArray, 'a list of ids');
    ids[kind] = keepOrder(stored, Object.keys(index[kind]));
  }
  deriveAll(index, now, speed);
  const savedAt = optional(top.savedAt, 'savedAt', isNumber, 'a number') ?? 0;
  const loadedAt = optional(top.loadedAt, 'loadedAt', isNumber, 'a number') ?? now;
  return { version, index, ids, savedAt, loadedAt };
}

/** The stored order of `actual`'s ids where valid, then any id the stored list missed. */
function keepOrder(stored: unknown, actual: string[]): string[] {
  if (!isStringArray(stored)) return actual;
  const present = new Set(actual);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const id of stored) {
    if (present.has(id) && !seen.has(id)) {
      out.push(id);
      seen.add(id);
    }
  }
  for (const id of actual) if (!seen.has(id)) out.push(id);
  return out;
}
