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
import type { ConflictShown, NotTakenShown, SyncStatus, TeamMemberShown } from '../syncContract';
import { shown } from './in/conflictShown';
import { checkJoin, forgetSettings, forgetTeamWorld, settingsRecord, storedSettings, type TeamSettings } from './joining';
import { notTakenLists } from './in/notTaken';
import { teamKept, teamShown } from './in/teamShown';
import { signOut, type Fetch } from './link/serverSession';
import { failureWords, joinRefusal, passwordChanged, reason, SIGNED_OUT, signedIn, signedOutWords } from './link/teamAccount';
import { resolveConflict } from './in/resolving';
import { LinkWiring, type WiringHost } from './linkWiring';
import { FACTS_OFF, notSending, sessionCounts, syncStatus, type SyncFacts } from './syncStatus';
import { TeamLink, type Databases } from './teamLink';

/** How long Leave waits for the changes being sent to reach the server. */
const LEAVE_WAIT_MS = 5_000;

type Answer = { ok: true } | { ok: false; error: string; field?: 'server' | 'world' | 'account' | 'password' | 'newPassword' | 'again' };

export class TeamSync {
  readonly statusChanges = new Emitter<SyncStatus>();
  status: SyncStatus = syncStatus(FACTS_OFF);
  private facts: SyncFacts = FACTS_OFF;
  private link: TeamLink | null = null;
  /** What lives as long as the link: its loop, asks, session renewal (linkWiring.ts). */
  private wiring: LinkWiring | null = null;
  /** Going on syncing after a reload or a new leading tab (start): join and leave wait for it. */
  private starting: Promise<void> = Promise.resolve();
  private joinAsked = false;
  /** A leave has looked and found everything sent: the settings are being dropped. */
  private leaving = false;
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
      if (!settings) return void (await ready, await forgetTeamWorld(this.store, { ifAny: true }));
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
    await this.wiring?.loop.run();
    await notSending(this.status, this.statusChanges, this.engine.clock, LEAVE_WAIT_MS);
    // What the team has not received would stay on this laptop alone: leave once it has. No action
    // between the look and sync off, the settings gone with it (forgetSettings, a tab closed next).
    const link = this.link;
    if (!link) return { ok: false, error: 'Team sync stopped on this laptop while it was leaving: leave again once the badge says Up to date' };
    const sent = async () => this.status.state === 'up-to-date' && link.unsent.count === 0 && !link.session.undrained && (await this.store.count(OUTBOX_KIND)) === 0;
    // From the look on, nothing writes the settings again (a session's renewal: keepsSettings).
    const look = async () => (this.leaving = await sent()) && (await forgetSettings(this.store), true);
    const detached = await this.engine.detachSyncIf(look).catch((error: unknown) => {
      this.leaving = false;
      throw error;
    });
    if (!detached)
      return { ok: false, error: 'The server does not have every change made here yet (this laptop is offline, or still sending): leave once the badge says Up to date, so your team keeps them' };
    await this.close();
    await forgetTeamWorld(this.store);
    this.leaving = false;
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

  /** The team as this laptop has heard from it (the Team page): none in no team world; signed out, as the store kept it. */
  async team(): Promise<TeamMemberShown[]> {
    await this.starting;
    const settings = await storedSettings(this.store);
    if (!settings) return [];
    const session = this.link?.session;
    return teamShown({ account: session?.author ?? settings.account ?? '', laptop: settings.laptop, role: this.status.role ?? null }, session ?? (await teamKept(this.store)));
  }

  /** Sends again this laptop's changes the server refused (the person asked, once what it refused them for is mended). */
  async sendAgain(): Promise<Answer> {
    await this.starting;
    const link = this.link;
    if (!link) return { ok: false, error: 'Team sync is off' };
    const denied = link.session.notTaken.deniedList();
    await link.session.forget(denied);
    this.count();
    await link.sendAgain(denied);
    return { ok: true };
  }

  /**
   * Keeps one version of a conflicted document, or one merged field by field
   * (resolving.ts); the others are closed on every laptop.
   */
  async resolve(id: string, rev: string, fields?: Readonly<Record<string, string>>): Promise<Answer> {
    const link = this.link;
    if (!link) return { ok: false, error: 'Team sync is off' };
    const answer = await resolveConflict({ engine: this.engine, session: link.session, laptop: link.settings.laptop, author: link.session.author, role: link.session.role }, id, rev, fields);
    if (answer.ok) await this.wiring?.loop.run();
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
    this.wiring?.loop.soon();
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
    // The conflicts stored with the take's checkpoint, less any settled since it was written.
    await link.session.conflicts();
    this.set({ ...FACTS_OFF, settings: link.settings });
    this.count();
    this.wiring = new LinkWiring(link, this.wiringHost());
    await this.wiring.start();
  }

  /** What a link's wiring reads of team sync, and tells it. */
  private wiringHost(): WiringHost {
    return {
      engine: this.engine, store: this.store, fetch: this.fetch, origin: this.origin, trace: this.trace,
      facts: () => this.facts,
      set: (facts) => this.set(facts),
      keep: (facts) => (this.facts = facts),
      count: () => this.count(),
      failed: (error) => this.failed(error), signedOutBy: (status, why) => this.signedOutBy(status, why),
      holds: (link) => this.link === link,
      keepsSettings: (link) => this.link === link && !this.leaving,
    };
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
    this.facts = { ...facts, unsent: link ? link.unsent.count : facts.unsent, undrained: link?.session.undrained ?? false, asking: this.wiring?.needed.asking ?? false };
    const status = syncStatus(this.facts);
    if (JSON.stringify(status) === JSON.stringify(this.status)) return;
    if (status.state !== this.status.state || status.unsent !== this.status.unsent) this.trace(`status ${status.state}, ${status.unsent} not sent`);
    this.status = status;
    this.statusChanges.emit(status);
  }

  private async close(): Promise<void> {
    this.wiring?.stop();
    this.wiring = null;
    await this.link?.stop();
    this.link = null;
  }
}
