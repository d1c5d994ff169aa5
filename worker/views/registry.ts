/**
 * The open views of every tab, answered where the world is (docs/views.md). A tab opens a view
 * under its own number; the registry answers it at once (or as soon as the world holds what it
 * reads), and after every change of the world it answers again the views whose kinds changed and
 * sends each tab what differs, in one page event: new answers, patches of answers, progress of the
 * stages its rows show, the session. Nothing else crosses to a page.
 */
import type { Current, EntityKind, Flags, Id } from '../domain/types';
import type { ChangeKind } from '../engine/worldChange';
import { withProgress } from '../domain/workflow';
import { diffValue, updateAt, type AnswerPath } from '../domain/valuePatch';
import { entityKey } from '../domain/names';
import type { PageEventBody } from '../api';
import type { World } from '../engine/world';
import type { WorldChange } from '../engine/worldChange';
import type { AnyAnswer, ViewSpec } from '../screens';
import { CaptureOrder } from './captureOrder';
import { MediaSelection } from './mediaFilter';
import { viewOf, type AnswerContext } from './table';
import type { HistoryReader } from './history';

export type TabId = string;

interface OpenView {
  tab: TabId;
  id: number;
  spec: ViewSpec;
  reads: readonly ChangeKind[];
  /** Answered again when history records are read or taken in. */
  history: boolean;
  answer: (ctx: AnswerContext, params: unknown) => unknown;
  /** The answer as the page holds it (progress patches applied), or undefined until answered. */
  pageAnswer: unknown;
  /** Where each entity's stage shows in the answer the page holds. */
  sites: Map<string, AnswerPath[]>;
  /** The kinds of those entities: a tick's progress of any other kind is passed over. */
  kinds: Set<EntityKind>;
}

const viewKey = (tab: TabId, id: number) => `${tab}\u0000${id}`;

/** A site inside a value: whose stage, and the path to it from the value. */
type Site = readonly [key: string, kind: EntityKind, path: AnswerPath];
const NO_SITES: readonly Site[] = [];
/**
 * The sites inside each object answered, by identity: answers are never changed in place (a
 * progress patch makes new objects along its path), and a table answered again keeps its
 * unchanged rows (captureOrder.ts), so their sites are not walked for again every tick.
 */
const sitesWithin = new WeakMap<object, readonly Site[]>();

function sitesIn(value: unknown): readonly Site[] {
  if (typeof value !== 'object' || value === null) return NO_SITES;
  const known = sitesWithin.get(value);
  if (known) return known;
  const out: Site[] = [];
  const within = (step: string | number, inner: unknown) => {
    for (const [key, kind, path] of sitesIn(inner)) out.push([key, kind, [step, ...path]]);
  };
  if (Array.isArray(value)) value.forEach((v, i) => within(i, v));
  else {
    const o = value as { stage?: unknown; stageOf?: readonly [EntityKind, Id] | null };
    if (o.stageOf && o.stage) out.push([entityKey(o.stageOf[0], o.stageOf[1]), o.stageOf[0], ['stage']]);
    for (const [k, v] of Object.entries(value)) if (k !== 'stage' && k !== 'stageOf') within(k, v);
  }
  sitesWithin.set(value, out);
  return out;
}

/** Where each entity's stage shows in an answer: every object with `stage` and `stageOf`. */
export function stageSites(answer: unknown): Map<string, AnswerPath[]> {
  const sites = new Map<string, AnswerPath[]>();
  for (const [key, , path] of sitesIn(answer)) {
    const list = sites.get(key);
    if (list) list.push(path);
    else sites.set(key, [path]);
  }
  return sites;
}

/** The kinds whose stages an answer shows. */
function siteKinds(answer: unknown): Set<EntityKind> {
  return new Set(sitesIn(answer).map(([, kind]) => kind));
}

export class ViewRegistry {
  private readonly views = new Map<string, OpenView>();
  /** Every tab that booted here: the session goes to each, views open or not. */
  private readonly booted = new Set<TabId>();
  private readonly ctx: AnswerContext;

  constructor(
    world: World,
    /** Delivers a page event body to a tab (the registry adds nothing but what it says). */
    private readonly send: (tab: TabId, event: PageEventBody) => void,
    /** Whether the world holds the kinds yet (a boot's first look holds only some). */
    private readonly holds: (kinds: readonly ChangeKind[]) => boolean,
    /** The history's records, where the engine keeps them (docs/history.md). */
    history: HistoryReader | null = null,
    /** Whose own surveys lead the survey lists (ownFirst.ts): a technician in a team world, else null. */
    leading: () => string | null = () => null,
  ) {
    this.ctx = { world, captureOrder: new CaptureOrder(world), mediaSelection: new MediaSelection(world), history, leading };
  }

  /** A tab booted here. */
  addTab(tab: TabId): void {
    this.booted.add(tab);
  }

  /** A tab opens a view; its answer goes out in a page event (now, or once the world holds it). */
  open(tab: TabId, id: number, spec: ViewSpec): void {
    this.booted.add(tab);
    const def = viewOf(spec);
    if (!def || !Number.isInteger(id)) return;
    const view: OpenView = { tab, id, spec, reads: def.reads, history: def.history === true, answer: def.answer, pageAnswer: undefined, sites: new Map(), kinds: new Set() };
    this.views.set(viewKey(tab, id), view);
    const out = new PageEvents();
    this.answerInto(view, out, true);
    out.flush(this.send);
  }

  close(tab: TabId, id: number): void {
    this.views.delete(viewKey(tab, id));
  }

  /** A tab is gone: its views with it. */
  closeTab(tab: TabId): void {
    this.booted.delete(tab);
    for (const [key, view] of this.views) if (view.tab === tab) this.views.delete(key);
  }

  tabIds(): TabId[] {
    return [...this.booted];
  }

  /** After a commit: the views whose kinds changed answer again; progress moves; the session goes to every tab. */
  changed(change: WorldChange, session: { current: Current; flags: Flags } | null): void {
    this.ctx.captureOrder.invalidate(change.lists.has('captures'), change.changed.get('captures'), change.progress);
    this.ctx.mediaSelection.invalidate(change);
    const out = new PageEvents();
    for (const view of this.views.values()) {
      const stale = view.pageAnswer === undefined || view.reads.some((k) => change.kinds.has(k));
      if (stale) this.answerInto(view, out, view.pageAnswer === undefined);
    }
    const showing = [...this.views.values()].filter((view) => view.kinds.size);
    // A tick's progress names every moving workflow (a thousand at 60 s stages); most are of a kind no view shows.
    const shown = new Set<EntityKind>();
    for (const view of showing) for (const kind of view.kinds) shown.add(kind);
    for (const [kind, id, percent, remainingS] of shown.size ? change.progress : []) {
      if (!shown.has(kind)) continue;
      const key = entityKey(kind, id);
      for (const view of showing) {
        const paths = view.sites.get(key);
        if (!paths) continue;
        for (const path of paths) {
          view.pageAnswer = updateAt(view.pageAnswer, path, (stage) => withProgress(stage as never, percent, remainingS));
          out.progress(view.tab, view.id, path, percent, remainingS);
        }
      }
    }
    if (session) for (const tab of this.tabs()) out.session(tab, session);
    out.flush(this.send);
  }

  /** A new world (a boot's end, reset, import, a refused write, a new leader): every view answers whole. */
  replaced(extra: Omit<PageEventBody, 'views' | 'progress'>): void {
    this.ctx.captureOrder.invalidate(true, undefined);
    this.ctx.mediaSelection.clear();
    const out = new PageEvents();
    for (const view of this.views.values()) {
      view.pageAnswer = undefined;
      this.answerInto(view, out, true);
    }
    for (const tab of this.tabs()) out.extra(tab, extra);
    out.flush(this.send);
  }

  /** History records were read or taken in: the history views answer again, sending what differs. */
  historyChanged(): void {
    const out = new PageEvents();
    for (const view of this.views.values()) if (view.history) this.answerInto(view, out, view.pageAnswer === undefined);
    out.flush(this.send);
  }

  /** Whose surveys lead the lists changed (a role or an account learnt, issue 52): the views of surveys answer again. */
  leadingChanged(): void {
    const out = new PageEvents();
    for (const view of this.views.values()) if (view.reads.includes('surveys')) this.answerInto(view, out, view.pageAnswer === undefined);
    out.flush(this.send);
  }

  /** Something every tab hears that changes no view (team sync's status). */
  tell(extra: Omit<PageEventBody, 'views' | 'progress'>): void {
    const out = new PageEvents();
    for (const tab of this.tabs()) out.extra(tab, extra);
    out.flush(this.send);
  }

  /** How many views are open (tests, the benchmark). */
  get size(): number {
    return this.views.size;
  }

  private tabs(): Set<TabId> {
    return this.booted;
  }

  private answerInto(view: OpenView, out: PageEvents, whole: boolean): void {
    if (!this.holds(view.reads)) return;
    let answer: unknown;
    try {
      answer = view.answer(this.ctx, view.spec);
    } catch (error) {
      // One view that cannot be answered says so on its screen; the others go on.
      out.failed(view.tab, view.id, error instanceof Error ? error.message : String(error));
      view.pageAnswer = undefined;
      view.sites = new Map();
      view.kinds = new Set();
      return;
    }
    if (whole || view.pageAnswer === undefined) out.answer(view.tab, view.id, answer);
    else {
      const patch = diffValue(view.pageAnswer, answer);
      if (!patch) return;
      out.patch(view.tab, view.id, patch);
    }
    view.pageAnswer = answer;
    view.sites = stageSites(answer);
    view.kinds = siteKinds(answer);
  }
}

/** The page events of one change, a body per tab, sent together at the end. */
class PageEvents {
  private bodies = new Map<TabId, PageEventBody>();

  private of(tab: TabId): PageEventBody {
    let body = this.bodies.get(tab);
    if (!body) this.bodies.set(tab, (body = {}));
    return body;
  }

  answer(tab: TabId, id: number, answer: unknown): void {
    (this.of(tab).views ??= {})[id] = { answer: answer as AnyAnswer };
  }

  patch(tab: TabId, id: number, patch: NonNullable<ReturnType<typeof diffValue>>): void {
    (this.of(tab).views ??= {})[id] = { patch };
  }

  failed(tab: TabId, id: number, error: string): void {
    (this.of(tab).views ??= {})[id] = { error };
  }

  progress(tab: TabId, id: number, path: AnswerPath, percent: number, remainingS: number): void {
    const body = this.of(tab);
    // A view answered again in this very event already carries its new progress.
    if (body.views?.[id]) return;
    ((body.progress ??= {})[id] ??= []).push([path, percent, remainingS]);
  }

  session(tab: TabId, session: { current: Current; flags: Flags }): void {
    Object.assign(this.of(tab), session);
  }

  extra(tab: TabId, extra: Omit<PageEventBody, 'views' | 'progress'>): void {
    Object.assign(this.of(tab), extra);
  }

  flush(send: (tab: TabId, event: PageEventBody) => void): void {
    for (const [tab, body] of this.bodies) send(tab, body);
    this.bodies.clear();
  }
}
