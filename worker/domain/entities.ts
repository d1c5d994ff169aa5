/**
 * Entity factories: whole, valid entities from their stored fields, with derived fields filled in.
 * Used by the engine (insert media), restore() (defaults), the data generator and test builders.
 * Pure and deterministic: time comes in as a parameter.
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
  return `s3://aerial-survey-raw/${flownOn.slice(0, 4)}/${cpid}/${surveyId}/`;
}

const PLACEHOLDER_VIEW = { name: 'new', state: 'waiting' as const, statusLabel: '' };

export function makeProject(p: Pick<Project, 'projectId'> & Partial<Project>): Project {
  return { url: `/projects/${p.projectId}`, captureIds: [], ...p };
}

export type CaptureInput = Pick<Capture, 'captureId' | 'cpid' | 'projectId'> & Partial<Capture>;

export function makeCapture(c: CaptureInput, now = 0): Capture {
  return deriveCapture(assembleCapture(c, now), [], now, 1);
}

/** The capture with its derived fields still blank: restore() derives the whole world once. */
export function assembleCapture(c: CaptureInput, now = 0): Capture {
  return {
    description: '',
    sfid: '',
    season: '',
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
    ...c,
  };
}

export function makeFlightPlan(f: Pick<FlightPlan, 'flightPlanId' | 'captureId'> & Partial<FlightPlan>): FlightPlan {
  return { code: '', name: '', altitude: 0, time: 0, length: 0, lines: [], surveyIds: [], ...f };
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
  const survey: Survey = {
    receivedOn: null,
    size,
    linesFlown: 0,
    path: surveyPath(s.flownOn, s.cpid, s.surveyId),
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
    ...s,
  };
  return survey;
}

export function makeMedia(m: Pick<Media, 'mediaId'> & Partial<Media>, now = 0, speed = 1): Media {
  return deriveMedia(assembleMedia(m, now), now, speed);
}

/** The media set with its derived fields still blank: restore() derives the whole world once. */
export function assembleMedia(m: Pick<Media, 'mediaId'> & Partial<Media>, now = 0): Media {
  return {
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
    ...m,
  };
}

export function makeDrive(d: Pick<Drive, 'host'> & Partial<Drive>, media?: Media): Drive {
  const drive: Drive = {
    bays: 2,
    mediaId: null,
    status: 'Empty',
    flags: { canInsert: true, canEject: false, canReceive: false, canAssign: false, canCancel: false },
    ...d,
  };
  return deriveDrive(drive, media);
}

export function makeUser(email: string, name?: string): User {
  return userFromEmail(email, name);
}
