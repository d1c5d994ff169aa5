/**
 * Every derived field of types.ts, computed from an entity's stored fields (and, for captures and
 * drives, their surveys and media). The engine calls these on every change and restore() on every
 * load, so a stored copy never disagrees with the rules of docs/requirements.md#req-states.
 */
import { CAPTURE_COUNT_KEYS } from './types';
import { COUNT_OF_DISPLAY } from './surveyDisplay';
import type {
  Capture,
  CaptureCounts,
  Drive,
  EntityMaps,
  Media,
  Survey,
  SurveyDisplayStage,
  SurveyStageName,
} from './types';
import { currentStage, stageView } from './workflow';
import { SURVEY_PROCESSING_STAGES } from './surveyWorkflow';

// ── Surveys ──────────────────────────────────────────────────────────────────────────────────
export function surveyDisplay(survey: Pick<Survey, 'workflow' | 'qc'>): SurveyDisplayStage {
  const stage = currentStage(survey.workflow);
  if (stage.state === 'cancelled') return 'Cancelled';
  switch (stage.name as SurveyStageName) {
    case 'new':
      return 'New';
    case 'copy':
    case 'receive':
      return 'Copy/Receiving';
    case 'applanix':
      return 'Waiting for Applanix';
    case 'podconfig':
      return 'Waiting for PodConfig';
    case 'frame-extraction':
      return 'Extracting Frames';
    case 'survey-qc':
      if (survey.qc === 'approved' || stage.state === 'completed') return 'Ready for Processing';
      if (survey.qc === 'rejected' || stage.state === 'failed') return 'QC Rejected';
      return survey.qc === 'started' ? 'QC in Progress' : 'Ready for QC';
    case 'feature-matching':
    case 'bundle-adjustment':
    case 'rolling-shutter':
    case 'orthorectification':
      return 'Processing';
    case 'capture-qc':
      return stage.state === 'failed' ? 'QC Rejected' : 'Waiting for Capture QC';
    case 'publish':
      if (stage.state === 'completed') return 'Published';
      return stage.state === 'working' ? 'Publishing' : 'Ready for Publishing';
    default:
      return 'New';
  }
}

const CANCELLABLE: ReadonlySet<string> = new Set(['copy', 'receive', 'applanix', 'podconfig', 'frame-extraction']);

export function deriveSurvey(survey: Survey, now: number, speed: number): Survey {
  const stage = currentStage(survey.workflow);
  const display = surveyDisplay(survey);
  const live = stage.state === 'waiting' || stage.state === 'working';
  const name = stage.name as SurveyStageName;
  survey.status = name;
  survey.display = display;
  survey.stage = stageView(survey.workflow, now, speed, display === 'New' ? 'New' : display);
  survey.processing = SURVEY_PROCESSING_STAGES.includes(name) && stage.state === 'working';
  survey.flags = {
    needsApplanix: !survey.applanix,
    waitingForApplanix: name === 'applanix' && stage.state === 'waiting',
    needsPodconfig: !survey.podconfig,
    waitingForPodconfig: name === 'podconfig' && stage.state === 'waiting',
    qcReady: name === 'survey-qc' && stage.state === 'waiting' && survey.qc === false,
    qcInProgress: name === 'survey-qc' && stage.state === 'waiting' && survey.qc === 'started',
    canCancel: live && (CANCELLABLE.has(name) || (name === 'survey-qc' && stage.state === 'waiting')),
    canProcess: name === 'survey-qc' && survey.qc === 'approved' && stage.state === 'completed',
  };
  return survey;
}

// ── Media and drives ─────────────────────────────────────────────────────────────────────────
export function deriveMedia(media: Media, now: number, speed: number): Media {
  const stage = currentStage(media.workflow);
  media.isNew = stage.name === 'new' && stage.state === 'waiting';
  media.stage = stageView(media.workflow, now, speed);
  media.flags = {
    canAssign: stage.name === 'assign' && stage.state === 'waiting',
    canCancel: (stage.name === 'copy' || stage.name === 'receive') && stage.state === 'working',
  };
  return media;
}

/** docs/workflow-rules.md: eject when new, cancelled, or done receiving; never while working. */
export function mediaCanEject(media: Media): boolean {
  const stage = currentStage(media.workflow);
  if (stage.state === 'working') return false;
  return stage.name === 'new' || stage.state === 'cancelled' || stage.name === 'assign';
}

export function deriveDrive(drive: Drive, media: Media | undefined): Drive {
  const present = drive.mediaId !== null && media !== undefined;
  drive.status = !present ? 'Empty' : media.isNew ? 'Ready' : 'In Use';
  drive.flags = {
    canInsert: !present,
    canEject: present && mediaCanEject(media),
    canReceive: present && media.isNew,
    canAssign: present && media.flags.canAssign,
    canCancel: present && media.flags.canCancel,
  };
  return drive;
}

// ── Captures ─────────────────────────────────────────────────────────────────────────────────

const ZERO_COUNTS = Object.fromEntries(CAPTURE_COUNT_KEYS.map((k) => [k, 0])) as CaptureCounts;

export function emptyCounts(): CaptureCounts {
  return { ...ZERO_COUNTS };
}

export function captureCounts(capture: Pick<Capture, 'flightPlanIds'>, surveys: readonly Survey[]): CaptureCounts {
  const counts = emptyCounts();
  counts.surveys = surveys.length;
  counts.flightPlans = capture.flightPlanIds.length;
  for (const s of surveys) {
    const key = COUNT_OF_DISPLAY[surveyDisplay(s)];
    if (key) counts[key]++;
  }
  return counts;
}

/** Capture QC labels follow `qc` (QC in Progress is a waiting stage with QC started). */
function captureStatusLabel(capture: Capture): string | undefined {
  const stage = currentStage(capture.workflow);
  if (stage.name === 'capture-qc' && stage.state === 'waiting' && capture.qc === 'started') return 'QC in Progress';
  return undefined;
}

/**
 * A capture's counts with one survey moved from one display stage to another (a new object: a
 * view's last answer may hold the old one).
 */
export function movedCount(counts: CaptureCounts, from: SurveyDisplayStage, to: SurveyDisplayStage): CaptureCounts {
  const out = { ...counts };
  const was = COUNT_OF_DISPLAY[from];
  const is = COUNT_OF_DISPLAY[to];
  if (was) out[was]--;
  if (is) out[is]++;
  return out;
}

export function deriveCapture(capture: Capture, surveys: readonly Survey[], now: number, speed: number): Capture {
  capture.counts = captureCounts(capture, surveys);
  return deriveCaptureStage(capture, now, speed);
}

/** A capture's stage and flags, from its own workflow and its counts as they stand. */
export function deriveCaptureStage(capture: Capture, now: number, speed: number): Capture {
  const stage = currentStage(capture.workflow);
  capture.stage = stageView(capture.workflow, now, speed, captureStatusLabel(capture));
  const waiting = stage.state === 'waiting';
  capture.flags = {
    canProcess: stage.name === 'receive' && waiting && capture.counts.qcApproved > 0,
    canPublish: stage.name === 'publish' && waiting && !capture.published,
    qcReady: stage.name === 'capture-qc' && waiting && capture.qc === false,
    qcInProgress: stage.name === 'capture-qc' && waiting && capture.qc === 'started',
  };
  return capture;
}

/** Flown and received date ranges of a capture, from its surveys. */
export function captureDates(
  surveys: readonly Survey[],
): Pick<Capture, 'firstFlownOn' | 'lastFlownOn' | 'firstReceivedOn' | 'lastReceivedOn'> {
  let firstFlownOn: string | null = null;
  let lastFlownOn: string | null = null;
  let firstReceivedOn: string | null = null;
  let lastReceivedOn: string | null = null;
  for (const s of surveys) {
    if (!firstFlownOn || s.flownOn < firstFlownOn) firstFlownOn = s.flownOn;
    if (!lastFlownOn || s.flownOn > lastFlownOn) lastFlownOn = s.flownOn;
    if (s.receivedOn) {
      if (!firstReceivedOn || s.receivedOn < firstReceivedOn) firstReceivedOn = s.receivedOn;
      if (!lastReceivedOn || s.receivedOn > lastReceivedOn) lastReceivedOn = s.receivedOn;
    }
  }
  return { firstFlownOn, lastFlownOn, firstReceivedOn, lastReceivedOn };
}

/** Recomputes every derived field of a whole world (restore, tests). */
export function deriveAll(index: EntityMaps, now: number, speed: number): void {
  for (const s of Object.values(index.surveys)) deriveSurvey(s, now, speed);
  for (const m of Object.values(index.media)) deriveMedia(m, now, speed);
  for (const d of Object.values(index.drives)) deriveDrive(d, d.mediaId ? index.media[d.mediaId] : undefined);
  for (const c of Object.values(index.captures)) {
    const surveys = c.surveyIds.map((id) => index.surveys[id]).filter((s): s is Survey => s !== undefined);
    deriveCapture(c, surveys, now, speed);
  }
}
