/**
 * Entity factories: whole, valid entities from their stored fields, with derived fields filled in.
 * Used by the engine (insert media), restore() (defaults), the data generator and test builders.
 * Pure and deterministic: time comes in as a parameter. Every entity's keys come in one order
 * (its id fields first), whichever fields the caller gives: all.json and exports read the same.
 */
import { DEFAULT_WORKFLOW_SECONDS } from './constants';
import type { Capture, Drive, FlightPlan, Media, Project, Survey, User } from './types';
import { createCaptureWorkflow } from './captureWorkflow';
import { createMediaWorkflow } from './mediaWorkflow';
import { createSurveyWorkflow } from './surveyWorkflow';
import { deriveCapture, deriveDrive, deriveMedia, deriveSurvey, emptyCounts } from './derive';
import { userFromEmail } from './users';

/** Where a survey's raw frames live: one rule for the sample data and for inserted media. */
export function surveyPath(flownOn: string, cpid: string, surveyId: string): string {
  // Joined, not a template: V8 keeps a template's result as a chain of six pieces until something
  // reads it, and a world of 100 000 surveys holds every path (600 000 objects for the collector).
  return ['s3://aerial-survey-raw/', flownOn.slice(0, 4), '/', cpid, '/', surveyId, '/'].join('');
}

const PLACEHOLDER_VIEW = { name: 'new', state: 'waiting' as const, statusLabel: '' };

export function makeProject(p: Pick<Project, 'projectId'> & Partial<Project>): Project {
  const { projectId, ...given } = p;
  return { projectId, url: `/projects/${projectId}`, captureIds: [], ...given };
}

export type CaptureInput = Pick<Capture, 'captureId' | 'cpid' | 'projectId'> & Partial<Capture>;

export function makeCapture(c: CaptureInput, now = 0): Capture {
  return deriveCapture(assembleCapture(c, now), [], now, 1);
}

/** The capture with its derived fields still blank: restore() derives the whole world once. */
export function assembleCapture(c: CaptureInput, now = 0): Capture {
  const { captureId, cpid, projectId, ...given } = c;
  return {
    captureId,
    cpid,
    description: '',
    sfid: '',
    season: '',
    projectId,
    flightPlanIds: [],
    surveyIds: [],
    selectedIds: [],
    firstFlownOn: null,
    lastFlownOn: null,
    firstReceivedOn: null,
    lastReceivedOn: null,
    workflow: c.workflow ?? createCaptureWorkflow(now),
    qc: false,
    published: false,
    stage: PLACEHOLDER_VIEW,
    counts: emptyCounts(),
    flags: { canProcess: false, canPublish: false, qcReady: false, qcInProgress: false },
    ...given,
  };
}

export function makeFlightPlan(f: Pick<FlightPlan, 'flightPlanId' | 'captureId'> & Partial<FlightPlan>): FlightPlan {
  const { flightPlanId, captureId, ...given } = f;
  return { flightPlanId, captureId, code: '', name: '', altitude: 0, time: 0, length: 0, lines: [], surveyIds: [], ...given };
}

export type SurveyInput = Pick<Survey, 'surveyId' | 'captureId' | 'cpid' | 'flightPlanId' | 'mediaId' | 'flownOn'> &
  Partial<Survey>;

export function makeSurvey(s: SurveyInput, now = 0, speed = 1): Survey {
  return deriveSurvey(assembleSurvey(s, now), now, speed);
}

/** The survey with its derived fields still blank: restore() derives the whole world once. */
export function assembleSurvey(s: SurveyInput, now = 0): Survey {
  const size = s.size ?? DEFAULT_WORKFLOW_SECONDS;
  const applanix = s.applanix ?? false;
  const podconfig = s.podconfig ?? false;
  const { surveyId, captureId, cpid, flightPlanId, mediaId, flownOn, ...given } = s;
  const survey: Survey = {
    surveyId,
    captureId,
    cpid,
    flightPlanId,
    mediaId,
    flownOn,
    receivedOn: null,
    size,
    linesFlown: 0,
    path: surveyPath(flownOn, cpid, surveyId),
    applanix,
    podconfig,
    qc: false,
    processing: false,
    published: false,
    workflow: s.workflow ?? createSurveyWorkflow({ applanix, podconfig, sizeS: size }, now),
    assignedTo: null,
    frameFlags: [],
    rejectReason: '',
    status: 'new',
    display: 'New',
    stage: PLACEHOLDER_VIEW,
    flags: {
      needsApplanix: false,
      waitingForApplanix: false,
      needsPodconfig: false,
      waitingForPodconfig: false,
      qcReady: false,
      qcInProgress: false,
      canCancel: false,
      canProcess: false,
    },
    ...given,
  };
  return survey;
}

export function makeMedia(m: Pick<Media, 'mediaId'> & Partial<Media>, now = 0, speed = 1): Media {
  return deriveMedia(assembleMedia(m, now), now, speed);
}

/** The media set with its derived fields still blank: restore() derives the whole world once. */
export function assembleMedia(m: Pick<Media, 'mediaId'> & Partial<Media>, now = 0): Media {
  const { mediaId, ...given } = m;
  return {
    mediaId,
    receiveId: null,
    receivedOn: null,
    itemIds: [],
    surveyIds: [],
    host: null,
    bays: [1],
    workflow: m.workflow ?? createMediaWorkflow(now),
    isNew: true,
    stage: PLACEHOLDER_VIEW,
    flags: { canAssign: false, canCancel: false },
    ...given,
  };
}

export function makeDrive(d: Pick<Drive, 'host'> & Partial<Drive>, media?: Media): Drive {
  const { host, ...given } = d;
  const drive: Drive = {
    host,
    bays: 2,
    mediaId: null,
    status: 'Empty',
    flags: { canInsert: true, canEject: false, canReceive: false, canAssign: false, canCancel: false },
    ...given,
  };
  return deriveDrive(drive, media);
}

export function makeUser(email: string, name?: string): User {
  return userFromEmail(email, name);
}
