/**
 * Team sync in the leading tab's engine worker (docs/sync.md#in-the-worker): joining a team world
 * on a CouchDB server and leaving it, signing in to it and out (the account: teamAccount.ts), and
 * the laptop's link to it (teamLink.ts) with its drain and take-in loop (syncLoop.ts). What sync
 * knows is kept as facts, and how it stands is made from them by one function (syncStatus.ts):
 * the header's badge and Settings → Team sync. The laptop's settings are kept in the world's
 * store, so the next leading tab goes on syncing where this one stopped. Timers run on the
 * engine's clock.
 */
import { Emitter } from '../domain/emitter';
import type { Engine } from '../engine/engine';
import type { WorldStore } from '../engine/store/worldStore';
import { OUTBOX_KIND } from './records';
import type { ConflictShown, NotTakenShown, SyncStatus } from '../syncContract';
import { shown } from './in/conflictShown';
import { checkJoin, forgetTeamWorld, settingsRecord, storedSettings, type TeamSettings } from './joining';
import { NeededAsked } from './in/neededAsked';
import { notTakenLists } from './in/notTaken';
import { sessionAccount, signOut, type Fetch } from './link/serverSession';
import { SessionKeeper } from './link/sessionKeeper';
import { failureWords, joinRefusal, passwordChanged, reason, SIGNED_OUT, signedIn, signedOutWords } from './link/teamAccount';
import { resolveConflict } from './in/resolving';
import { SyncLoop } from './syncLoop';
import { FACTS_OFF, notSending, sessionCounts, syncStatus, type SyncFacts } from './syncStatus';
import { TeamLink, type Databases, type LinkEvents } from './teamLink';

/** How long Leave waits for the changes being sent to reach the server. */
const LEAVE_WAIT_MS = 5_000;

type Answer = { ok: true } | { ok: false; error: string; field?: 'server' | 'world' | 'account' | 'password' | 'newPassword' | 'again' };

export class TeamSync {
  readonly statusChanges = new Emitter<SyncStatus>();
  status: SyncStatus = syncStatus(FACTS_OFF);
  private facts: SyncFacts = FACTS_OFF;
  private link: TeamLink | null = null;
  private loop: SyncLoop | null = null;
  private keeper: SessionKeeper | null = null;
  private stopListening: (() => void) | null = null;
  /** Going on syncing after a reload or a new leading tab (start): join and leave wait for it. */
  private starting: Promise<void> = Promise.resolve();
  /** Replication has caught up since it last brought a change (docs/sync.md#taking-changes-into-the-world). */
  private caughtUp = false;
  /** What the waiting documents name, asked of the server (neededAsked.ts). */
  private needed: NeededAsked | null = null;
  /** How many times replication (or an ask) has written into the laptop's database, and how many the last round's read came after. */
  private pulls = 0;
  private readFrom = 0;
  private joinAsked = false;
  private signingIn: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly engine: Engine,
    private readonly store: WorldStore,
    private readonly pouch: () => Promise<Databases>,
    /** the app's origin: the server path is on it */
    private readonly origin: string,
    private readonly newLaptopId: () => string = () => crypto.randomUUID(),
    /** The end-to-end build's diagnostics: what replication said and what was told (printed when a test fails). */
    private readonly trace: (line: string) => void = () => undefined,
    /** The team server's session calls (the browser keeps its cookie; tests give a fetch that does). */
    private readonly fetch: Fetch = (url, init) => globalThis.fetch(url, init),
  ) {}

  /**
   * Says at once that this laptop is in a team world (the header's badge, Settings → Team sync),
   * and goes on syncing once `ready` (the world is read: sync never takes changes into a world
   * still loading). Join and Leave wait for it.
   */
  start(ready: Promise<unknown> = Promise.resolve()): Promise<void> {
    this.starting = (async () => {
      const settings = await storedSettings(this.store);
      if (!settings) return;
      this.set({ ...FACTS_OFF, settings });
      await ready;
      await this.connect(settings, false).catch((error: unknown) => this.failed(error));
    })();
    return this.starting;
  }

  /** Joins team world `world` on `server`, signed in as `account` (its password sent once, never kept). */
  async join(server: unknown, world: unknown, account?: unknown, password?: unknown): Promise<Answer> {
    // One join at a time: a second (a double click, a second tab's) would open a second link the first never stops.
    if (this.joinAsked) return { ok: false, error: 'A join is on its way: wait for it to end' };
    this.joinAsked = true;
    try {
      return await this.joinNow(server, world, account, password);
    } finally {
      this.joinAsked = false;
    }
  }

  private async joinNow(server: unknown, world: unknown, account?: unknown, password?: unknown): Promise<Answer> {
    await this.starting;
    if (this.link || (await storedSettings(this.store))) return { ok: false, error: `This laptop is already in the team world ${this.status.world}: leave it first` };
    const checked = checkJoin(server, world);
    if (!checked.ok) return checked;
    const signedAs = await signedIn(this.fetch, this.origin, checked.server, account, password);
    if (!signedAs.ok) return signedAs;
    const settings: TeamSettings = { server: checked.server, world: checked.world, laptop: this.newLaptopId(), account: signedAs.name, roles: signedAs.roles };
    this.set({ ...FACTS_OFF, settings, joining: true });
    try {
      await this.connect(settings, true);
      return { ok: true };
    } catch (error) {
      await this.close();
      this.engine.attachSync(null);
      // Nothing of a join that failed stays (its settings, held revisions, outbox): the laptop is in no team world, and may join again.
      await forgetTeamWorld(this.store).catch(() => undefined);
      const why = joinRefusal(error, settings);
      this.set({ ...FACTS_OFF, joinError: why });
      return { ok: false, error: why };
    }
  }

  /** Signs in to the team server again (the session ended, or the person signed out); sync goes on. */
  signIn(account: unknown, password: unknown): Promise<Answer> {
    return this.oneSignInAtATime(() => this.signInNow(account, password));
  }

  /** Changes the person's own password on the team server, and signs in with the new one (issue 53). */
  changePassword(current: unknown, next: unknown, again: unknown): Promise<Answer> {
    return this.oneSignInAtATime(() => this.signInNow(null, current, next, again));
  }

  /** One after another: two sign-ins at once would each open a link, and the one left over keeps replicating. */
  private oneSignInAtATime(work: () => Promise<Answer>): Promise<Answer> {
    const run = this.signingIn.then(work);
    this.signingIn = run.catch(() => undefined);
    return run;
  }

  /** Signs in with `account`, or (null) changes the signed-in account's password to `next` and signs in with it. */
  private async signInNow(account: unknown, password: unknown, next?: unknown, again?: unknown): Promise<Answer> {
    await this.starting;
    const settings = await storedSettings(this.store);
    if (!settings) return { ok: false, error: 'Join a team world first' };
    const signed =
      account === null
        ? await passwordChanged(this.fetch, this.origin, settings.server, settings.account ?? this.status.account, password, next, again)
        : await signedIn(this.fetch, this.origin, settings.server, account, password);
    if (!signed.ok) return signed;
    const { unsent, conflicts, notTaken, answered } = this.facts;
    await this.close();
    const now = { ...settings, account: signed.name, roles: signed.roles };
    await this.store.commit({ put: [settingsRecord(now)], del: [] });
    // What waits and what stands in conflict are as they were until the new link counts them.
    this.set({ ...FACTS_OFF, settings: now, unsent, conflicts, notTaken, answered });
    await this.connect(now, false).catch((error: unknown) => this.failed(error));
    return { ok: true };
  }

  /** Ends the session with the team server: sync stops, the world and its waiting changes stay here. */
  async signOut(): Promise<Answer> {
    await this.starting;
    const settings = await storedSettings(this.store);
    if (!settings) return { ok: true };
    await this.close();
    await signOut(this.fetch, this.origin, settings.server);
    this.set({ ...this.facts, settings, server: 'signed-out', signedOutWhy: SIGNED_OUT });
    return { ok: true };
  }

  /** Stops syncing; the world stays as it is on this laptop. */
  async leave(): Promise<Answer> {
    await this.starting;
    if (!this.link) {
      if (!(await storedSettings(this.store))) return { ok: true };
      // Joined, but sync could not start here: whether the team has every change made here is unknown.
      return { ok: false, error: `Team sync has not started on this laptop (${this.status.error ?? 'not yet'}): leave once the badge says Up to date, so your team keeps every change made here` };
    }
    await this.loop?.run();
    await notSending(this.status, this.statusChanges, this.engine.clock, LEAVE_WAIT_MS);
    // What the team has not received would stay on this laptop alone: leave once it has. An action
    // between the look and the leave would be kept for a team this laptop no longer sends to.
    const link = this.link;
    if (!link) return { ok: false, error: 'Team sync stopped on this laptop while it was leaving: leave again once the badge says Up to date' };
    const sent = async () => this.status.state === 'up-to-date' && link.unsent.count === 0 && !link.session.undrained && (await this.store.count(OUTBOX_KIND)) === 0;
    if (!(await this.engine.detachSyncIf(sent)))
      return { ok: false, error: 'The server does not have every change made here yet (this laptop is offline, or still sending): leave once the badge says Up to date, so your team keeps them' };
    await this.close();
    await forgetTeamWorld(this.store);
    this.set(FACTS_OFF);
    return { ok: true };
  }

  async conflicts(): Promise<ConflictShown[]> {
    // While sync starts there is no session yet: an empty list then would say "No conflicts" untruly.
    await this.starting;
    if (!this.link) return [];
    const open = await this.link.session.conflicts();
    // Reading them drops those settled meanwhile: the badge counts what the page lists.
    this.count();
    return open.map(shown);
  }

  /** The team's changes this laptop has not taken, and the refusals it answered, as Settings lists them. */
  async notTaken(): Promise<{ listed: NotTakenShown[]; answered: NotTakenShown[] }> {
    await this.starting;
    const list = this.link?.session.notTaken;
    return list ? notTakenLists(list) : { listed: [], answered: [] };
  }

  /** Sends again this laptop's changes the server refused (the person asked, once what it refused them for is mended). */
  async sendAgain(): Promise<Answer> {
    await this.starting;
    const link = this.link;
    if (!link) return { ok: false, error: 'Team sync is off' };
    const denied = link.session.notTaken.listed().filter(([, e]) => e.state === 'denied');
    await link.session.forget(denied.map(([id]) => id));
    this.count();
    await link.sendAgain(denied.map(([id]) => id));
    return { ok: true };
  }

  /**
   * Keeps one version of a conflicted document, or one merged field by field
   * (resolving.ts); the others are closed on every laptop.
   */
  async resolve(id: string, rev: string, fields?: Readonly<Record<string, string>>): Promise<Answer> {
    const link = this.link;
    if (!link) return { ok: false, error: 'Team sync is off' };
    const answer = await resolveConflict({ engine: this.engine, session: link.session, laptop: link.settings.laptop, author: link.session.author }, id, rev, fields);
    if (answer.ok) await this.loop?.run();
    return answer;
  }

  /**
   * The browser says whether it has a network (the worker's online and offline events): the badge
   * says Offline at once rather than at the next failed request, and coming back tries at once.
   */
  connectivity(online: boolean): void {
    if (!this.link) return;
    // A session the server ended stays ended, network or not: the person signs in again.
    if (this.facts.server === 'signed-out') return;
    if (!online) return this.set({ ...this.facts, server: 'unreachable' });
    void this.link.online().catch((error: unknown) => this.failed(error));
    this.loop?.soon();
  }

  /** Stops syncing in this tab (it no longer leads); the settings stay for the next leader. */
  async stop(): Promise<void> {
    await this.close();
  }

  private async connect(settings: TeamSettings, joining: boolean): Promise<void> {
    const databases = await this.pouch();
    const conflicted = () => this.link?.session.conflicted ?? new Set<string>();
    const link = await TeamLink.connect({ engine: this.engine, store: this.store, clock: this.engine.clock, databases, origin: this.origin, trace: this.trace, conflicted }, settings, joining);
    this.link = link;
    this.caughtUp = link.caughtUp;
    // The conflicts stored with the take's checkpoint, less any settled since it was written.
    await link.session.conflicts();
    this.set({ ...FACTS_OFF, settings: link.settings });
    this.count();
    const needed = new NeededAsked({
      bring: (ids) => link.bring(ids),
      asked: (brought) => {
        if (brought) this.pulledNow();
        this.set(this.facts);
      },
      trace: this.trace,
    });
    this.needed = needed;
    const loop = new SyncLoop(link.session, this.engine.clock, {
      reading: () => (this.readFrom = this.pulls),
      drained: (actions) => {
        link.unsent.drained(actions);
        // A change sent and not yet confirmed: up to date again only once the server says so.
        if (actions.length && this.facts.server === 'answers') this.facts = { ...this.facts, server: 'unknown' };
      },
      rounded: (storeRefused, more) => {
        // The world has read all the database held once a round reads to the end with no pull since it began.
        const behind = more || this.readFrom !== this.pulls;
        this.facts = { ...this.facts, storeRefused, behind };
        if (!more) needed.ask(link.session.notTaken.needed());
        const receiving = this.count();
        // Another laptop's large action in whole: the server is asked again whether all is here.
        if (!receiving && this.facts.receiving) link.check();
      },
      caughtUp: () => this.caughtUp,
    }, this.trace);
    this.loop = loop;
    this.stopListening = this.engine.changes.on(() => {
      this.set(this.facts);
      loop.soon();
    });
    // What the outbox holds is in the laptop's database before replication starts: a document
    // written while PouchDB's live push is still starting could wait for its next retry.
    await loop.run();
    link.start(this.linkEvents(link));
    loop.soon();
    const renewed = async (): Promise<string | null> => {
      const who = await sessionAccount(this.fetch, this.origin, link.settings.server);
      if (who) await this.rolesSaid(link, who.roles);
      return who?.name ?? null;
    };
    this.keeper = new SessionKeeper(this.engine.clock, renewed, () => this.signedOutBy(401, 'the session ended'), this.trace);
    this.keeper.start();
  }

  /**
   * A role the server's session says anew (the team's admin changed it, issue 52): kept with the
   * account, and held by the engine from its next action, as the server holds it already.
   */
  private async rolesSaid(link: TeamLink, roles: string[]): Promise<void> {
    const now = link.settings.roles;
    if (now && now.length === roles.length && now.every((r, i) => r === roles[i])) return;
    link.settings = { ...link.settings, roles };
    await this.store.commit({ put: [settingsRecord(link.settings)], del: [] });
    if (this.link === link) this.set({ ...this.facts, settings: link.settings });
  }

  private linkEvents(link: TeamLink): LinkEvents {
    return {
      server: (state) => {
        if (state.is === 'sending again') return this.set({ ...this.facts, note: state.note, server: 'unknown' });
        if (state.is === 'signed-out') return this.signedOutBy(state.status, state.why);
        if (state.is === 'answers') void this.refusalsMended(link);
        if (state.is === 'answers' && !this.caughtUp) {
          // What is left arriving as part of an action is not coming in this replication: take it.
          this.caughtUp = true;
          this.loop?.soon();
        }
        this.set({ ...this.facts, settings: link.settings, server: state.is === 'answers' ? 'answers' : 'unreachable', failure: null, note: undefined });
      },
      pushed: (docs, seq) => {
        link.unsent.pushed(docs, seq);
        this.set(this.facts);
      },
      pulled: () => this.pulledNow(),
      // A store that refuses the record (full, or its tab closed) is said as any failure is, never left unhandled.
      denied: (docs) => void link.session.denied(docs, this.engine.clock.now()).then(() => this.count(), (error: unknown) => this.failed(error)),
      failed: (error) => this.failed(error),
    };
  }

  /** The server holds now what it refused from this laptop (a teammate gave it): no longer listed as refused. */
  private async refusalsMended(link: TeamLink): Promise<void> {
    const denied = link.session.notTaken.listed().filter(([, e]) => e.state === 'denied').map(([id]) => id);
    if (!denied.length) return;
    const still = new Set(await link.stillRefused(denied).catch(() => denied));
    const mended = denied.filter((id) => !still.has(id));
    if (!mended.length) return;
    await link.session.forget(mended);
    this.count();
    this.loop?.soon();
  }

  /** Replication (or an ask) wrote the team's changes into the laptop's database: the world reads them. */
  private pulledNow(): void {
    this.pulls++;
    this.caughtUp = false;
    this.needed?.pulled();
    this.set({ ...this.facts, behind: true });
    this.loop?.soon();
  }

  /** The server ended this laptop's session, or its account may not reach the world: sync waits for a sign-in. */
  private signedOutBy(status: number, why: string): void {
    void this.link?.stop();
    this.set({ ...this.facts, server: 'signed-out', signedOutWhy: signedOutWords(status, why) });
  }

  private failed(error: unknown): void {
    const status = (error as { status?: unknown } | null)?.status;
    if (status === 401 || status === 403) return this.signedOutBy(status, reason(error));
    this.set({ ...this.facts, failure: failureWords(error, this.link?.settings.world ?? '') });
  }

  /** The counts the status shows, read again from the session; answers whether an action is arriving. */
  private count(): { arrived: number; of: number } | undefined {
    const session = this.link?.session;
    if (!session) return undefined;
    const counts = sessionCounts(session);
    this.set({ ...this.facts, ...counts });
    return counts.receiving;
  }

  private set(facts: SyncFacts): void {
    const link = this.link;
    // Without a link (signed out, signing in again) what waits is what was counted last.
    this.facts = { ...facts, unsent: link ? link.unsent.count : facts.unsent, undrained: link?.session.undrained ?? false, asking: this.needed?.asking ?? false };
    const status = syncStatus(this.facts);
    if (JSON.stringify(status) === JSON.stringify(this.status)) return;
    if (status.state !== this.status.state || status.unsent !== this.status.unsent) this.trace(`status ${status.state}, ${status.unsent} not sent`);
    this.status = status;
    this.statusChanges.emit(status);
  }

  private async close(): Promise<void> {
    this.keeper?.stop();
    this.keeper = null;
    this.loop?.stop();
    this.loop = null;
    this.needed = null;
    await this.link?.stop();
    this.stopListening?.();
    this.stopListening = null;
    this.link = null;
  }
}
