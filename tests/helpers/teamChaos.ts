/**
 * A team under random schedules (issue 49, docs/sync.md#the-team-under-random-schedules): 3 to 5
 * laptops, each a real engine over its own store with its own PouchDB, cookies and TeamSync, and
 * the test server with the team's accounts and its validation on. fast-check draws the steps
 * (`fc.commands`) and shrinks what fails: actions of every kind, joins at any moment (while another
 * laptop joins, or mid-action), leaving and joining again, a laptop cut off and back, a tab
 * reloaded with its sync in any state, a session that ends, the server restarted empty or from a
 * backup taken earlier, a member's hostile documents, the clock stepped. At each quiet point (every
 * link up, every laptop idle) the team's world must hold (`quietChecks`).
 *
 * No wall time is waited for: a quiet point waits on the laptops' own statuses and changes. A
 * bound (QUIET_BOUND_MS) only ends a wait that would never end, so a failure is reported and
 * shrunk rather than hanging; it measures no speed.
 */
import fc from 'fast-check';
import PouchDB from './pouch';
import { startSyncServer, type SyncServer } from '../../scripts/syncServer';
import { cookieFetch } from '../../scripts/team/cookieFetch';
import { createEngine, type Engine } from '../../worker/engine/engine';
import { OUTBOX_KIND } from '../../worker/sync/records';
import { memoryStore, type MemoryStore, type WorldStore } from '../../worker/engine/store/worldStore';
import { TeamSync } from '../../worker/sync/teamSync';
import type { OutboxRecord } from '../../worker/sync/out/outbox';
import { bootInput } from './engineHarness';
import { ManualClock } from './manualClock';
import { ANN, BOB, T0 } from './builders';
import { intent, toAction, type Intent } from './randomActions';
import { hostileDocs } from './hostileWriter';
import { sendHostileRequest } from './hostileRequests';
import { TWO_LAPTOP_WORLD } from './twoLaptops';
import { CLEO, passwordOf } from './teamLaptops';
import { setRoles, type Account } from '../../scripts/team/worlds';
import { forgetUnsendable, quietChecks, stepped } from './teamChaosChecks';

/** The people of the team: each laptop is one of them (two laptops may be one person's). */
const PEOPLE = [ANN, BOB, CLEO] as const;
/**
 * Each person's role when a team's day begins (issue 52): Bob a geomatics technician, Ann and Cleo
 * data coordinators. A step changes one (RoleChange), while their laptop is away or not.
 */
const FIRST_ROLES: Readonly<Record<string, string>> = { [ANN]: 'coordinator', [BOB]: 'technician', [CLEO]: 'coordinator' };
/** The team's accounts with the roles given. */
const accounts = (roles: Readonly<Record<string, string>>): Account[] => PEOPLE.map((name) => ({ name, password: passwordOf(name), roles: [roles[name]!] }));
/** A member of the team who writes straight into the world, as a script or curl would. */
const HOSTILE = CLEO;
/** Ends a wait for a quiet team that would never end (a failure to report and shrink), whatever the machine's pace. */
export const QUIET_BOUND_MS = Number(process.env.SYNC_CHAOS_BOUND_MS ?? 30_000);

const Local = PouchDB.defaults({ adapter: 'memory' });

/** A store as one tab holds it: once the tab is gone, its writes fail, as a closed tab's would never land. */
function tabHandle(store: MemoryStore): { store: WorldStore; close(): void } {
  let open = true;
  const gone = () => Promise.reject(new DOMException('The tab was closed', 'AbortError'));
  const handle: WorldStore = {
    readAll: () => (open ? store.readAll() : gone()),
    readKinds: (kinds) => (open ? store.readKinds(kinds) : gone()),
    count: (kind) => (open ? store.count(kind) : gone()),
    readKind: (kind) => (open ? store.readKind(kind) : gone()),
    commit: (batch) => (open ? store.commit(batch) : gone()),
    answerOf: (id) => (open ? store.answerOf(id) : gone()),
    readHistory: (owners) => (open ? store.readHistory(owners) : gone()),
  };
  return { store: handle, close: () => void (open = false) };
}

/** The server's admin gives a person their role (as `npm run sync:user -- --role` does). */
async function giveRole(server: SyncServer, name: string, role: string): Promise<void> {
  if (!(await setRoles(`${server.url}/couch`, server.admin, name, [role]))) throw new Error(`the server has no account ${name}`);
}

/** A server that knows the team's accounts with their first roles. */
export function chaosServer(): Promise<SyncServer> {
  return startSyncServer({ port: 0, users: accounts(FIRST_ROLES), vans: true });
}

export class ChaosLaptop {
  engine!: Engine;
  sync!: TeamSync;
  private tab!: { store: WorldStore; close(): void };
  /** joins, leaves and sign-ins on their way: the next steps run beside them */
  readonly pending = new Set<Promise<unknown>>();
  cut = false;
  /** every revision this laptop's confirmed actions wrote for the team (its outbox records), by document */
  readonly confirmed = new Map<string, Set<string>>();
  readonly store: MemoryStore = memoryStore();
  readonly jar = cookieFetch();
  private readonly Remote = PouchDB.defaults({ fetch: this.jar });
  private tabs = 0;
  private joins = 0;
  /** the session the page keeps across a reload */
  private current: string | null = null;

  constructor(
    readonly name: string,
    readonly email: string,
    private readonly team: Team,
  ) {
    const commit = this.store.commit.bind(this.store);
    // What a confirmed action writes for the team: it must reach the server, whatever comes after.
    this.store.commit = async (batch) => {
      await commit(batch);
      for (const put of batch.put) {
        if (put.kind !== OUTBOX_KIND) continue;
        const record = put.record as unknown as OutboxRecord;
        const revs = this.confirmed.get(record.id) ?? new Set<string>();
        revs.add(record.doc._rev);
        this.confirmed.set(record.id, revs);
      }
    };
  }

  /** The server path this laptop reaches the team by: its own way in, which a step can cut. */
  get server(): string {
    return `/van/${this.name}/couch`;
  }

  /** A tab opens: the engine boots from the laptop's store (or the sample, the first time) and team sync goes on. */
  async open(): Promise<void> {
    this.tab = tabHandle(this.store);
    const n = ++this.tabs;
    let ids = 0;
    this.engine = createEngine({ clock: this.team.clock, store: this.tab.store, newId: () => `${this.name}-${n}-${++ids}`, loadText: async () => TWO_LAPTOP_WORLD });
    // The page hands the boot the session it keeps (localStorage's `current`), as after a reload.
    await this.engine.boot(bootInput({ current: this.current }));
    // A reloaded tab keeps its person signed in, as the console does: only a first visit signs in.
    if (!this.engine.world.current.loggedIn) await this.engine.dispatch({ type: 'login', email: this.email, password: 'demo' });
    const databases = async () => ({ Local: Local.defaults({ prefix: `${this.team.id}-${this.name}-` }), Remote: this.Remote });
    const trace = process.env.TRACE_SYNC ? (line: string) => console.log(`${this.name}: ${line}`) : undefined;
    // Each join names the laptop anew, as the console does (a random id).
    this.sync = new TeamSync(this.engine, this.tab.store, databases, this.team.server.url, () => `${this.name}-laptop-${++this.joins}`, trace, this.jar);
    await this.sync.start();
  }

  /** The tab is closed at once, whatever it was doing; the next one opens on the same store. */
  async reload(): Promise<void> {
    this.current = JSON.stringify(this.engine.world.current);
    this.tab.close();
    this.engine.stop();
    this.pending.clear();
    await this.sync.stop();
    await this.open();
  }

  /** Runs `work` beside the next steps. */
  beside(work: Promise<unknown>): void {
    const done: Promise<unknown> = work.catch(() => undefined).finally(() => this.pending.delete(done));
    this.pending.add(done);
  }

  get joined(): boolean {
    return this.sync.status.state !== 'off';
  }
}

export class Team {
  readonly clock = new ManualClock(T0);
  readonly laptops: ChaosLaptop[];
  /** backups of the team world taken by its admin, oldest first */
  readonly backups: PouchDB[] = [];
  /** how long each quiet point took to settle, wall clock (ms): the chaos run's figures */
  readonly settled: number[] = [];
  /** how many times the server was restarted */
  restarts = 0;
  /** the steps run so far, as a failure prints them (a replayable schedule) */
  readonly ran: string[] = [];
  /** each person's role on the server now */
  readonly roles: Record<string, string> = { ...FIRST_ROLES };
  private constructor(
    public server: SyncServer,
    readonly world: string,
    readonly id: string,
    size: number,
  ) {
    this.laptops = Array.from({ length: size }, (_, i) => new ChaosLaptop(`van${i}`, PEOPLE[i % PEOPLE.length]!, this));
  }

  static async start(server: SyncServer, id: string, size: number): Promise<Team> {
    // A day begins with the first roles, whatever the last team's day changed on this server.
    for (const name of PEOPLE) await giveRole(server, name, FIRST_ROLES[name]!);
    await server.world(id);
    const team = new Team(server, id, id, size);
    for (const l of team.laptops) await l.open();
    return team;
  }

  /** The team world as one person reaches it (the admin, for backups). */
  as(name: string): PouchDB {
    const password = name === this.server.admin.name ? this.server.admin.password : passwordOf(name);
    return new PouchDB(`${this.server.url}/couch/${this.world}`, { auth: { username: name, password } });
  }

  async van(l: ChaosLaptop, what: 'cut' | 'restore'): Promise<void> {
    await fetch(`${this.server.url}/__vans/${l.name}/${what}`, { method: 'POST' });
  }

  /** The server stops and one starts on its port, with no world (its admin sets it up again, from a backup if given). */
  async restart(from: PouchDB | null): Promise<void> {
    this.restarts++;
    const old = this.server;
    const port = Number(new URL(old.url).port);
    await old.close();
    this.server = await startSyncServer({ port, users: accounts(this.roles), vans: true, empty: true, admin: old.admin });
    await this.server.world(this.world);
    if (from) await PouchDB.replicate(from, this.as(this.server.admin.name));
  }

  async stop(): Promise<void> {
    for (const l of this.laptops) {
      l.engine.stop();
      await l.sync.stop();
    }
  }
}

type Model = { steps: number };
type Real = Team;

const laptopIndex = fc.nat(4);

export class Act implements fc.AsyncCommand<Model, Real> {
  constructor(readonly who: number, readonly intent: Intent) {}
  check = () => true;
  async run(_m: Model, team: Real): Promise<void> {
    const l = team.laptops[this.who % team.laptops.length]!;
    const action = toAction({ engine: l.engine }, this.intent);
    if (!action || action.type === 'logout' || action.type === 'login' || action.type === 'setFlags' || action.type === 'resetDemo') return;
    await stepped(team, 'an action', l.engine.dispatch(action).catch(() => undefined));
  }
  toString = () => `act(${this.who}, ${JSON.stringify(this.intent)})`;
}

export class Join implements fc.AsyncCommand<Model, Real> {
  constructor(readonly who: number, readonly wait: boolean) {}
  check = () => true;
  async run(_m: Model, team: Real): Promise<void> {
    const l = team.laptops[this.who % team.laptops.length]!;
    if (l.joined) return;
    // A join that fails leaves the laptop in no team world: what it did meanwhile is its own, not the team's.
    const joining = l.sync.join(l.server, team.world, l.email, passwordOf(l.email)).then((answer) => {
      if (!answer.ok) l.confirmed.clear();
      return answer;
    });
    if (this.wait) await stepped(team, 'a join', joining);
    else l.beside(joining);
  }
  toString = () => `join(${this.who}${this.wait ? '' : ', beside'})`;
}

export class Leave implements fc.AsyncCommand<Model, Real> {
  constructor(readonly who: number) {}
  check = () => true;
  async run(_m: Model, team: Real): Promise<void> {
    const l = team.laptops[this.who % team.laptops.length]!;
    if (!l.joined) return;
    const restarts = team.restarts;
    // A server that lost the world while the laptop left is given nothing of it again: what the
    // laptop confirmed was on the server when the leave began, and no one sends another's changes.
    l.beside(
      l.sync.leave().then((answer) => {
        if (process.env.TRACE_SYNC) console.log(`${l.name}: left: ${JSON.stringify(answer)}`);
        if (answer.ok && team.restarts !== restarts) l.confirmed.clear();
      }),
    );
  }
  toString = () => `leave(${this.who})`;
}

export class Cut implements fc.AsyncCommand<Model, Real> {
  constructor(readonly who: number, readonly back: boolean) {}
  check = () => true;
  async run(_m: Model, team: Real): Promise<void> {
    const l = team.laptops[this.who % team.laptops.length]!;
    if (l.cut === !this.back) return;
    await team.van(l, this.back ? 'restore' : 'cut');
    l.cut = !this.back;
    l.sync.connectivity(this.back);
  }
  toString = () => `${this.back ? 'back' : 'cut'}(${this.who})`;
}

export class Reload implements fc.AsyncCommand<Model, Real> {
  constructor(readonly who: number) {}
  check = () => true;
  async run(_m: Model, team: Real): Promise<void> {
    await stepped(team, 'a reload', team.laptops[this.who % team.laptops.length]!.reload());
  }
  toString = () => `reload(${this.who})`;
}

/** The server ends a laptop's session (its cookie is gone): it says Sign in to sync until the person does. */
export class SessionEnds implements fc.AsyncCommand<Model, Real> {
  constructor(readonly who: number) {}
  check = () => true;
  async run(_m: Model, team: Real): Promise<void> {
    team.laptops[this.who % team.laptops.length]!.jar.cookies.clear();
  }
  toString = () => `sessionEnds(${this.who})`;
}

export class Backup implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(_m: Model, team: Real): Promise<void> {
    const copy = new PouchDB(`${team.id}-backup-${team.backups.length}`, { adapter: 'memory' });
    await Promise.resolve(PouchDB.replicate(team.as(team.server.admin.name), copy)).catch(() => undefined);
    team.backups.push(copy);
  }
  toString = () => 'backup';
}

export class Restart implements fc.AsyncCommand<Model, Real> {
  constructor(readonly from: number | null) {}
  check = () => true;
  async run(_m: Model, team: Real): Promise<void> {
    const backup = this.from === null || !team.backups.length ? null : team.backups[this.from % team.backups.length]!;
    forgetUnsendable(team);
    await team.restart(backup);
  }
  toString = () => `restart(${this.from === null ? 'empty' : `backup ${this.from}`})`;
}

export class Hostile implements fc.AsyncCommand<Model, Real> {
  constructor(readonly what: number, readonly pick: number) {}
  check = () => true;
  async run(_m: Model, team: Real): Promise<void> {
    const db = team.as(HOSTILE);
    const docs = await hostileDocs(db, { kind: 'hostile', into: 0, what: this.what, pick: this.pick }, HOSTILE).catch(() => []);
    if (docs.length) await db.bulkDocs(docs, { new_edits: false }).catch(() => undefined);
  }
  toString = () => `hostile(${this.what}, ${this.pick})`;
}

/** A member sends the server a request it must refuse (hostileRequests.ts). */
export class HostileRequest implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = () => true;
  async run(_m: Model, team: Real): Promise<void> {
    await sendHostileRequest(team.server.url, team.world, HOSTILE, this.pick);
  }
  toString = () => `hostileRequest(${this.pick})`;
}

/** The server's admin changes a person's role (coordinator ↔ technician): their laptops learn it when their session is renewed. */
export class RoleChange implements fc.AsyncCommand<Model, Real> {
  constructor(readonly who: number) {}
  check = () => true;
  async run(_m: Model, team: Real): Promise<void> {
    const name = PEOPLE[this.who % PEOPLE.length]!;
    team.roles[name] = team.roles[name] === 'coordinator' ? 'technician' : 'coordinator';
    await giveRole(team.server, name, team.roles[name]!);
  }
  toString = () => `roleChange(${this.who})`;
}

export class Clock implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(_m: Model, team: Real): Promise<void> {
    team.clock.advance(this.ms);
    for (const l of team.laptops) l.engine.tick();
  }
  toString = () => `clock(${this.ms})`;
}

export class Quiet implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(_m: Model, team: Real): Promise<void> {
    await quietChecks(team);
  }
  toString = () => 'quiet';
}

/** The steps a team's day is drawn from, weighted as a day goes: mostly actions, now and then the server lost. */
export const chaosStep: fc.Arbitrary<fc.AsyncCommand<Model, Real>> = fc.oneof(
  { weight: 30, arbitrary: fc.tuple(laptopIndex, intent).map(([who, i]) => new Act(who, i)) },
  { weight: 6, arbitrary: fc.tuple(laptopIndex, fc.boolean()).map(([who, wait]) => new Join(who, wait)) },
  { weight: 2, arbitrary: laptopIndex.map((who) => new Leave(who)) },
  { weight: 4, arbitrary: fc.tuple(laptopIndex, fc.boolean()).map(([who, back]) => new Cut(who, back)) },
  { weight: 3, arbitrary: laptopIndex.map((who) => new Reload(who)) },
  { weight: 2, arbitrary: laptopIndex.map((who) => new SessionEnds(who)) },
  { weight: 1, arbitrary: fc.constant(new Backup()) },
  { weight: 1, arbitrary: fc.option(fc.nat(5), { nil: null, freq: 2 }).map((from) => new Restart(from)) },
  { weight: 4, arbitrary: fc.tuple(fc.nat(15), fc.nat(1000)).map(([what, pick]) => new Hostile(what, pick)) },
  { weight: 1, arbitrary: fc.nat(20).map((pick) => new HostileRequest(pick)) },
  { weight: 4, arbitrary: fc.integer({ min: 500, max: 120_000 }).map((ms) => new Clock(ms)) },
  { weight: 1, arbitrary: laptopIndex.map((who) => new RoleChange(who)) },
  { weight: 3, arbitrary: fc.constant(new Quiet()) },
);

export interface ChaosOptions {
  /** how many steps in all (runs × steps a run) */
  steps: number;
  /** steps in one run at most (a run is one team's day, from empty laptops to the last quiet point) */
  perRun?: number;
  /** a failure's seed and path, as fast-check printed them: that run replayed */
  seed?: number;
  path?: string;
  /**
   * Where the draws begin: each round of runs takes the next seed, so the same steps are drawn every
   * time (`npm test`'s, reproducible); without it, fresh ones each round (`npm run chaos:sync`).
   */
  draws?: number;
  /** told of each run's figures */
  report?: (figures: ChaosFigures) => void;
}

export interface ChaosFigures {
  runs: number;
  steps: number;
  joins: number;
  restarts: number;
  conflicts: number;
  quiets: number;
  /** how long each quiet point took to settle, wall clock (ms) */
  settle: number[];
}

let teams = 0;

/** The figures of a run not begun. */
export const noFigures = (): ChaosFigures => ({ runs: 0, steps: 0, joins: 0, restarts: 0, conflicts: 0, quiets: 0, settle: [] });

/** Each step kept as it begins, to replay a quiet point held back (`Team.ran`), and told with the time under SYNC_CHAOS_TRACE: where a run stands when it seems to hang. */
function followSteps(steps: readonly unknown[], team: Team): void {
  for (const step of steps) {
    // fast-check hands each command wrapped, its own under `cmd`.
    const cmd = ((step as { cmd?: unknown }).cmd ?? step) as fc.AsyncCommand<Model, Real>;
    const run = cmd.run.bind(cmd);
    cmd.run = (model, real) => {
      if (process.env.SYNC_CHAOS_TRACE) console.log(`${new Date().toISOString()} ${String(cmd)}`);
      team.ran.push(String(cmd));
      return run(model, real);
    };
  }
}

/** The property: any schedule fast-check draws leaves the team's world whole at every quiet point and at the end. */
export async function chaos({ steps, perRun = 60, seed, path, draws, report }: ChaosOptions): Promise<ChaosFigures> {
  const runs = Math.max(1, Math.ceil(steps / perRun));
  const figures: ChaosFigures = noFigures();
  let server = await chaosServer();
  const property = fc.asyncProperty(fc.integer({ min: 3, max: 5 }), fc.commands([chaosStep], { maxCommands: perRun, size: 'max' }), async (size, commands) => {
    const team = await Team.start(server, `chaos-${++teams}`, size);
    let failed = false;
    try {
      const counted = [...commands];
      followSteps(counted, team);
      await fc.asyncModelRun(() => ({ model: { steps: 0 }, real: team }), commands);
      const quiet = await quietChecks(team);
      figures.runs++;
      figures.steps += counted.length;
      // fast-check hands each command wrapped, its own under `cmd`.
      const kinds = counted.map((c) => (c as unknown as { cmd?: unknown }).cmd ?? c);
      figures.joins += kinds.filter((c) => c instanceof Join).length;
      figures.restarts += kinds.filter((c) => c instanceof Restart).length;
      figures.quiets += kinds.filter((c) => c instanceof Quiet).length + 1;
      figures.conflicts += quiet.conflicts;
      figures.settle.push(...team.settled);
      report?.(figures);
    } catch (error) {
      // Each failing schedule as the shrinking meets it: a long shrink shows its progress, and what it has so far.
      failed = true;
      if (process.env.SYNC_CHAOS_TRACE) console.log(`failed with ${size} laptops (${error instanceof Error ? error.message : String(error)}): ${String(commands)}`);
      throw error;
    } finally {
      await team.stop();
      server = team.server;
      // A run that failed may leave the server as no run should meet it (a restart cut short): the
      // next run, and each schedule the shrinking tries, starts on a server of its own.
      if (failed) {
        await server.close().catch(() => undefined);
        server = await chaosServer();
      }
    }
  });
  // A failure is shrunk for as long as the run may last, then reported with the shortest schedule found so far.
  const limit = Number(process.env.SYNC_CHAOS_LIMIT_MS ?? 0);
  const deadline = limit > 0 ? Date.now() + limit : Infinity;
  const parameters = () => ({ endOnFailure: process.env.SYNC_CHAOS_SHRINK === '0', ...(deadline < Infinity ? { interruptAfterTimeLimit: Math.max(1, deadline - Date.now()), markInterruptAsFailure: true } : {}) });
  try {
    if (seed !== undefined) await fc.assert(property, { numRuns: runs, seed, path, ...parameters() });
    // fast-check's lists of commands vary in length: runs are drawn, each with a seed of its own (printed if it fails), until the steps are reached.
    else for (let round = 0; figures.steps < steps; round++) await fc.assert(property, { numRuns: Math.max(1, Math.ceil((steps - figures.steps) / (perRun / 2))), ...(draws !== undefined ? { seed: draws + round } : {}), ...parameters() });
  } finally {
    await server.close();
  }
  return figures;
}

/** Runs a schedule as a failure printed it (tests/helpers/chaosSchedule.ts), with `size` laptops, then a quiet point. */
export async function replay(printed: string, size: number): Promise<void> {
  const { scheduleOf } = await import('./chaosSchedule');
  const steps = scheduleOf(printed);
  const team = await Team.start(await chaosServer(), `replay-${++teams}`, size);
  try {
    for (const step of [...steps, new Quiet()]) {
      if (process.env.SYNC_CHAOS_TRACE) console.log(`${new Date().toISOString()} ${String(step)}`);
      await step.run({ steps: 0 }, team);
    }
  } finally {
    await team.stop();
    await team.server.close();
  }
}
