/**
 * generateWorld(): the whole simulated operation of all.json (docs/requirements.md#req-call-all-json, #req-constants), deterministic from a
 * seed. Plans targets first (captures, surveys, media, drives), then builds workflows and derived
 * fields with the engine's own factories. Also makes big worlds for the benchmark.
 */
import { DATA_VERSION, SAMPLE, type SizePreset } from '../../worker/domain/constants';
import type { Drive, EntityMaps, FlightPlan, IdLists, Media, Survey, User } from '../../worker/domain/types';
import type { DataFile } from '../../worker/domain/dataFile';
import { captureDates, deriveAll } from '../../worker/domain/derive';
import { userFromEmail } from '../../worker/domain/users';
import { planCaptures, type PlannedCapture } from './captures';
import { EMAIL_DOMAIN, STAFF } from './catalog';
import { addDays, dayMs, REFERENCE_DATE, REFERENCE_MS } from './dates';
import { mediaCounts, newDrive, newMedia, markReceived, SPECIAL_MEDIA, splitRuns } from './media';
import { Rng } from './prng';
import { drawSurveyTargets, isReceived, planSurvey, shareSurveys, type PlannedSurvey } from './surveys';
import { countActive, tuneActive } from './activity';
import { assignSurveys, type PlannedMedia } from './assign';
import { buildWorkflows } from './build';
import { generateHistory } from './history';

export interface WorldOptions {
  seed?: number | string;
  /** Total surveys (default 400). */
  surveys?: number;
  /** Captures besides the sample (default 40, or surveys / 10 for big worlds). */
  captures?: number;
  /** Media sets (default 150, or surveys / 2.67 for big worlds). */
  media?: number;
  /** Exact number of surveys whose current stage is working; by default what the plan gives. */
  activeWorkflows?: number;
  /** A past for every entity (the benchmark's large worlds, docs/history.md); the sample data has none. */
  history?: boolean;
}

export const DEFAULT_SEED = 45007;
export const DEFAULT_SURVEYS = 400;
const HALF_DAY_MS = 12 * 60 * 60 * 1000;

export function generateWorld(options: WorldOptions = {}): DataFile {
  const rng = new Rng(options.seed ?? DEFAULT_SEED);
  const total = options.surveys ?? DEFAULT_SURVEYS;
  const captureCount = options.captures ?? Math.max(40, Math.round(total / 10));
  const mediaTotal = options.media ?? (total === DEFAULT_SURVEYS ? 150 : Math.max(10, Math.round(total / 2.67)));
  const capRng = rng.fork('captures');
  const srvRng = rng.fork('surveys');
  const medRng = rng.fork('media');
  const wfRng = rng.fork('workflows');

  const { projects, captures, flightPlans } = planCaptures(capRng, captureCount);
  const planById = new Map(flightPlans.map((p) => [p.flightPlanId, p]));
  const plansOf = (pc: PlannedCapture): FlightPlan[] => pc.capture.flightPlanIds.map((id) => planById.get(id)!);
  const byDeck = new Map(captures.filter((c) => c.deckIndex >= 0).map((c) => [c.deckIndex, c]));
  const drives: Drive[] = Array.from({ length: 10 }, (_, i) => newDrive(i));
  const driveOf = (host: string) => drives.find((d) => d.host === host)!;
  const surveys: PlannedSurvey[] = [];
  const media: PlannedMedia[] = [];
  const mediaIds = mediaIdMaker();

  // The sample (docs/requirements.md#req-sample-data): TS007 waits in ingest-01, ready to receive, with its one survey.
  const sample = captures[0]!;
  const sampleMedia = newMedia(SAMPLE.mediaId, 'ingest-01', [1]);
  const sampleSurvey = planSurvey(srvRng, {
    surveyId: srvRng.uuid(),
    planned: sample,
    plans: plansOf(sample),
    target: { kind: 'new' },
    mediaId: SAMPLE.mediaId,
    flownOn: addDays(REFERENCE_DATE, -4),
    size: 'teeny',
  });
  sampleSurvey.survey.linesFlown = 5;
  surveys.push(sampleSurvey);
  media.push({ media: sampleMedia, target: 'new', surveys: [sampleSurvey] });
  driveOf('ingest-01').mediaId = SAMPLE.mediaId;

  // Media sitting in the drives, one per drive and media state.
  for (const special of SPECIAL_MEDIA) {
    const pc = byDeck.get(special.deckIndex);
    if (!pc || surveys.length + special.surveys.length > total) continue;
    const flownOn = addDays(REFERENCE_DATE, -special.flownDaysAgo);
    const m = newMedia(mediaIds(flownOn), special.host, special.bays);
    const carried = special.surveys.map((target) =>
      planSurvey(srvRng, { surveyId: srvRng.uuid(), planned: pc, plans: plansOf(pc), target, mediaId: m.mediaId, flownOn, size: specialSize(srvRng, special.target) }),
    );
    if (special.target !== 'new') markReceived(medRng, m, special.target === 'copying' || special.target === 'receiving' ? REFERENCE_DATE : addDays(flownOn, 1));
    for (const s of carried) if (isReceived(s.target)) s.survey.receivedOn = m.receivedOn;
    surveys.push(...carried);
    media.push({ media: m, target: special.target, surveys: carried });
    if (special.host) driveOf(special.host).mediaId = m.mediaId;
  }

  // Every other survey was received and its media ejected.
  const shares = shareSurveys(srvRng, captures, total - surveys.length);
  const targets = captures.map((pc, i) => drawSurveyTargets(srvRng, pc, shares[i]!));
  if (options.activeWorkflows !== undefined) {
    tuneActive(captures, targets, options.activeWorkflows - countActive(surveys));
  }
  const setsPerCapture = mediaCounts(shares, mediaTotal - media.length);
  captures.forEach((pc, i) => {
    const planned = targets[i]!.map((target) =>
      planSurvey(srvRng, { surveyId: srvRng.uuid(), planned: pc, plans: plansOf(pc), target, mediaId: '' }),
    );
    planned.sort((a, b) => (a.survey.flownOn < b.survey.flownOn ? -1 : a.survey.flownOn > b.survey.flownOn ? 1 : 0));
    let at = 0;
    for (const run of splitRuns(medRng, planned.length, setsPerCapture[i]!)) {
      const carried = planned.slice(at, (at += run));
      const lastFlown = carried[carried.length - 1]!.survey.flownOn;
      const m = newMedia(mediaIds(lastFlown), null, bayList(medRng, carried.length));
      const day = addDays(lastFlown, medRng.int(1, 4));
      markReceived(medRng, m, day < REFERENCE_DATE ? day : REFERENCE_DATE);
      for (const s of carried) {
        s.survey.mediaId = m.mediaId;
        s.survey.receivedOn = m.receivedOn;
      }
      const awaiting = !isPastCapture(pc) && pc.capture.season === '2026 Fall' && medRng.chance(0.3);
      media.push({ media: m, target: awaiting ? 'assign' : 'assigned', surveys: carried });
      surveys.push(...carried);
    }
  });

  for (const m of media) m.media.surveyIds = m.surveys.map((s) => s.survey.surveyId);
  // Processing took these surveys; they follow their capture from here on.
  for (const s of surveys) if (s.target.kind === 'selected') s.capture.capture.selectedIds.push(s.survey.surveyId);
  assignSurveys(medRng, media);
  const surveysOf = groupSurveys(surveys);
  for (const pc of captures) Object.assign(pc.capture, captureDates(surveysOf.get(pc.capture.captureId) ?? []));
  buildWorkflows(wfRng, captures, surveys, media, (day) => Math.min(dayMs(day) + HALF_DAY_MS, REFERENCE_MS));

  const users: User[] = STAFF.map((local) => userFromEmail(`${local}@${EMAIL_DOMAIN}`));
  const world = assemble({ projects, captures, flightPlans, surveys, media, drives, users });
  if (options.history) world.history = generateHistory(world, REFERENCE_MS);
  return world;
}

function isPastCapture(pc: PlannedCapture): boolean {
  return pc.target !== 'receive' && pc.target !== 'receive-processable' && pc.target !== 'waiting';
}

function groupSurveys(surveys: readonly PlannedSurvey[]): Map<string, Survey[]> {
  const out = new Map<string, Survey[]>();
  for (const s of surveys) {
    const list = out.get(s.survey.captureId) ?? [];
    list.push(s.survey);
    out.set(s.survey.captureId, list);
  }
  return out;
}

/** Surveys still arriving are big enough that none finishes receiving before the data loads. */
function specialSize(rng: Rng, target: string): SizePreset {
  if (target === 'receiving') return rng.pick(['medium', 'large', 'huge'] as const);
  return rng.pick(['tiny', 'small', 'medium', 'large'] as const);
}

/** A sortie's disks fill one to four bays. */
function bayList(rng: Rng, surveyCount: number): number[] {
  const n = Math.min(4, rng.int(1, Math.max(1, Math.min(4, surveyCount))));
  return Array.from({ length: n }, (_, i) => i + 1);
}

/** Media ids like 'MD26B104': year, A (spring) or B (fall), a running number. */
function mediaIdMaker(): (day: string) => string {
  const serials = new Map<string, number>();
  return (day) => {
    const key = `${day.slice(2, 4)}${day.slice(5, 7) <= '07' ? 'A' : 'B'}`;
    const n = (serials.get(key) ?? 100) + 1;
    serials.set(key, n);
    return `MD${key}${n}`;
  };
}

interface Parts {
  projects: EntityMaps['projects'][string][];
  captures: PlannedCapture[];
  flightPlans: FlightPlan[];
  surveys: PlannedSurvey[];
  media: PlannedMedia[];
  drives: Drive[];
  users: User[];
}

/** Maps keyed by id, in the order of the id lists, with every derived field computed. */
function assemble(parts: Parts): DataFile {
  const byNewest = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a > b ? -1 : 1);
  const surveys = parts.surveys.map((s) => s.survey).sort((a, b) => byNewest(a.flownOn, b.flownOn) || (a.surveyId < b.surveyId ? -1 : 1));
  const media: Media[] = parts.media.map((m) => m.media).sort((a, b) => byNewest(a.receivedOn, b.receivedOn) || (a.mediaId < b.mediaId ? -1 : 1));
  // The sample first, then the newest season first.
  const captures = [parts.captures[0]!, ...parts.captures.slice(1).reverse()].map((c) => c.capture);
  const keyed = <T>(list: readonly T[], id: (t: T) => string): Record<string, T> => Object.fromEntries(list.map((t) => [id(t), t]));
  const index: EntityMaps = {
    projects: keyed(parts.projects, (p) => p.projectId),
    captures: keyed(captures, (c) => c.captureId),
    flightPlans: keyed(parts.flightPlans, (f) => f.flightPlanId),
    surveys: keyed(surveys, (s) => s.surveyId),
    media: keyed(media, (m) => m.mediaId),
    drives: keyed(parts.drives, (d) => d.host),
    users: keyed(parts.users, (u) => u.email),
  };
  deriveAll(index, REFERENCE_MS, 1);
  const ids: IdLists = {
    projects: parts.projects.map((p) => p.projectId),
    captures: captures.map((c) => c.captureId),
    flightPlans: parts.flightPlans.map((f) => f.flightPlanId),
    surveys: surveys.map((s) => s.surveyId),
    media: media.map((m) => m.mediaId),
    drives: parts.drives.map((d) => d.host),
    users: parts.users.map((u) => u.email),
  };
  return { version: DATA_VERSION, index, ids };
}
