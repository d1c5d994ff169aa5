/**
 * Roles in a team world (issue 52, docs/requirements.md#req-team-roles), against the validated
 * test server: for each action kind and each role, taken on the console (the engine refuses first,
 * with the table's words) and written to the server by a laptop that still believes its person a
 * coordinator, their role taken away while it was offline (the server refuses each change the new
 * role forbids, and Settings names it with the reason; nothing is lost silently). What curl writes
 * by hand, the same: teamRolesCurl.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Action } from '../../worker/api';
import { ASSIGNS, CANCELS, CAPTURE_WORK, CLEANS, SETS_SPEED, type Role } from '../../worker/domain/roles';
import type { World } from '../../worker/engine/world';
import type { SyncServer } from '../../scripts/syncServer';
import { setRoles } from '../../scripts/team/worlds';
import { cleanUp, laptop, passwordOf, serverTime, teamServer, until, type TeamLaptop } from '../helpers/teamLaptops';
import { aWorld, ANN, BOB } from '../helpers/builders';
import type { ManualClock } from '../helpers/manualClock';
import { samplePodconfig } from '../helpers/podconfigFiles';
import { SESSION_RENEW_MS } from '../../worker/sync/link/sessionKeeper';

/** The person who acts in each case, and the teammate the surveys of others are assigned to. */
const ACTOR = ANN;
const OTHER = BOB;

const world = () => JSON.stringify(aWorld());

/** A step before the action: an action (made from the world as it is), or time passing. */
type Step = ((w: World) => Action) | number;

const only = (w: World) => Object.keys(w.index.surveys)[0]!;
const mediaOf = (w: World) => Object.keys(w.index.media)[0]!;
const FRAME = { line: 1, camera: 'Cam02', frame: 7 };

const insert: Step[] = [() => ({ type: 'insertMedia', host: 'drive-01', bays: [1], surveys: [{ flightPlanId: 'fp-1', size: 'teeny', flownOn: '2026-06-14' }] })];
const received: Step[] = [...insert, () => ({ type: 'receiveMedia', host: 'drive-01', itemIds: ['A'] }), 100_000];
/** Assigned to the actor (Assign's default: every survey to the person signed in). */
const assigned: Step[] = [...received, (w) => ({ type: 'assignSurveys', mediaId: mediaOf(w) })];
const assignedToOther: Step[] = [...received, (w) => ({ type: 'assignSurveys', mediaId: mediaOf(w), assignments: [{ surveyId: only(w), email: OTHER }] })];
const applanixed: Step[] = [...assigned, (w) => ({ type: 'processApplanix', surveyId: only(w) })];
const qcReady: Step[] = [...applanixed, (w) => ({ type: 'processPodconfig', surveyId: only(w), files: samplePodconfig('pod.XML') }), 60_000];
const qcStarted: Step[] = [...qcReady, (w) => ({ type: 'startSurveyQc', surveyId: only(w) })];
const approved: Step[] = [...qcStarted, (w) => ({ type: 'approveSurveyQc', surveyId: only(w) })];
const processed: Step[] = [...approved, (w) => ({ type: 'processCapture', captureId: 'cap-1', surveyIds: [only(w)] }), 240_000];
const captureQc: Step[] = [...processed, () => ({ type: 'startCaptureQc', captureId: 'cap-1' })];
const captureApproved: Step[] = [...captureQc, () => ({ type: 'approveCaptureQc', captureId: 'cap-1' })];

interface Case {
  name: string;
  before: Step[];
  action: (w: World) => Action;
  /** the technician's refusal (null: allowed); a coordinator may take every action */
  technician: RegExp | null;
}

const assigneeOnly = /works only the surveys assigned to them: survey .* is assigned to bob\.smith@example\.com/;
const words = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

const CASES: Case[] = [
  { name: 'insert media', before: [], action: insert[0] as (w: World) => Action, technician: null },
  { name: 'receive media', before: insert, action: () => ({ type: 'receiveMedia', host: 'drive-01', itemIds: ['A'] }), technician: null },
  { name: 'cancel a receive', before: [...insert, () => ({ type: 'receiveMedia', host: 'drive-01', itemIds: ['A'] })], action: () => ({ type: 'cancelReceive', host: 'drive-01' }), technician: null },
  { name: 'eject media never received', before: insert, action: () => ({ type: 'ejectMedia', host: 'drive-01' }), technician: null },
  { name: 'assign', before: received, action: (w) => ({ type: 'assignSurveys', mediaId: mediaOf(w) }), technician: words(ASSIGNS) },
  { name: 'reassign', before: assigned, action: (w) => ({ type: 'reassignSurvey', surveyId: only(w), email: OTHER }), technician: words(ASSIGNS) },
  { name: 'cancel a survey', before: qcReady, action: (w) => ({ type: 'cancelSurvey', surveyId: only(w) }), technician: words(CANCELS) },
  { name: 'Applanix on their own survey', before: assigned, action: (w) => ({ type: 'processApplanix', surveyId: only(w) }), technician: null },
  { name: 'Applanix on a survey of another', before: assignedToOther, action: (w) => ({ type: 'processApplanix', surveyId: only(w) }), technician: assigneeOnly },
  { name: 'PodConfig', before: applanixed, action: (w) => ({ type: 'processPodconfig', surveyId: only(w), files: samplePodconfig('pod.XML') }), technician: null },
  { name: 'start survey QC', before: qcReady, action: (w) => ({ type: 'startSurveyQc', surveyId: only(w) }), technician: null },
  { name: 'approve survey QC', before: qcStarted, action: (w) => ({ type: 'approveSurveyQc', surveyId: only(w) }), technician: null },
  { name: 'reject survey QC', before: qcStarted, action: (w) => ({ type: 'rejectSurveyQc', surveyId: only(w), reason: 'Cloud cover' }), technician: null },
  { name: 'flag a frame', before: qcStarted, action: (w) => ({ type: 'flagFrame', surveyId: only(w), ...FRAME, reason: 'Cloud' }), technician: null },
  { name: 'unflag a frame', before: [...qcStarted, (w) => ({ type: 'flagFrame', surveyId: only(w), ...FRAME, reason: 'Cloud' })], action: (w) => ({ type: 'unflagFrame', surveyId: only(w), ...FRAME }), technician: null },
  { name: 'process a capture', before: approved, action: (w) => ({ type: 'processCapture', captureId: 'cap-1', surveyIds: [only(w)] }), technician: words(CAPTURE_WORK) },
  { name: 'start capture QC', before: processed, action: () => ({ type: 'startCaptureQc', captureId: 'cap-1' }), technician: words(CAPTURE_WORK) },
  { name: 'approve capture QC', before: captureQc, action: () => ({ type: 'approveCaptureQc', captureId: 'cap-1' }), technician: words(CAPTURE_WORK) },
  { name: 'reject capture QC', before: captureQc, action: () => ({ type: 'rejectCaptureQc', captureId: 'cap-1' }), technician: words(CAPTURE_WORK) },
  { name: 'publish', before: captureApproved, action: () => ({ type: 'publishCapture', captureId: 'cap-1' }), technician: words(CAPTURE_WORK) },
  { name: 'clean a capture', before: assigned, action: () => ({ type: 'cleanCapture', captureId: 'cap-1' }), technician: words(CLEANS) },
  { name: "the team's speed", before: [], action: () => ({ type: 'setFlags', flags: { speed: 10 } }), technician: words(SETS_SPEED) },
  { name: 'a favourite', before: assigned, action: (w) => ({ type: 'setFavourite', kind: 'surveys', id: only(w), starred: true }), technician: null },
];

let server: SyncServer;
let worlds = 0;
/** The server's clock: moved past its one second's memory of who a session is (securityShim.ts) once a role changes. */
let time: ReturnType<typeof serverTime>;
beforeAll(async () => {
  server = await teamServer({ users: [ACTOR, OTHER].map((name) => ({ name, password: passwordOf(name) })) });
  time = serverTime();
});
afterAll(async () => {
  time.restore();
  await cleanUp();
});

/** Gives the actor's account its roles on the server, which every session of it holds from now. */
async function give(roles: string[]): Promise<void> {
  await setRoles(`${server.url}/couch`, server.admin, ACTOR, roles);
  time.passes(1_100);
}

/**
 * The actor's laptop: signed in to the console, the steps before the action taken (one laptop, no
 * team yet: every action theirs), joined to a world of its own as a coordinator (what they did
 * alone becomes the team's), then, given `role` on the server, signed in again: the laptop learns
 * its role from the server's session.
 */
async function ready(c: Case, role: Role | 'none' | 'as joined'): Promise<TeamLaptop> {
  await give(['coordinator']);
  const name = `roles-${++worlds}`;
  await server.world(name);
  const l = await laptop(server.url, ACTOR, world());
  for (const step of c.before) {
    if (typeof step === 'number') (l.engine.clock as ManualClock).advance(step);
    else expect(await l.engine.dispatch(step(l.engine.world)), c.name).toMatchObject({ ok: true });
  }
  expect(await l.join(name)).toEqual({ ok: true });
  await until(() => expect(l.sync.status).toMatchObject({ state: 'up-to-date', unsent: 0 }), l);
  if (role === 'as joined') return l;
  await give(role === 'none' ? [] : [role]);
  expect(await l.sync.signIn(ACTOR, passwordOf(ACTOR))).toEqual({ ok: true });
  await until(() => expect(l.sync.status).toMatchObject({ state: 'up-to-date', unsent: 0 }), l);
  return l;
}

describe('the console refuses first, in the table’s words (issue 52)', () => {
  for (const c of CASES) {
    for (const role of ['coordinator', 'technician'] as const) {
      const refused = role === 'technician' ? c.technician : null;
      it(`${c.name}, as a ${role}: ${refused ? 'refused' : 'allowed'}`, async () => {
        const l = await ready(c, role);
        const answer = await l.engine.dispatch(c.action(l.engine.world));
        if (refused) expect(answer).toMatchObject({ ok: false, error: expect.stringMatching(refused) });
        else expect(answer).toMatchObject({ ok: true });
        // What it allowed reaches the team, all of it.
        await until(() => expect(l.sync.status).toMatchObject({ state: 'up-to-date', unsent: 0 }), l);
        expect((await l.sync.notTaken()).listed.filter((n) => n.state === 'denied')).toEqual([]);
      });
    }
  }
});

describe('a role taken away while the laptop is offline: the server refuses, and Settings names each change with why (issue 52)', () => {
  for (const c of CASES) {
    for (const role of ['coordinator', 'technician'] as const) {
      const refused = role === 'technician' ? c.technician : null;
      it(`${c.name}, its person a ${role} now: ${refused ? 'refused by the server' : 'taken'}`, async () => {
        const l = await ready(c, 'as joined');
        await l.sync.stop();
        await give([role]);
        // The laptop still holds its person a coordinator: it allows what the server now refuses.
        expect(await l.engine.dispatch(c.action(l.engine.world))).toMatchObject({ ok: true });
        await l.sync.start();
        const denied = async () => (await l.sync.notTaken()).listed.filter((n) => n.state === 'denied');
        if (refused) {
          // Each change refused is named with why, kept on the laptop: never lost silently.
          await until(async () => expect((await denied()).map((n) => n.why).join('\n')).toMatch(refused), l);
          expect(l.sync.status.state).toBe('error');
        } else {
          await until(() => expect(l.sync.status).toMatchObject({ state: 'up-to-date', unsent: 0 }), l);
          expect(await denied()).toEqual([]);
        }
      });
    }
  }
});

describe('a member with no role has a technician’s rights (issue 52)', () => {
  it('assigning is refused on the console and by the server', async () => {
    const l = await ready(CASES.find((c) => c.name === 'assign')!, 'none');
    // What the header's user menu says: the role the laptop holds its person to.
    expect(l.sync.status).toMatchObject({ state: 'up-to-date', account: ACTOR, role: 'technician' });
    expect(await l.engine.dispatch({ type: 'assignSurveys', mediaId: mediaOf(l.engine.world) })).toMatchObject({ ok: false, error: ASSIGNS });
  });
});

describe('a role changed while the laptop is online reaches it with its session’s next renewal (issue 52)', () => {
  it('the coordinator made a technician: the laptop says so, and refuses what the server would', async () => {
    const assign = CASES.find((c) => c.name === 'assign')!;
    const l = await ready(assign, 'as joined');
    expect(l.sync.status.role).toBe('coordinator');
    await give(['technician']);
    (l.engine.clock as ManualClock).advance(SESSION_RENEW_MS);
    await until(() => expect(l.sync.status.role).toBe('technician'), l);
    expect(await l.engine.dispatch(assign.action(l.engine.world))).toMatchObject({ ok: false, error: ASSIGNS });
    // Kept with the account: the laptop's next tab holds its person to the same role.
    expect((await l.reopen()).status.role).toBe('technician');
  });
});
