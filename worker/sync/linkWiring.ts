/**
 * A link's wiring (docs/sync.md#in-the-worker): what lives as long as one link to the team world
 * does, made when team sync connects and stopped when it closes. The drain and take-in loop
 * (syncLoop.ts), the asks for what waiting documents name (neededAsked.ts), the session's renewal
 * (sessionKeeper.ts), the engine's changes heard, and what replication and the server say, each
 * turned into team sync's facts. Team sync (teamSync.ts) keeps the facts, the account and the
 * person's calls; it hears the wiring through `WiringHost`.
 */
import type { Engine } from '../engine/engine';
import type { WorldStore } from '../engine/store/worldStore';
import { NeededAsked } from './in/neededAsked';
import { settingsRecord } from './joining';
import { sessionAccount, type Fetch } from './link/serverSession';
import { SessionKeeper } from './link/sessionKeeper';
import { SyncLoop } from './syncLoop';
import type { SyncFacts } from './syncStatus';
import type { LinkEvents, TeamLink } from './teamLink';

/** What the wiring reads of team sync, and tells it. */
export interface WiringHost {
  readonly engine: Engine;
  readonly store: WorldStore;
  readonly fetch: Fetch;
  readonly origin: string;
  readonly trace: (line: string) => void;
  /** the facts as they stand */
  facts(): SyncFacts;
  /** new facts: the status is made again from them */
  set(facts: SyncFacts): void;
  /** new facts, said with the next status made (not on their own) */
  keep(facts: SyncFacts): void;
  /** the counts read again from the session; answers whether an action is arriving */
  count(): { arrived: number; of: number } | undefined;
  failed(error: unknown): void;
  signedOutBy(status: number, why: string): void;
  /** whether `link` is still the one team sync holds */
  holds(link: TeamLink): boolean;
  /** whether the team settings may be written for `link`: it is held, and no leave has begun */
  keepsSettings(link: TeamLink): boolean;
}

export class LinkWiring {
  readonly loop: SyncLoop;
  /** What the waiting documents name, asked of the server (neededAsked.ts). */
  readonly needed: NeededAsked;
  private keeper: SessionKeeper | null = null;
  private readonly stopListening: () => void;
  /** Replication has caught up since it last brought a change (docs/sync.md#taking-changes-into-the-world). */
  private caughtUp: boolean;
  /** How many times replication (or an ask) has written into the laptop's database, and how many the last round's read came after. */
  private pulls = 0;
  private readFrom = 0;

  constructor(
    private readonly link: TeamLink,
    private readonly host: WiringHost,
  ) {
    this.caughtUp = link.caughtUp;
    const { engine, trace } = host;
    const needed = new NeededAsked({
      bring: (ids) => link.bring(ids),
      asked: (brought) => {
        if (brought) this.pulledNow();
        host.set(host.facts());
      },
      trace,
    });
    this.needed = needed;
    const loop = new SyncLoop(link.session, engine.clock, {
      reading: () => (this.readFrom = this.pulls),
      drained: (actions) => {
        link.unsent.drained(actions);
        // A change sent and not yet confirmed: up to date again only once the server says so.
        const facts = host.facts();
        if (actions.length && facts.server === 'answers') host.keep({ ...facts, server: 'unknown' });
      },
      rounded: (storeRefused, more) => {
        // The world has read all the database held once a round reads to the end with no pull since it began.
        const behind = more || this.readFrom !== this.pulls;
        host.keep({ ...host.facts(), storeRefused, behind });
        if (!more) needed.ask(link.session.notTaken.needed());
        const receiving = host.count();
        // Another laptop's large action in whole: the server is asked again whether all is here.
        if (!receiving && host.facts().receiving) link.check();
      },
      caughtUp: () => this.caughtUp,
    }, trace);
    this.loop = loop;
    this.stopListening = engine.changes.on(() => {
      host.set(host.facts());
      loop.soon();
    });
  }

  /** Sends what the outbox holds, then starts replication and the session's renewal. */
  async start(): Promise<void> {
    const { link, host, loop } = this;
    // What the outbox holds is in the laptop's database before replication starts: a document
    // written while PouchDB's live push is still starting could wait for its next retry.
    await loop.run();
    link.start(this.events());
    loop.soon();
    const renewed = async (): Promise<string | null> => {
      const who = await sessionAccount(host.fetch, host.origin, link.settings.server);
      if (who) await this.rolesSaid(who.roles);
      return who?.name ?? null;
    };
    this.keeper = new SessionKeeper(host.engine.clock, renewed, () => host.signedOutBy(401, 'the session ended'), host.trace);
    this.keeper.start();
  }

  stop(): void {
    this.keeper?.stop();
    this.keeper = null;
    this.loop.stop();
    this.stopListening();
  }

  /**
   * A role the server's session says anew (the team's admin changed it, issue 52): kept with the
   * account, and held by the engine from its next action, as the server holds it already.
   */
  private async rolesSaid(roles: string[]): Promise<void> {
    const { link, host } = this;
    const now = link.settings.roles;
    if (now && now.length === roles.length && now.every((r, i) => r === roles[i])) return;
    // A renewal that lands while the laptop leaves writes nothing: its settings written again after
    // the leave dropped them would open the next tab in the team world, over changes never journaled.
    if (!host.keepsSettings(link)) return;
    link.settings = { ...link.settings, roles };
    await host.store.commit({ put: [settingsRecord(link.settings)], del: [] });
    if (host.holds(link)) host.set({ ...host.facts(), settings: link.settings });
  }

  private events(): LinkEvents {
    const { link, host } = this;
    return {
      server: (state) => {
        if (state.is === 'sending again') return host.set({ ...host.facts(), note: state.note, server: 'unknown' });
        if (state.is === 'signed-out') return host.signedOutBy(state.status, state.why);
        if (state.is === 'answers') void this.refusalsMended();
        if (state.is === 'answers' && !this.caughtUp) {
          // What is left arriving as part of an action is not coming in this replication: take it.
          this.caughtUp = true;
          this.loop.soon();
        }
        host.set({ ...host.facts(), settings: link.settings, server: state.is === 'answers' ? 'answers' : 'unreachable', failure: null, note: undefined });
      },
      pushed: (docs, seq) => {
        link.unsent.pushed(docs, seq);
        host.set(host.facts());
      },
      pulled: () => this.pulledNow(),
      // A store that refuses the record (full, or its tab closed) is said as any failure is, never left unhandled.
      denied: (docs) => void link.session.denied(docs, host.engine.clock.now()).then(() => host.count(), (error: unknown) => host.failed(error)),
      failed: (error) => host.failed(error),
    };
  }

  /** The server holds now what it refused from this laptop (a teammate gave it): no longer listed as refused. */
  private async refusalsMended(): Promise<void> {
    const { link } = this;
    const denied = link.session.notTaken.deniedList();
    if (!denied.length) return;
    const still = new Set(await link.stillRefused(denied).catch(() => denied));
    const mended = denied.filter((id) => !still.has(id));
    if (!mended.length) return;
    await link.session.forget(mended);
    this.host.count();
    this.loop.soon();
  }

  /** Replication (or an ask) wrote the team's changes into the laptop's database: the world reads them. */
  private pulledNow(): void {
    this.pulls++;
    this.caughtUp = false;
    this.needed.pulled();
    this.host.set({ ...this.host.facts(), behind: true });
    this.loop.soon();
  }
}
