/**
 * Media and drive actions (docs/requirements.md#req-drive-status, #req-validation; docs/workflow-rules.md, Media and Drives): insert, receive,
 * cancel receiving, eject, assign.
 */
import type { ActionResult, NewSurveyInput } from '../../api';
import { SIZE_PRESETS_S, DEFAULT_WORKFLOW_SECONDS, EARLIEST_DAY } from '../../domain/constants';
import { isIsoDay, isoDay, isRealDay, receiveIdOf } from '../../domain/dates';
import { mediaCanEject } from '../../domain/derive';
import { makeMedia, makeSurvey } from '../../domain/entities';
import { mediaLabelProblem } from '../../domain/mediaLabels';
import { shortId } from '../../domain/shortId';
import { surveyTitle } from '../../domain/names';
import type { Id, Survey } from '../../domain/types';
import { currentStage, haltStage, moveNext, stageIndex } from '../../domain/workflow';
import { removeMedia } from '../removal';
import { type ActionContext, assignedLink, fail, hl, notFound, ok, own, shown, unavailable } from './context';

export function insertMedia(ctx: ActionContext, host: string, bays: number[], inputs: NewSurveyInput[]): ActionResult {
  const { world, now } = ctx;
  const drive = own(world.index.drives, host);
  if (!drive) return notFound('drive', host);
  if (drive.mediaId) return fail(`Drive ${host} is not empty`);
  const chosen = [...bays].sort((a, b) => a - b);
  if (chosen.length === 0) return fail('Please choose at least one bay', 'bays');
  if (new Set(chosen).size !== chosen.length || chosen.some((b) => !Number.isInteger(b) || b < 1 || b > drive.bays)) {
    return fail(`Drive ${host} has bays 1 to ${drive.bays}`, 'bays');
  }
  if (!inputs || !inputs.length) return fail('At least one survey is required', 'surveys');
  const today = isoDay(now);
  for (const [i, input] of inputs.entries()) {
    // Each refusal names the survey's input it is about (`survey:<index>:<input>`), so the dialog
    // shows it beside that field.
    const field = (name: string) => `survey:${i}:${name}`;
    if (input?.flightPlanId === null || input?.flightPlanId === undefined || input.flightPlanId === '') {
      return fail('Please choose a flight plan', field('flightPlan'));
    }
    const plan = own(world.index.flightPlans, input.flightPlanId);
    if (!plan) return fail(`No flight plan ${shown(input.flightPlanId)}`, field('flightPlan'));
    if (!world.index.captures[plan.captureId]) return notFound('capture', plan.captureId);
    // Own keys only: "__proto__" or "constructor" is not a size (issue 13).
    if (typeof input.size !== 'string' || !Object.hasOwn(SIZE_PRESETS_S, input.size)) return fail(`Unknown survey size ${shown(input.size)}`, field('size'));
    const lines = plan.lines.length;
    if (input.linesFlown !== undefined && !(Number.isInteger(input.linesFlown) && input.linesFlown >= 0 && input.linesFlown <= lines)) {
      return fail(`Lines flown is a whole number from 0 to ${lines}`, field('linesFlown'));
    }
    if (!isIsoDay(input.flownOn)) return fail('Please enter the flown-on date', field('flownOn'));
    // Issue 19: a real day (not 2024-99-99), from 1990 (not year 0001), and not after today.
    if (!isRealDay(input.flownOn)) return fail(`Flown-on date ${input.flownOn} is not a day of the calendar`, field('flownOn'));
    if (input.flownOn < EARLIEST_DAY) return fail(`Flown-on date cannot be before ${EARLIEST_DAY.slice(0, 4)}`, field('flownOn'));
    if (input.flownOn > today) return fail('Flown-on date cannot be in the future', field('flownOn'));
  }
  let mediaId = shortId(ctx.newId());
  while (world.index.media[mediaId]) mediaId = shortId(ctx.newId());
  const surveyIds: Id[] = [];
  for (const input of inputs) {
    const plan = world.index.flightPlans[input.flightPlanId]!;
    const capture = world.index.captures[plan.captureId]!;
    let surveyId = ctx.newId();
    while (world.index.surveys[surveyId]) surveyId = ctx.newId();
    const survey = makeSurvey(
      {
        surveyId,
        captureId: capture.captureId,
        cpid: capture.cpid,
        flightPlanId: plan.flightPlanId,
        mediaId,
        flownOn: input.flownOn,
        size: SIZE_PRESETS_S[input.size],
        linesFlown: input.linesFlown ?? plan.lines.filter((l) => l.capture).length,
      },
      now,
      world.speed,
    );
    world.add('surveys', surveyId, survey, true);
    capture.surveyIds.push(surveyId);
    plan.surveyIds.push(surveyId);
    world.touch('captures', capture.captureId);
    world.touch('flightPlans', plan.flightPlanId);
    surveyIds.push(surveyId);
  }
  world.add('media', mediaId, makeMedia({ mediaId, host, bays: chosen, surveyIds }, now, world.speed), true);
  drive.mediaId = mediaId;
  world.touch('drives', host);
  ctx.note({ kind: 'inserted', bays: chosen }, { media: mediaId, drive: host });
  return ok(`media inserted into ${host}`, 'success', [hl('drives', host), hl('media', mediaId)]);
}

export function receiveMedia(ctx: ActionContext, host: string, itemIds: string[]): ActionResult {
  const { world, now } = ctx;
  const drive = own(world.index.drives, host);
  if (!drive) return notFound('drive', host);
  const media = world.get('media', drive.mediaId);
  if (!media || !media.isNew) return unavailable(`drive ${host}`);
  const items = (itemIds ?? []).map((i) => (typeof i === 'string' ? i.trim() : ''));
  if (items.length < media.bays.length || items.slice(0, media.bays.length).some((i) => !i)) return fail('missing media id');
  const used = items.slice(0, media.bays.length);
  const problem = mediaLabelProblem(world.index, host, used);
  if (problem) return fail(problem.error, `itemId:${problem.position}`);
  media.receivedOn = isoDay(now);
  media.itemIds = used;
  media.receiveId = receiveIdOf(media.receivedOn, used);
  const surveys = media.surveyIds.map((id) => world.index.surveys[id]).filter((s): s is Survey => !!s);
  // docs/requirements.md#req-media-stages: receiving lasts as long as the largest survey.
  const receiveS = surveys.reduce((max, s) => Math.max(max, s.size), 0) || DEFAULT_WORKFLOW_SECONDS;
  const copyStage = media.workflow.stages[stageIndex(media.workflow, 'copy')]!;
  media.workflow.stages[stageIndex(media.workflow, 'receive')]!.durationS = receiveS;
  moveNext(media.workflow, now, world.speed);
  world.touch('media', media.mediaId);
  for (const s of surveys) {
    if (currentStage(s.workflow).name !== 'new') continue;
    s.workflow.stages[stageIndex(s.workflow, 'copy')]!.durationS = copyStage.durationS;
    s.workflow.stages[stageIndex(s.workflow, 'receive')]!.durationS = s.size;
    moveNext(s.workflow, now, world.speed);
    world.touch('surveys', s.surveyId);
  }
  ctx.note({ kind: 'received', receiveId: media.receiveId }, { media: media.mediaId, drive: host });
  return ok(`started receiving media on ${host}`, 'simulation', [hl('drives', host), hl('media', media.mediaId)]);
}

const NOT_RECEIVED = new Set(['new', 'copy', 'receive']);

export function cancelReceive(ctx: ActionContext, host: string): ActionResult {
  const { world, now } = ctx;
  const drive = own(world.index.drives, host);
  if (!drive) return notFound('drive', host);
  const media = world.get('media', drive.mediaId);
  if (!media || !media.flags.canCancel) return unavailable(`drive ${host}`);
  haltStage(media.workflow, 'cancelled', now);
  world.touch('media', media.mediaId);
  for (const id of media.surveyIds) {
    const s = world.index.surveys[id];
    if (!s) continue;
    const stage = currentStage(s.workflow);
    if (!NOT_RECEIVED.has(stage.name) || stage.state === 'cancelled' || stage.state === 'completed') continue;
    haltStage(s.workflow, 'cancelled', now);
    world.touch('surveys', id);
  }
  ctx.note({ kind: 'receiveCancelled' }, { media: media.mediaId, drive: host });
  return ok(`receive cancelled for ${host}`, 'warning', [hl('drives', host), hl('media', media.mediaId)]);
}

export function ejectMedia(ctx: ActionContext, host: string): ActionResult {
  const { world } = ctx;
  const drive = own(world.index.drives, host);
  if (!drive) return notFound('drive', host);
  const media = world.get('media', drive.mediaId);
  if (!media || !mediaCanEject(media)) return unavailable(`drive ${host}`);
  if (media.isNew) {
    // Never received: nothing of it was kept.
    removeMedia(world, [media.mediaId]);
  } else {
    media.host = null;
    world.touch('media', media.mediaId);
  }
  drive.mediaId = null;
  world.touch('drives', host);
  ctx.note({ kind: 'ejected' }, { media: media.mediaId, drive: host });
  return ok(`media ejected from ${host}`, 'success', [hl('drives', host)]);
}

export function assignSurveys(
  ctx: ActionContext,
  mediaId: Id,
  assignments?: { surveyId: Id; email: string }[],
): ActionResult {
  const { world, now } = ctx;
  const media = own(world.index.media, mediaId);
  if (!media) return notFound('media set', mediaId);
  if (!media.flags.canAssign) return unavailable(`media ${mediaId}`);
  let list = assignments;
  if (!list) {
    const me = world.current.user;
    if (!world.current.loggedIn || !me) return fail('Please sign in first');
    list = media.surveyIds.map((surveyId) => ({ surveyId, email: me.email }));
  }
  for (const a of list) {
    const surveyId: unknown = a?.surveyId;
    if (typeof surveyId !== 'string' || !media.surveyIds.includes(surveyId)) return fail(`${typeof surveyId === 'string' ? surveyTitle(surveyId) : `Survey ${shown(surveyId)}`} is not on media ${mediaId}`);
    if (!own(world.index.users, typeof a.email === 'string' ? a.email.toLowerCase() : null)) return fail(`Unknown user ${shown(a.email)}`);
  }
  for (const a of list) {
    const s = own(world.index.surveys, a.surveyId);
    if (!s) continue;
    s.assignedTo = a.email.toLowerCase();
    world.touch('surveys', a.surveyId);
    ctx.note({ kind: 'assigned', to: s.assignedTo }, { surveys: [a.surveyId], media: mediaId });
  }
  moveNext(media.workflow, now, world.speed);
  world.touch('media', mediaId);
  const assigned = list.map((a) => a.surveyId);
  return ok('assigned surveys', 'success', [hl('media', mediaId), ...assigned.map((id) => hl('surveys', id))], assignedLink(world, assigned));
}
