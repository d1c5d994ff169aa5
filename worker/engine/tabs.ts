/**
 * Several tabs, one engine (docs/architecture.md#arch-tabs): the engine of the tab holding a Web Lock leads (ticks,
 * writes, answers); the others forward every call to it over a BroadcastChannel and relay its
 * events, and the first of them to get the lock when the leader closes takes over, booting from
 * the store. A new leader announces itself and every tab sends again the calls still waiting for
 * an answer; each call carries an id, and the engine answers a call it already applied with its
 * first answer (kept in the store with the change), so every call is answered exactly once and
 * applied at most once. Without Web Locks or BroadcastChannel each tab simply leads.
 */
import type { ActionResult, BootInput, EngineApi, EngineEvent, PersistMessage } from '../api';
import { Emitter } from '../domain/emitter';
import type { SearchEntry } from '../domain/types';
import type { Engine, ViewSource } from './engine';
import type { EntityRef, LookupAnswer, ViewAnswer, ViewSpec } from '../views/types';

/** The part of `navigator.locks` used here. */
export interface LockManagerLike {
  request(name: string, options: { ifAvailable?: boolean }, callback: (lock: unknown) => Promise<unknown>): Promise<unknown>;
}

/** The part of a BroadcastChannel used here. */
export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

type Method = 'boot' | 'dispatch' | 'search' | 'snapshot' | 'flush' | 'exportWorld' | 'query' | 'lookup';
type Message =
  | { kind: 'call'; id: string; from: string; method: Method; args: unknown[] }
  | { kind: 'reply'; id: string; to: string; value: unknown }
  | { kind: 'event'; event: EngineEvent }
  | { kind: 'leader'; tabId: string };

export interface TabOptions {
  makeEngine: () => Engine;
  locks?: LockManagerLike;
  channel?: ChannelLike;
  /** Distinguishes this tab's calls on the shared channel. */
  tabId: string;
  lockName?: string;
}

export interface TabEngine extends EngineApi, ViewSource {
  /** 'leader' or 'follower', once known (a follower may become leader later). */
  role(): Promise<'leader' | 'follower'>;
}

export function coordinatedEngine(opts: TabOptions): TabEngine {
  const listeners = new Emitter<EngineEvent>();
  let persist: ((m: PersistMessage) => void) | null = null;
  let engine: Engine | null = null;
  let bootInput: BootInput | null = null;
  let booted: Promise<EngineEvent> | null = null;
  const pending = new Map<string, { method: Method; args: unknown[]; resolve: (v: unknown) => void }>();
  let nextId = 0;
  let setRole: (r: 'leader' | 'follower') => void = () => {};
  const role = new Promise<'leader' | 'follower'>((r) => (setRole = r));
  let isLeader = false;

  const deliver = (event: EngineEvent) => listeners.emit(event);

  async function local(method: Method, args: unknown[], callId?: string): Promise<unknown> {
    const e = engine!;
    // A follower may ask before this tab booted: its boot input serves then.
    const input = bootInput ?? (method === 'boot' ? (args[0] as BootInput) : null);
    if (!booted && input) booted = e.boot(input);
    if (booted) await booted;
    switch (method) {
      case 'boot':
        return e.boot(input!);
      case 'dispatch':
        return e.dispatch(args[0] as Parameters<Engine['dispatch']>[0], callId);
      case 'search':
        return e.search(args[0] as string);
      case 'snapshot':
        return e.snapshot(args[0] as boolean | undefined);
      case 'flush':
        return e.flush();
      case 'exportWorld':
        return e.exportWorld();
      case 'query':
        return e.query(args[0] as ViewSpec);
      case 'lookup':
        return e.lookup(args[0] as EntityRef[]);
    }
  }

  /** Becomes the leader: an engine of our own, then answers every call still waiting. */
  async function lead(): Promise<void> {
    isLeader = true;
    const e = (engine = opts.makeEngine());
    await e.subscribe((event) => {
      deliver(event);
      opts.channel?.postMessage({ kind: 'event', event } satisfies Message);
    });
    await e.onPersist((m) => persist?.(m));
    const takeover = booted !== null;
    if (bootInput) booted = e.boot(bootInput);
    setRole('leader');
    if (takeover && booted) {
      const snapshot = await booted;
      deliver(snapshot);
      opts.channel?.postMessage({ kind: 'event', event: snapshot } satisfies Message);
    }
    opts.channel?.postMessage({ kind: 'leader', tabId: opts.tabId } satisfies Message);
    // Our own calls that the old leader may or may not have applied: the id tells.
    for (const [id, call] of pending) {
      pending.delete(id);
      call.resolve(await local(call.method, call.args, id));
    }
  }

  function send(id: string, method: Method, args: unknown[]): void {
    opts.channel!.postMessage({ kind: 'call', id, from: opts.tabId, method, args } satisfies Message);
  }

  function call(method: Method, args: unknown[]): Promise<unknown> {
    if (isLeader) return local(method, args);
    return new Promise((resolve) => {
      const id = `${opts.tabId}:${nextId++}`;
      pending.set(id, { method, args, resolve });
      send(id, method, args);
    });
  }

  if (opts.channel) {
    opts.channel.addEventListener('message', ({ data }) => {
      const m = data as Message;
      if (m.kind === 'call' && isLeader) {
        void local(m.method, m.args, m.id).then((value) =>
          opts.channel!.postMessage({ kind: 'reply', id: m.id, to: m.from, value } satisfies Message),
        );
      } else if (m.kind === 'leader' && !isLeader) {
        // A new leader: whatever the old one left unanswered goes to it (it answers each id once).
        for (const [id, p] of pending) send(id, p.method, p.args);
      } else if (m.kind === 'reply' && m.to === opts.tabId && !isLeader) {
        const p = pending.get(m.id);
        pending.delete(m.id);
        p?.resolve(m.value);
      } else if (m.kind === 'event' && !isLeader) {
        deliver(m.event);
      }
    });
  }

  if (opts.locks && opts.channel) {
    const name = opts.lockName ?? 'aerial-survey-engine';
    // Holding the lock is holding the callback's promise open, for the worker's whole life.
    const hold = async () => {
      await lead();
      await new Promise(() => {});
    };
    void opts.locks.request(name, { ifAvailable: true }, async (lock) => {
      if (lock) return hold();
      setRole('follower');
      void opts.locks!.request(name, {}, hold);
      return undefined;
    });
  } else {
    void lead();
  }

  return {
    role: async () => {
      await role;
      return isLeader ? 'leader' : 'follower';
    },
    async boot(input) {
      if (bootInput) return (await call('snapshot', [])) as EngineEvent;
      bootInput = input;
      await role;
      if (isLeader) {
        // The first answer carries the notices raised while booting.
        booted ??= engine!.boot(input);
        return booted;
      }
      booted = call('boot', [input]) as Promise<EngineEvent>;
      return booted;
    },
    dispatch: async (action) => (await call('dispatch', [action])) as ActionResult,
    search: async (query) => (await call('search', [query])) as SearchEntry[],
    snapshot: async (light) => (await call('snapshot', [light])) as EngineEvent,
    flush: async () => {
      if (isLeader) await engine!.flush();
    },
    exportWorld: async () => (await call('exportWorld', [])) as string,
    query: async (spec) => (await call('query', [spec])) as ViewAnswer,
    lookup: async (refs) => (await call('lookup', [refs])) as LookupAnswer,
    async subscribe(listener) {
      return listeners.on(listener);
    },
    async onPersist(listener) {
      persist = listener;
      return () => {
        if (persist === listener) persist = null;
      };
    },
  };
}
