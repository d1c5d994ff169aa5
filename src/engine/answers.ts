/**
 * The page's copy of what its screens show (docs/architecture.md#arch-views): a map from each open view to its
 * answer, fed by the worker's page events, and the session. Nothing else is held: there are no
 * entities on the page, only the rows the views answered. Each listener hears only its own view
 * (or the session), so a tick re-renders only the screens whose rows moved.
 */
import type { BootProgress, Flash, PageEvent, SyncStatus } from '../../worker/api';
import type { Current, Flags, StageView } from '../../worker/domain/types';
import { withProgress } from '../../worker/domain/workflow';
import { applyPatch, diffValue, updateAt } from '../../worker/domain/valuePatch';
import type { AnswerOf, AnyAnswer, ViewSpec } from '../../worker/screens';

type Listener = () => void;

/** What the answers ask of the worker. */
export interface ViewPort {
  openView(viewId: number, spec: ViewSpec): void;
  closeView(viewId: number): void;
}

/** A view as a screen reads it: its answer once there is one, or why there is none. */
export interface ViewState<A = AnyAnswer> {
  answer: A | undefined;
  error?: string;
}

interface View {
  id: number;
  key: string;
  spec: ViewSpec;
  state: ViewState;
  listeners: Set<Listener>;
  closing: ReturnType<typeof setTimeout> | null;
}

/** How long a view nobody reads stays open, so going back and forth (and React mounting twice) costs nothing. */
export const LINGER_MS = 3_000;

const UNANSWERED: ViewState = { answer: undefined };

/**
 * A whole new answer that keeps the identity of every part equal to the answer before. The worker
 * answers whole after it re-reads the world (the end of a boot's first look): without this, every
 * row on screen rendered and committed again, one task of 90 ms at 100 000 surveys
 * (docs/views.md#the-users-path).
 */
function keepingEqualParts(before: AnyAnswer | undefined, after: AnyAnswer | undefined): AnyAnswer | undefined {
  if (before === undefined || after === undefined) return after;
  const patch = diffValue(before, after);
  return patch ? applyPatch(before, patch) : before;
}

export class Answers {
  private readonly views = new Map<string, View>();
  private readonly byId = new Map<number, View>();
  private nextViewId = 1;
  private readonly sessionListeners = new Set<Listener>();
  private readonly noticeListeners = new Set<(flash: Flash) => void>();
  /** The last page event applied (tests wait for a later one before asserting a negative). */
  lastSeq = 0;
  ready = false;
  /** The worker is still reading the whole world (its first look answered the boot). */
  loading = false;
  /** The store cannot hold the world: what the banner says (the world is shown, changes refused). */
  unsaved: string | null = null;
  /** How far the boot from all.json has come (the spinner says it), until the boot answers. */
  bootProgress: BootProgress | null = null;
  /** How team sync stands (the header's badge, Settings → Team sync); null until first told. */
  sync: SyncStatus | null = null;

  constructor(
    public current: Current,
    public flags: Flags,
    private readonly port: ViewPort,
  ) {}

  /** The session as the worker booted it. */
  boot(current: Current, flags: Flags, loading = false, unsaved: string | null = null): void {
    this.current = current;
    this.flags = flags;
    this.ready = true;
    this.loading = loading;
    this.unsaved = unsaved;
    this.bootProgress = null;
    this.sessionListeners.forEach((l) => l());
  }

  /** Team sync's status, as a call answered it. */
  syncStatus(status: SyncStatus): void {
    this.sync = status;
    this.sessionListeners.forEach((l) => l());
  }

  /** The worker told how far its boot has come. */
  progress(progress: BootProgress): void {
    if (this.ready) return;
    this.bootProgress = progress;
    this.sessionListeners.forEach((l) => l());
  }

  apply(event: PageEvent): void {
    this.lastSeq = event.seq;
    const touched = new Set<View>();
    for (const [id, update] of Object.entries(event.views ?? {})) {
      const view = this.byId.get(Number(id));
      if (!view) continue;
      if ('answer' in update) {
        const answer = keepingEqualParts(view.state.answer, update.answer);
        if (answer === view.state.answer) continue;
        view.state = { answer };
      } else if ('patch' in update) view.state = { answer: applyPatch(view.state.answer, update.patch) };
      else view.state = { answer: undefined, error: update.error };
      touched.add(view);
    }
    for (const [id, sites] of Object.entries(event.progress ?? {})) {
      const view = this.byId.get(Number(id));
      if (!view?.state.answer) continue;
      let answer = view.state.answer;
      for (const [path, percent, remainingS] of sites) answer = updateAt(answer, path, (stage) => withProgress(stage as StageView, percent, remainingS));
      view.state = { answer };
      touched.add(view);
    }
    let sessionChanged = false;
    if (event.loaded && this.loading) {
      this.loading = false;
      sessionChanged = true;
    }
    if (event.sync) {
      this.sync = event.sync;
      sessionChanged = true;
    }
    if (event.unsaved !== undefined && event.unsaved !== this.unsaved) {
      this.unsaved = event.unsaved;
      sessionChanged = true;
    }
    if (event.current) {
      this.current = event.current;
      sessionChanged = true;
    }
    if (event.flags) {
      this.flags = event.flags;
      sessionChanged = true;
    }
    for (const view of touched) view.listeners.forEach((l) => l());
    if (sessionChanged) this.sessionListeners.forEach((l) => l());
    event.notices?.forEach((n) => this.notify(n));
  }

  /** Opens (or shares) the view of `spec`; its answer arrives with a page event. */
  subscribeView(spec: ViewSpec, listener: Listener): () => void {
    const key = JSON.stringify(spec);
    let view = this.views.get(key);
    if (!view) {
      view = { id: this.nextViewId++, key, spec, state: UNANSWERED, listeners: new Set(), closing: null };
      this.views.set(key, view);
      this.byId.set(view.id, view);
      this.port.openView(view.id, spec);
    }
    if (view.closing) clearTimeout(view.closing);
    view.closing = null;
    view.listeners.add(listener);
    const v = view;
    return () => {
      v.listeners.delete(listener);
      if (v.listeners.size) return;
      // Kept a moment: a page that comes straight back (or React mounting twice) finds it open.
      v.closing = setTimeout(() => this.close(v), LINGER_MS);
    };
  }

  /** The view's state: unanswered until its first answer arrives. */
  view<S extends ViewSpec>(spec: S): ViewState<AnswerOf<S>> {
    return (this.views.get(JSON.stringify(spec))?.state ?? UNANSWERED) as ViewState<AnswerOf<S>>;
  }

  /** How many views are open (the benchmark and tests read it). */
  get size(): number {
    return this.views.size;
  }

  subscribeSession(listener: Listener): () => void {
    this.sessionListeners.add(listener);
    return () => this.sessionListeners.delete(listener);
  }

  onNotice(listener: (flash: Flash) => void): () => void {
    this.noticeListeners.add(listener);
    return () => this.noticeListeners.delete(listener);
  }

  /** Lets the client raise its own notices (e.g. storage full) through the same channel. */
  notify(flash: Flash): void {
    this.noticeListeners.forEach((l) => l(flash));
  }

  private close(view: View): void {
    if (view.listeners.size) return;
    this.views.delete(view.key);
    this.byId.delete(view.id);
    this.port.closeView(view.id);
  }
}
