/**
 * Builders of tiny worlds for engine tests, independent of the data generator: a DataFile with one
 * project, two captures (one never received), one flight plan, two drives and two users, plus
 * `aSurvey`/`aMedia` to place surveys and media at any stage.
 */
import { DATA_VERSION } from '../../worker/domain/constants';
import { makeCapture, makeDrive, makeFlightPlan, makeMedia, makeProject, makeSurvey, makeUser } from '../../worker/domain/entities';
import { surveyWorkflowAt, type SurveyAtOptions } from '../../worker/domain/surveyWorkflow';
import { mediaWorkflowAt, type MediaAtOptions, type MediaStageName } from '../../worker/domain/mediaWorkflow';
import { captureWorkflowAt, type CaptureAtOptions, type CaptureStageName } from '../../worker/domain/captureWorkflow';
import type { Capture, EntityKind, Media, QcState, Survey, SurveyStageName } from '../../worker/domain/types';
import type { DataFile } from '../../worker/domain/dataFile';

export const T0 = Date.UTC(2026, 5, 15, 12, 0, 0);
export const ANN = 'ann.lee@example.com';
export const BOB = 'bob.smith@example.com';

export function aWorld(): DataFile {
  const project = makeProject({ projectId: 'P1', captureIds: ['cap-1', 'cap-2'] });
  const c1 = makeCapture({ captureId: 'cap-1', cpid: 'CP001', projectId: 'P1', description: 'Coastal strip', sfid: 'SF-100', season: '2026', flightPlanIds: ['fp-1'] }, T0);
  const c2 = makeCapture({ captureId: 'cap-2', cpid: 'CP002', projectId: 'P1', description: 'Inland hills', sfid: 'SF-200', season: '2025', flightPlanIds: ['fp-2'] }, T0);
  const line = (n: number) => ({ number: n, capture: true, time: 0.5, length: 0.5 });
  const fp1 = makeFlightPlan({ flightPlanId: 'fp-1', captureId: 'cap-1', code: 'FP001', name: 'North Line', altitude: 10000, time: 2.5, length: 2.5, lines: [1, 2, 3, 4, 5].map(line) });
  const fp2 = makeFlightPlan({ flightPlanId: 'fp-2', captureId: 'cap-2', code: 'FP002', name: 'South Loop', altitude: 8000, time: 1, length: 1, lines: [1, 2].map(line) });
  const d1 = makeDrive({ host: 'drive-01', bays: 2 });
  const d2 = makeDrive({ host: 'drive-02', bays: 1 });
  const users = [makeUser(ANN), makeUser(BOB)];
  return {
    version: DATA_VERSION,
    index: {
      projects: { P1: project },
      captures: { 'cap-1': c1, 'cap-2': c2 },
      flightPlans: { 'fp-1': fp1, 'fp-2': fp2 },
      surveys: {},
      media: {},
      drives: { 'drive-01': d1, 'drive-02': d2 },
      users: Object.fromEntries(users.map((u) => [u.email, u])),
    },
    ids: {
      projects: ['P1'],
      captures: ['cap-1', 'cap-2'],
      flightPlans: ['fp-1', 'fp-2'],
      surveys: [],
      media: [],
      drives: ['drive-01', 'drive-02'],
      users: users.map((u) => u.email),
    },
  };
}

function addTo<K extends EntityKind>(world: DataFile, kind: K, id: string, entity: DataFile['index'][K][string]): void {
  (world.index[kind] as Record<string, unknown>)[id] = entity;
  world.ids[kind].push(id);
}

export interface SurveyBuild extends SurveyAtOptions {
  surveyId: string;
  mediaId: string;
  stage: SurveyStageName;
  captureId?: string;
  qc?: QcState;
  size?: number;
  published?: boolean;
  receivedOn?: string | null;
  assignedTo?: string | null;
  flownOn?: string;
}

/** Adds a survey at any stage (and its media set, received and ejected, if missing). */
export function aSurvey(world: DataFile, b: SurveyBuild): Survey {
  const captureId = b.captureId ?? 'cap-1';
  const capture = world.index.captures[captureId]!;
  const planId = capture.flightPlanIds[0]!;
  const past = ['new', 'copy', 'receive'].includes(b.stage);
  const survey = makeSurvey({
    surveyId: b.surveyId,
    captureId,
    cpid: capture.cpid,
    flightPlanId: planId,
    mediaId: b.mediaId,
    flownOn: b.flownOn ?? '2026-06-01',
    size: b.size ?? 30,
    applanix: b.applanix ?? !['new', 'copy', 'receive', 'applanix'].includes(b.stage),
    podconfig: b.podconfig ?? !['new', 'copy', 'receive', 'applanix', 'podconfig'].includes(b.stage),
    qc: b.qc ?? false,
    published: b.published ?? false,
    receivedOn: b.receivedOn !== undefined ? b.receivedOn : past ? null : '2026-06-10',
    assignedTo: b.assignedTo ?? null,
    workflow: surveyWorkflowAt(b.stage, { ...b, completedAt: b.completedAt ?? T0 - 1000 }),
  }, T0);
  addTo(world, 'surveys', survey.surveyId, survey);
  capture.surveyIds.push(survey.surveyId);
  world.index.flightPlans[planId]!.surveyIds.push(survey.surveyId);
  if (!world.index.media[b.mediaId]) aMedia(world, { mediaId: b.mediaId, stage: 'assign', state: 'completed' });
  world.index.media[b.mediaId]!.surveyIds.push(survey.surveyId);
  return survey;
}

export interface MediaBuild extends MediaAtOptions {
  mediaId: string;
  stage: MediaStageName;
  host?: string;
  bays?: number[];
}

export function aMedia(world: DataFile, b: MediaBuild): Media {
  const media = makeMedia({
    mediaId: b.mediaId,
    host: b.host ?? null,
    bays: b.bays ?? [1],
    receivedOn: b.stage === 'new' ? null : '2026-06-10',
    receiveId: b.stage === 'new' ? null : `260610_${b.mediaId}`,
    workflow: mediaWorkflowAt(b.stage, { ...b, completedAt: b.completedAt ?? T0 - 1000 }),
  }, T0);
  addTo(world, 'media', media.mediaId, media);
  if (b.host) world.index.drives[b.host]!.mediaId = media.mediaId;
  return media;
}

/** Places a capture at a stage (its surveys are the caller's business). */
export function aCaptureAt(world: DataFile, captureId: string, stage: CaptureStageName, opts: CaptureAtOptions & { qc?: QcState; selectedIds?: string[]; published?: boolean } = {}): Capture {
  const c = world.index.captures[captureId]!;
  c.workflow = captureWorkflowAt(stage, { ...opts, completedAt: opts.completedAt ?? T0 - 1000 });
  c.qc = opts.qc ?? false;
  c.selectedIds = opts.selectedIds ?? [];
  c.published = opts.published ?? false;
  return c;
}
