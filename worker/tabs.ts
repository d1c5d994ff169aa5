/**
 * Several tabs, one engine (docs/architecture.md#arch-tabs). The tab whose worker
 * holds the Web Lock leads: its `Leader` owns the engine and every tab's views. The others forward
 * each call to it by name over a BroadcastChannel, with an id, and pass the page events addressed
 * to them on to their page. When the leader's tab closes, the next in the lock's queue leads: it
 * boots from the store, every tab opens its views there again, and sends again the calls still
 * waiting for an answer. The engine keeps a forwarded call's answer with its change, so a call the
 * old leader applied but never answered is answered with that answer, never applied twice.
 *
 * Every call is answered: with its result, or with the error it threw.
 */
import type { BootInput, PageEventBody, WorkerMessage } from './api';
import { Emitter } from './domain/emitter';
import type { Leader, LeaderArgs, LeaderCall, LeaderResult, TabId } from './leader';
import type { ViewSpec } from './screens';

/** The part of `navigator.locks` used here. */
export interface LockManagerLike {
  request(name: string, options: { ifAvailable?: boolean }, callback: (lock: unknown) => Promise<unknown>): Promise<unknown>;
  /** The names of the locks held now (to tell which tabs are still there). */
  held?(): Promise<string[]>;
}

/** The part of a BroadcastChannel used here. */
export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

type ChannelMessage =
  | { kind: 'call'; id: string; from: TabId; method: LeaderCall; args: unknown[] }
  | { kind: 'reply'; id: string; to: TabId; value: unknown; error?: string }
  | { kind: 'page'; to: TabId; event: PageEventBody }
  | { kind: 'open'; from: TabId; viewId: number; spec: ViewSpec }
  | { kind: 'close'; from: TabId; viewId: number }
  /** A tab is here (to a new leader: the session goes to it, views open or not). */
  | { kind: 'join'; from: TabId }
  | { kind: 'leader'; tabId: TabId };

export interface TabOptions {
  /** The leader this tab becomes when it gets the lock; `deliver` takes each tab's page events. */
  makeLeader: (deliver: (tab: TabId, event: PageEventBody) => void) => Leader;
  /** Posts to this tab's page, on the port Comlink answers on (so events and answers keep their order). */
  toPage: (message: WorkerMessage) => void;
  locks?: LockManagerLike;
  channel?: ChannelLike;
  /** Distinguishes this tab's calls on the shared channel. */
  tabId: TabId;
  lockName?: string;
  /**
   * Told each change of role and each call that crosses the channel (the end-to-end build logs
   * them, so a test that fails shows who led and which call went unanswered).
   */
  trace?: (line: string) => void;
}

/** How the page API reaches the leader, wherever it is. */
export interface LeaderLink {
  call<M extends LeaderCall>(method: M, ...args: LeaderArgs<M>): Promise<LeaderResult<M>>;
  openView(viewId: number, spec: ViewSpec): void;
  closeView(viewId: number): void;
}

const TAB_LOCK_PREFIX = 'aerial-survey-tab:';
/** The calls a tab may forward (a message naming anything else is refused). */
const LEADER_CALLS: ReadonlySet<string> = new Set<LeaderCall>(['boot', 'dispatch', 'checkPodconfig', 'search', 'exportWorld', 'flush', 'teamSync']);
/** How often a leader drops the views of tabs that are gone. */
const SWEEP_TABS_MS = 5_000;

export class Tabs implements LeaderLink {
  private leader: Leader | null = null;
  private readonly pending = new Map<string, { method: LeaderCall; args: unknown[]; resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  /** This tab's open views, opened again with a new leader. */
  private readonly views = new Map<number, ViewSpec>();
  private bootInput: BootInput | null = null;
  /** This tab's page has its boot answer (from this engine or an earlier leader's). */
  private bootAnswered = false;
  private nextId = 0;
  private pageSeq = 0;
  /** 'leader' or 'follower', once known (a follower may lead later). */
  readonly roles = new Emitter<'leader' | 'follower'>();
  private whenRole: Promise<void>;

  constructor(private readonly opts: TabOptions) {
    let known = () => {};
    this.whenRole = new Promise((r) => (known = r));
    this.roles.on((role) => {
      opts.trace?.(role);
      known();
    });
    opts.channel?.addEventListener('message', ({ data }) => this.heard(data as ChannelMessage));
    if (opts.locks && opts.channel) {
      const name = opts.lockName ?? 'aerial-survey-engine';
      const forever = () => new Promise<never>(() => {});
      // This tab's own lock: a leader tells the tabs still there from those gone by it.
      void opts.locks.request(TAB_LOCK_PREFIX + opts.tabId, {}, forever);
      // Holding the lock is holding the callback's promise open, for the worker's whole life.
      void opts.locks.request(name, { ifAvailable: true }, async (lock) => {
        if (lock) return this.lead().then(forever);
        this.roles.emit('follower');
        void opts.locks!.request(name, {}, () => this.lead().then(forever));
        return undefined;
      });
    } else {
      void this.lead();
    }
  }

  /** Whether this tab leads, once that is known (a follower may lead later). */
  async role(): Promise<'leader' | 'follower'> {
    await this.whenRole;
    return this.leader ? 'leader' : 'follower';
  }

  async call<M extends LeaderCall>(method: M, ...args: LeaderArgs<M>): Promise<LeaderResult<M>> {
    if (method === 'boot') {
      this.bootInput ??= args[0] as BootInput;
      const answer = this.callLeader(method, args);
      void answer.then(() => (this.bootAnswered = true), () => undefined);
      return answer;
    }
    return this.callLeader(method, args);
  }

  private async callLeader<M extends LeaderCall>(method: M, args: LeaderArgs<M>): Promise<LeaderResult<M>> {
    await this.whenRole;
    if (this.leader) return this.local(method, args) as Promise<LeaderResult<M>>;
    return new Promise((resolve, reject) => {
      const id = `${this.opts.tabId}:${this.nextId++}`;
      this.pending.set(id, { method, args, resolve: resolve as (v: unknown) => void, reject });
      this.opts.trace?.(`call ${id} ${method} to the leader`);
      this.send({ kind: 'call', id, from: this.opts.tabId, method, args });
    });
  }

  openView(viewId: number, spec: ViewSpec): void {
    this.views.set(viewId, spec);
    void this.whenRole.then(() => {
      if (this.leader) this.leader.openView(this.opts.tabId, viewId, spec);
      else this.send({ kind: 'open', from: this.opts.tabId, viewId, spec });
    });
  }

  closeView(viewId: number): void {
    this.views.delete(viewId);
    void this.whenRole.then(() => {
      if (this.leader) this.leader.closeView(this.opts.tabId, viewId);
      else this.send({ kind: 'close', from: this.opts.tabId, viewId });
    });
  }

  /**
   * Runs a call on this tab's own leader, for `tab`; an id makes a replayed dispatch answer, not
   * apply twice. Whatever it throws is its answer (a rejection), never an unanswered call.
   */
  private async local(method: LeaderCall, args: unknown[], callId?: string, tab = this.opts.tabId): Promise<unknown> {
    const leader = this.leader!;
    if (!LEADER_CALLS.has(method)) throw new Error(`Unknown call ${String(method)}`);
    if (method === 'dispatch') return leader.dispatch(tab, args[0] as never, callId);
    return (leader[method] as (tab: TabId, ...rest: unknown[]) => Promise<unknown>).call(leader, tab, ...args);
  }

  private toPage(event: PageEventBody): void {
    this.opts.toPage({ type: 'page-event', event: { seq: ++this.pageSeq, ...event } });
  }

  private send(message: ChannelMessage): void {
    this.opts.channel?.postMessage(message);
  }

  /** Becomes the leader: an engine of our own, this tab's views, then every call still waiting. */
  private async lead(): Promise<void> {
    const leader = this.opts.makeLeader((tab, event) => {
      if (tab === this.opts.tabId) this.toPage(event);
      else this.send({ kind: 'page', to: tab, event });
    });
    this.leader = leader;
    this.roles.emit('leader');
    // A page answered by an earlier leader needs this engine booted; a page still waiting for its
    // boot boots it by its own call below, and so hears the boot's notices.
    if (this.bootInput && this.bootAnswered) void leader.boot(this.opts.tabId, this.bootInput).catch(() => undefined);
    for (const [viewId, spec] of this.views) leader.openView(this.opts.tabId, viewId, spec);
    this.send({ kind: 'leader', tabId: this.opts.tabId });
    this.sweepTabs();
    // Our own calls that the old leader may or may not have applied: the id tells.
    if (this.pending.size) this.opts.trace?.(`runs ${this.pending.size} calls still waiting: ${[...this.pending.keys()].join(', ')}`);
    for (const [id, call] of [...this.pending]) {
      this.pending.delete(id);
      this.local(call.method, call.args, id).then(call.resolve, call.reject);
    }
  }

  /** Drops, now and then, the views of tabs that no longer hold their lock (closed without a word). */
  private sweepTabs(): void {
    const held = this.opts.locks?.held;
    if (!held) return;
    const sweep = async () => {
      const alive = new Set((await held()).filter((n) => n.startsWith(TAB_LOCK_PREFIX)).map((n) => n.slice(TAB_LOCK_PREFIX.length)));
      for (const tab of this.leader?.tabs() ?? []) if (!alive.has(tab)) this.leader?.closeTab(tab);
    };
    setInterval(() => void sweep().catch(() => undefined), SWEEP_TABS_MS);
  }

  private heard(m: ChannelMessage): void {
    const me = this.opts.tabId;
    if (this.leader) {
      if (m.kind === 'call') {
        this.opts.trace?.(`answers ${m.id} ${m.method}`);
        this.local(m.method, m.args, m.id, m.from).then(
          (value) => this.send({ kind: 'reply', id: m.id, to: m.from, value }),
          (error: unknown) => this.send({ kind: 'reply', id: m.id, to: m.from, value: undefined, error: error instanceof Error ? error.message : String(error) }),
        );
      } else if (m.kind === 'open') this.leader.openView(m.from, m.viewId, m.spec);
      else if (m.kind === 'close') this.leader.closeView(m.from, m.viewId);
      else if (m.kind === 'join') this.leader.addTab(m.from);
      return;
    }
    if (m.kind === 'leader') {
      this.opts.trace?.(`hears a new leader ${m.tabId}`);
      // A new leader: this tab joins it, its views open there, and whatever the old one left unanswered goes to it.
      if (this.bootInput) this.send({ kind: 'join', from: me });
      for (const [viewId, spec] of this.views) this.send({ kind: 'open', from: me, viewId, spec });
      for (const [id, p] of this.pending) this.send({ kind: 'call', id, from: me, method: p.method, args: p.args });
    } else if (m.kind === 'reply' && m.to === me) {
      const p = this.pending.get(m.id);
      this.opts.trace?.(`reply ${m.id}${p ? '' : ' (no longer waited for)'}${m.error !== undefined ? `: ${m.error}` : ''}`);
      this.pending.delete(m.id);
      if (m.error !== undefined) p?.reject(new Error(m.error));
      else p?.resolve(m.value);
    } else if (m.kind === 'page' && m.to === me) {
      this.toPage(m.event);
    }
  }
}
