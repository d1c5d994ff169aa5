/**
 * One restore() for everything loaded (public/data/all.json, the IndexedDB record, the localStorage
 * copy, an imported file): it validates the shape with a message naming what is wrong, checks every
 * stored field against its rule (storedFields.ts: what an action would accept), fills defaults,
 * repairs the cross references from the entities' own ids, and recomputes every derived field.
 *
 * Strict by default (all.json, Import): the first problem refuses the whole copy, with its message.
 * With `repair` (a stored copy at boot, issue 19), a field that breaks its rule is reset to its
 * default and an entity that cannot be read (a bad id, a missing reference, a broken workflow) is
 * dropped, with the ones that needed it; `repaired` says what, so the boot can tell the person.
 */
import { DEFAULT_WORKFLOW_SECONDS } from './constants';
import type { Capture, EntityKind, EntityMaps, IdLists, Stage, Workflow } from './types';
import type { Db } from './dataFile';
import { captureDates, deriveAll } from './derive';
import { assembleCapture, assembleMedia, assembleSurvey, makeDrive, makeFlightPlan, makeProject } from './entities';
import { checkedFields, isObj, keyRule, shownId, STAGE_RULE_LIST, type Obj, type Rule } from './storedFields';
import { userFromEmail } from './users';
import { currentStage, moveNext, progressAt, spanMs, STAGE_STATES } from './workflow';
import { stageDef, withDefinition, type WorkflowKind } from './stageCatalog';
import { isCalendarDay } from './dates';
import { restoreHistory } from './historyFile';
import { restoreFavourites } from './favourites';
import { REFERENCES } from './references';
import { fail, isNumber, isString, isStringArray, need, optional, Problems, Invalid } from './restoreProblems';

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

/** `repaired`: what was reset or dropped to read the copy (always empty unless `repair`). */
export type RestoreResult = { ok: true; db: Db; repaired: string[] } | { ok: false; error: string };

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
  /** Reset fields and drop entities that break the rules, and say so, rather than refuse (a stored copy). */
  repair?: boolean;
}

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
    const problems = new Problems(options.repair === true);
    const db = restoreObject(data, now, options.speed ?? 1, typeof raw === 'string' || options.inPlace === true, problems);
    return { ok: true, db, repaired: problems.repaired };
  } catch (e) {
    if (e instanceof Invalid) return { ok: false, error: `${source}: ${e.message}` };
    return { ok: false, error: `${source} could not be read (${e instanceof Error ? e.message : String(e)})` };
  }
}

function restoreWorkflow(kind: WorkflowKind, value: unknown, path: string, now: number, speed: number, inPlace: boolean, problems: Problems): Workflow {
  const wf = need(value, path, isObj, 'an object');
  const stages = need(wf.stages, `${path}.stages`, Array.isArray, 'a list');
  if (!stages.length) fail(`${path}.stages is empty`);
  if (stages.length > 50) fail(`${path}.stages has more stages than any workflow`);
  const out: Stage[] = stages.map((s, i) => {
    const p = `${path}.stages.${i}`;
    const given = need(s, p, isObj, 'an object');
    const name = need(given.name, `${p}.name`, isString, 'a string');
    if (name.length > 100) fail(`${p}.name is not a stage name`);
    const state = need(given.state, `${p}.state`, isString, 'a string');
    if (!(STAGE_STATES as readonly string[]).includes(state)) fail(`${p}.state "${state.slice(0, 40)}" is not a stage state`);
    const automatic = typeof given.automatic === 'boolean' ? given.automatic : (stageDef(kind, name)?.automatic ?? false);
    // A stage's own fields, each of its type (a label that is an object would reach the page); a
    // copy takes nothing else. The store's own records are checked in place, field by field.
    const st: Obj = inPlace ? given : { name, state };
    for (const [key, rule] of STAGE_RULE_LIST) {
      const value = given[key];
      if (value === undefined) continue;
      if (rule.ok(value)) {
        if (st !== given) st[key] = value;
      } else {
        problems.wrong(`${p}.${key}`, value, rule.what);
        if (st === given) delete st[key];
      }
    }
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

/** An entry of a map by its own key only: "constructor" names no project. */
function ownIn<T>(map: Record<string, T>, id: string): T | undefined {
  return Object.hasOwn(map, id) ? map[id] : undefined;
}

/** A cpid: what the capture table and every flash show, so bounded text with nothing hidden. */
const CPID: Rule = { ...keyRule('captures'), what: 'a capture id of 1 to 100 characters' };

function restoreObject(data: unknown, now: number, speed: number, inPlace: boolean, problems: Problems): Db {
  const top = need(data, 'the file', isObj, 'an object');
  const version = need(top.version, 'version', isNumber, 'a number');
  const rawIndex = need(top.index, 'index', isObj, 'an object');
  const rawIds = optional(top.ids, 'ids', isObj, 'an object') ?? {};
  const index = { projects: {}, captures: {}, flightPlans: {}, surveys: {}, media: {}, drives: {}, users: {} } as EntityMaps;
  const maps = {} as Record<EntityKind, Obj>;
  for (const kind of ENTITY_KINDS) maps[kind] = need(rawIndex[kind], kind, isObj, 'an object');

  /**
   * Each entity of a kind, read by `read` from its checked fields (a fresh object, ours to fill in
   * and hand to the factory: the stored one is never spread into the world) under its own id,
   * which must meet its kind's rule.
   */
  const each = (kind: EntityKind, read: (id: string, path: string, fields: Obj, raw: Obj) => void) => {
    const rule = keyRule(kind);
    for (const [id, value] of Object.entries(maps[kind])) {
      const path = `${kind}.${shownId(id)}`;
      problems.entity(path, () => {
        const raw = need(value, path, isObj, 'an object');
        if (!rule.ok(id)) fail(`${path}: its id is not ${rule.what}`);
        const own = raw[ID_FIELD[kind]];
        if (own !== undefined && own !== id) fail(`${path}.${ID_FIELD[kind]} does not match its key`);
        read(id, path, checkedFields(kind, raw, path, problems.wrong), raw);
      });
    }
  };
  /** A required reference or text: a string, else the entity cannot be read. */
  const str = (e: Obj, path: string, field: string) => need(e[field], `${path}.${field}`, isString, 'a string');
  /** The ids an entity of `kind` must name (references.ts), each of an entity already read, else the entity cannot be read. */
  const named = (kind: EntityKind, raw: Obj, path: string): Record<string, string> => {
    const ids: Record<string, string> = {};
    for (const ref of REFERENCES[kind] ?? []) {
      if (ref.optional) continue;
      const id = str(raw, path, ref.field);
      if (!ownIn(index[ref.kind] as Record<string, unknown>, id)) fail(`${path}.${ref.field} names a missing ${ref.what} ${shownId(id)}`);
      ids[ref.field] = id;
    }
    return ids;
  };

  each('users', (id, _p, f) => {
    index.users[id] = { ...userFromEmail(id, f.name as string | undefined), email: id };
  });
  each('projects', (id, _p, f) => {
    index.projects[id] = makeProject(Object.assign(f, { projectId: id, captureIds: [] }));
  });
  each('captures', (id, p, f, raw) => {
    const cpid = str(raw, p, 'cpid');
    if (!CPID.ok(cpid)) fail(`${p}.cpid is not ${CPID.what}`);
    const { projectId } = named('captures', raw, p) as { projectId: string };
    const workflow = restoreWorkflow('captures', raw.workflow, `${p}.workflow`, now, speed, inPlace, problems);
    index.captures[id] = assembleCapture(Object.assign(f as Partial<Capture>, { captureId: id, cpid, projectId, workflow, flightPlanIds: [], surveyIds: [] }), now);
  });
  each('flightPlans', (id, p, f, raw) => {
    const { captureId } = named('flightPlans', raw, p) as { captureId: string };
    const capture = index.captures[captureId]!;
    index.flightPlans[id] = makeFlightPlan(Object.assign(f, { flightPlanId: id, captureId, surveyIds: [] }));
    capture.flightPlanIds.push(id);
  });
  each('media', (id, p, f, raw) => {
    const workflow = restoreWorkflow('media', raw.workflow, `${p}.workflow`, now, speed, inPlace, problems);
    index.media[id] = assembleMedia(Object.assign(f, { mediaId: id, workflow, surveyIds: [] }), now);
  });
  each('surveys', (id, p, f, raw) => {
    const { captureId, flightPlanId, mediaId } = named('surveys', raw, p) as { captureId: string; flightPlanId: string; mediaId: string };
    const [capture, plan, media] = [index.captures[captureId]!, index.flightPlans[flightPlanId]!, index.media[mediaId]!];
    const flownOn = str(raw, p, 'flownOn');
    if (!isCalendarDay(flownOn)) fail(`${p}.flownOn is not a calendar day (yyyy-MM-dd) from 1990`);
    const workflow = restoreWorkflow('surveys', raw.workflow, `${p}.workflow`, now, speed, inPlace, problems);
    index.surveys[id] = assembleSurvey(Object.assign(f, { surveyId: id, captureId, cpid: capture.cpid, flightPlanId, mediaId, flownOn, workflow }), now);
    capture.surveyIds.push(id);
    plan.surveyIds.push(id);
    media.surveyIds.push(id);
  });
  each('drives', (id, _p, f) => {
    const mediaId = f.mediaId as string | null | undefined;
    index.drives[id] = makeDrive(Object.assign(f, { host: id, mediaId: mediaId && ownIn(index.media, mediaId) ? mediaId : null }));
  });
  // Cross references follow the entities' own ids; stored orders are kept where still valid.
  for (const c of Object.values(index.captures)) {
    const raw = maps.captures[c.captureId] as Obj;
    c.surveyIds = keepOrder(raw.surveyIds, c.surveyIds);
    c.flightPlanIds = keepOrder(raw.flightPlanIds, c.flightPlanIds);
    c.selectedIds = c.selectedIds.filter((sid) => ownIn(index.surveys, sid)?.captureId === c.captureId);
    Object.assign(c, captureDates(c.surveyIds.map((sid) => index.surveys[sid]!)));
    index.projects[c.projectId]!.captureIds.push(c.captureId);
  }
  for (const f of Object.values(index.flightPlans)) f.surveyIds = keepOrder((maps.flightPlans[f.flightPlanId] as Obj).surveyIds, f.surveyIds);
  for (const p of Object.values(index.projects)) p.captureIds = keepOrder((maps.projects[p.projectId] as Obj).captureIds, p.captureIds);
  for (const m of Object.values(index.media)) {
    m.surveyIds = keepOrder((maps.media[m.mediaId] as Obj).surveyIds, m.surveyIds);
    m.host = m.host && ownIn(index.drives, m.host)?.mediaId === m.mediaId ? m.host : null;
  }
  for (const d of Object.values(index.drives)) {
    if (d.mediaId) index.media[d.mediaId]!.host = d.host;
  }
  const ids = {} as IdLists;
  for (const kind of ENTITY_KINDS) {
    let stored = rawIds[kind];
    if (stored !== undefined && stored !== null && !isStringArray(stored)) {
      problems.wrong(`ids.${kind}`, stored, 'a list of ids');
      stored = undefined;
    }
    ids[kind] = keepOrder(stored, Object.keys(index[kind]));
  }
  wakeCaptures(index, speed);
  deriveAll(index, now, speed);
  const savedAt = stamp(top, 'savedAt', problems) ?? 0;
  const loadedAt = stamp(top, 'loadedAt', problems) ?? now;
  const db: Db = { version, index, ids, savedAt, loadedAt };
  const history = restoreHistory(top, problems);
  if (history) db.history = history;
  const favourites = restoreFavourites(top.favourites, problems);
  if (favourites.length) db.favourites = favourites;
  return db;
}

/**
 * A capture still waiting though a survey of it has been received starts receiving at the first
 * such time, as the clock would have moved it (simulation.ts). A copy written where that move was
 * not kept (team sync sends only what people changed) comes back as the engine had it.
 */
function wakeCaptures(index: EntityMaps, speed: number): void {
  for (const capture of Object.values(index.captures)) wakeCapture(index, capture, speed);
}

/** One capture, as wakeCaptures moves it (team sync's take too: a live laptop equals one reloaded). Answers whether it moved. */
export function wakeCapture(index: Pick<EntityMaps, 'surveys'>, capture: Capture, speed: number): boolean {
  if (currentStage(capture.workflow).name !== 'waiting') return false;
  let first = Infinity;
  for (const id of capture.surveyIds) {
    const receive = index.surveys[id]?.workflow.stages.find((st) => st.name === 'receive');
    if (receive?.state === 'completed' && typeof receive.endedAt === 'number') first = Math.min(first, receive.endedAt);
  }
  if (first === Infinity) return false;
  moveNext(capture.workflow, first, speed);
  return true;
}

/** A save or load stamp (epoch ms), or undefined when absent or reset. */
function stamp(top: Obj, field: 'savedAt' | 'loadedAt', problems: Problems): number | undefined {
  const value = top[field];
  if (value === undefined || value === null) return undefined;
  if (isNumber(value)) return value;
  problems.wrong(field, value, 'a number');
  return undefined;
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
