/**
 * The leading tab's side of the corridor (docs/architecture.md#arch-tabs): its engine, and the
 * open views of every tab. Each call carries the tab it came from; the views' page events go back
 * to that tab (`deliver`). A view is answered where the world is, and answered again after every
 * change that may change it, before the action's answer leaves: an action crosses to the leader
 * once, and its rows come back in one page event ahead of its answer.
 */
import type { Action, ActionResult, BootAnswer, BootInput, PageEventBody, PodconfigCheck, PodconfigFile, TeamSyncAnswer, TeamSyncIntent } from './api';
import type { TeamSync } from './sync/teamSync';
import type { SearchEntry } from './domain/types';
import type { Engine } from './engine/engine';
import type { ViewSpec } from './screens';
import { ViewRegistry, type TabId } from './views/registry';
import { leadingPerson } from './views/ownFirst';

export type { TabId };

export class Leader {
  private readonly views: ViewRegistry;

  constructor(
    readonly engine: Engine,
    deliver: (tab: TabId, event: PageEventBody) => void,
    /** Team sync (docs/sync.md#in-the-worker), where the worker has it. */
    private readonly sync?: TeamSync,
  ) {
    const leading = () => leadingPerson(engine.world, engine.teamPort);
    this.views = new ViewRegistry(engine.world, deliver, (kinds) => engine.holds(kinds), engine.history, leading);
    engine.history.changed.on(() => this.views.historyChanged());
    // A role learnt or changed (join, sign-in, a session renewed) moves a technician's own surveys to the top, or back.
    let led = leading();
    sync?.statusChanges.on((status) => {
      this.views.tell({ sync: status });
      if (leading() !== led) {
        led = leading();
        this.views.leadingChanged();
      }
    });
    engine.changes.on((change) => this.views.changed(change, change.session ? this.session() : null));
    engine.replacements.on((replaced) => this.views.replaced({ ...replaced, ...this.session(), unsaved: engine.unsaved }));
  }

  boot(tab: TabId, input: BootInput): Promise<BootAnswer> {
    this.views.addTab(tab);
    return this.engine.boot(input);
  }

  dispatch(_tab: TabId, action: Action, callId?: string): Promise<ActionResult> {
    return this.engine.dispatch(action, callId);
  }

  checkPodconfig(_tab: TabId, files: PodconfigFile[]): Promise<PodconfigCheck> {
    return this.engine.checkPodconfig(files);
  }

  search(_tab: TabId, text: string): Promise<SearchEntry[]> {
    return this.engine.search(text);
  }

  exportWorld(_tab: TabId): Promise<string> {
    return this.engine.exportWorld();
  }

  /** Team sync's calls: its status, join, leave, the conflicts, and resolving one. */
  async teamSync(_tab: TabId, intent: TeamSyncIntent): Promise<TeamSyncAnswer> {
    const sync = this.sync;
    if (!sync) return { ok: false, error: 'Team sync is not available here' };
    // From another tab over the channel: checked, never trusted.
    const given = (typeof intent === 'object' && intent !== null ? intent : { op: undefined }) as Partial<Record<'op' | 'server' | 'world' | 'account' | 'password' | 'newPassword' | 'again' | 'id' | 'rev' | 'fields', unknown>>;
    if (given.op === 'status') return { ok: true, status: sync.status };
    if (given.op === 'conflicts') return { ok: true, status: sync.status, conflicts: await sync.conflicts() };
    if (given.op === 'notTaken') return { ok: true, status: sync.status, notTaken: await sync.notTaken() };
    if (given.op === 'team') return { ok: true, status: sync.status, team: await sync.team() };
    const answer =
      given.op === 'join' ? await sync.join(given.server, given.world, given.account, given.password)
      : given.op === 'signIn' ? await sync.signIn(given.account, given.password)
      : given.op === 'changePassword' ? await sync.changePassword(given.password, given.newPassword, given.again)
      : given.op === 'signOut' ? await sync.signOut()
      : given.op === 'sendAgain' ? await sync.sendAgain()
      : given.op === 'leave' ? await sync.leave()
      : given.op === 'resolve' && typeof given.id === 'string' && typeof given.rev === 'string' && (given.fields === undefined || isChoice(given.fields))
        ? await sync.resolve(given.id, given.rev, given.fields)
      : { ok: false as const, error: 'Unknown team sync call' };
    return answer.ok ? { ok: true, status: sync.status } : answer;
  }

  flush(_tab: TabId): Promise<void> {
    return this.engine.flush();
  }

  openView(tab: TabId, viewId: number, spec: ViewSpec): void {
    this.views.open(tab, viewId, spec);
    this.engine.viewAnswered();
  }

  closeView(tab: TabId, viewId: number): void {
    this.views.close(tab, viewId);
  }

  /** A tab is here, booted with an earlier leader: the session goes to it too. */
  addTab(tab: TabId): void {
    this.views.addTab(tab);
  }

  /** A tab is gone (closed, or no longer holding its lock): its views with it. */
  closeTab(tab: TabId): void {
    this.views.closeTab(tab);
  }

  /** The tabs whose views are open or who booted (for dropping the ones that are gone). */
  tabs(): TabId[] {
    return this.views.tabIds();
  }

  private session() {
    return { current: this.engine.world.current, flags: { ...this.engine.world.flags } };
  }
}

/** The calls a tab forwards to the leader by name: every method that takes the calling tab first. */
export type LeaderCall = 'boot' | 'dispatch' | 'checkPodconfig' | 'search' | 'exportWorld' | 'flush' | 'teamSync';
export type LeaderArgs<M extends LeaderCall> = Parameters<Leader[M]> extends [TabId, ...infer R] ? R : never;
export type LeaderResult<M extends LeaderCall> = Awaited<ReturnType<Leader[M]>>;

/** A merge's choices from another tab: each field (a path) to a revision, both texts, bounded. */
function isChoice(value: unknown): value is Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return entries.length <= 100 && entries.every(([path, rev]) => path.length <= 200 && typeof rev === 'string' && rev.length <= 100);
}
