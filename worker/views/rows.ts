/**
 * Rows as the screens draw them (worker/screens.ts), made from the world: one function a row kind,
 * so every table that shows a survey shows the same survey row. Values only: a row holds no
 * reference into the world, so an answer can be compared with the one before and sent as it is.
 */
import { plannedLines } from '../domain/surveyDisplay';
import type { Capture, Drive, FlightPlan, Id, Media, Survey, User } from '../domain/types';
import type { World } from '../engine/world';
import type { CaptureRow, DriveRow, FlightPlanRow, MediaRow, ProcessChoiceRow, SurveyQcRow, SurveyRow, UserRow } from '../screens';

export function userRow(u: User): UserRow {
  return { key: u.email, email: u.email, name: u.name, initials: u.initials };
}

export function captureRow(c: Capture): CaptureRow {
  return {
    key: c.captureId,
    captureId: c.captureId,
    cpid: c.cpid,
    description: c.description,
    sfid: c.sfid,
    season: c.season,
    projectId: c.projectId,
    firstFlownOn: c.firstFlownOn,
    lastFlownOn: c.lastFlownOn,
    firstReceivedOn: c.firstReceivedOn,
    lastReceivedOn: c.lastReceivedOn,
    counts: { ...c.counts },
    stage: { ...c.stage },
    stageOf: ['captures', c.captureId],
    flags: { ...c.flags },
    published: c.published,
  };
}

export function surveyRow(world: World, s: Survey): SurveyRow {
  const fp = world.index.flightPlans[s.flightPlanId];
  const user = s.assignedTo ? world.index.users[s.assignedTo] : undefined;
  return {
    key: s.surveyId,
    surveyId: s.surveyId,
    captureId: s.captureId,
    cpid: s.cpid,
    flownOn: s.flownOn,
    receivedOn: s.receivedOn,
    flightPlan: fp ? { code: fp.code, name: fp.name } : null,
    assigned: s.assignedTo ? (user ? userRow(user) : { key: s.assignedTo, email: s.assignedTo, name: s.assignedTo, initials: '?' }) : null,
    linesFlown: s.linesFlown,
    linesPlanned: fp ? plannedLines(fp) : 0,
    display: s.display,
    stage: { ...s.stage },
    stageOf: ['surveys', s.surveyId],
    flags: { ...s.flags },
    qc: s.qc,
    rejectReason: s.rejectReason,
  };
}

export function surveyRows(world: World, ids: readonly Id[]): SurveyRow[] {
  const out: SurveyRow[] = [];
  for (const id of ids) {
    const s = world.index.surveys[id];
    if (s) out.push(surveyRow(world, s));
  }
  return out;
}

export function flightPlanOf(fp: FlightPlan): Omit<FlightPlanRow, 'key' | 'surveys' | 'linesFlown'> {
  return { flightPlanId: fp.flightPlanId, code: fp.code, name: fp.name, altitude: fp.altitude, time: fp.time, length: fp.length, lines: fp.lines.map((l) => ({ ...l })) };
}

export function surveyQcRow(world: World, s: Survey): SurveyQcRow {
  const fp = world.index.flightPlans[s.flightPlanId];
  return {
    ...surveyRow(world, s),
    mediaId: s.mediaId,
    path: s.path,
    frameFlags: s.frameFlags.map((f) => ({ ...f })),
    plan: fp ? flightPlanOf(fp) : null,
  };
}

/** The captures of a media set's surveys, each once, in the surveys' order. */
function capturesOf(world: World, m: Media): MediaRow['captures'] {
  const seen = new Map<Id, string>();
  for (const id of m.surveyIds) {
    const s = world.index.surveys[id];
    if (s && !seen.has(s.captureId)) seen.set(s.captureId, s.cpid);
  }
  return [...seen].map(([captureId, cpid]) => ({ captureId, cpid }));
}

export function mediaRow(world: World, m: Media): MediaRow {
  return {
    key: m.mediaId,
    mediaId: m.mediaId,
    receiveId: m.receiveId,
    receivedOn: m.receivedOn,
    host: m.host,
    bays: [...m.bays],
    surveyIds: [...m.surveyIds],
    captures: capturesOf(world, m),
    stage: { ...m.stage },
    stageOf: ['media', m.mediaId],
    flags: { ...m.flags },
    isNew: m.isNew,
  };
}

export function driveRow(world: World, d: Drive): DriveRow {
  const m = d.mediaId ? world.index.media[d.mediaId] : undefined;
  const inUse = !!m && d.status === 'In Use';
  let media: DriveRow['media'] = null;
  if (m) {
    const { stage: _stage, stageOf: _stageOf, ...rest } = mediaRow(world, m);
    media = rest;
  }
  return {
    key: d.host,
    host: d.host,
    bays: d.bays,
    status: d.status,
    flags: { ...d.flags },
    media,
    stage: inUse ? { ...m.stage } : null,
    stageOf: inUse ? ['media', m.mediaId] : null,
  };
}

/** Lines of each of the capture's plans that some received survey has flown. */
export function flightPlanRows(world: World, c: Capture): FlightPlanRow[] {
  const out: FlightPlanRow[] = [];
  for (const id of c.flightPlanIds) {
    const fp = world.index.flightPlans[id];
    if (!fp) continue;
    let flown = 0;
    for (const sid of fp.surveyIds) {
      const s = world.index.surveys[sid];
      if (s?.receivedOn) flown = Math.max(flown, s.linesFlown);
    }
    out.push({ key: id, ...flightPlanOf(fp), surveys: fp.surveyIds.length, linesFlown: flown });
  }
  return out;
}

const PAST_PROCESSING = new Set(['Processing', 'Waiting for Capture QC', 'Ready for Publishing', 'Publishing', 'Published']);

/** Why a survey cannot be chosen for processing (docs/requirements.md#req-validation-process: only QC-approved ones), or null. */
export function notSelectable(s: Pick<Survey, 'display' | 'flags'>): string | null {
  if (s.flags.canProcess) return null;
  if (s.display === 'Cancelled') return 'a cancelled survey is not processed';
  if (s.display === 'QC Rejected') return 'rejected in QC';
  if (PAST_PROCESSING.has(s.display)) return 'already processed';
  return 'needs QC approval first';
}

export function processChoiceRow(s: Survey): ProcessChoiceRow {
  return { key: s.surveyId, surveyId: s.surveyId, flownOn: s.flownOn, statusLabel: s.stage.statusLabel, notSelectable: notSelectable(s) };
}
