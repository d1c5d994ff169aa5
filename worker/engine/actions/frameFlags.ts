/**
 * Frame flags (issue 8): flag and unflag a frame of a survey under QC. Who and when are the
 * engine's (the current user, now), never the caller's. Everything is checked before the survey
 * changes, so a refusal leaves the world as it was.
 */
import type { ActionResult } from '../../api';
import {
  FLAG_NOTE_MAX,
  isCamera,
  isFlagReason,
  isFrame,
  isLine,
  sameFrame,
  sortFlags,
  type FrameFlag,
} from '../../domain/frameFlags';
import { surveyLabel } from '../../domain/names';
import type { Id, Survey } from '../../domain/types';
import { fail, hl, notFound, ok, own, unavailable, type ActionContext } from './context';

export interface FrameRef {
  surveyId: Id;
  line: number;
  camera: string;
  frame: number;
}

/** The survey, if it exists and is under QC, and the frame named well; else the refusal. */
function target(ctx: ActionContext, ref: FrameRef): Survey | ActionResult {
  const s = own(ctx.world.index.surveys, ref.surveyId);
  if (!s) return notFound('survey', ref.surveyId);
  if (!s.flags.qcInProgress) return unavailable(surveyLabel(s.surveyId));
  if (!isLine(ref.line) || !isCamera(ref.camera) || !isFrame(ref.frame)) return fail('No such frame');
  return s;
}

const isSurvey = (v: Survey | ActionResult): v is Survey => 'surveyId' in v;

export function flagFrame(ctx: ActionContext, ref: FrameRef, reason: unknown, note: unknown): ActionResult {
  const s = target(ctx, ref);
  if (!isSurvey(s)) return s;
  if (!isFlagReason(reason)) return fail('Choose a reason', 'reason');
  if (note !== undefined && typeof note !== 'string') return fail('The note must be text', 'note');
  const text = (note ?? '').trim();
  if (text.length > FLAG_NOTE_MAX) return fail(`The note is longer than ${FLAG_NOTE_MAX} characters`, 'note');
  const user = ctx.world.current.user;
  if (!user) return fail('Log in to flag frames');
  const flag: FrameFlag = { line: ref.line, camera: ref.camera, frame: ref.frame, reason, note: text, by: user.email, at: ctx.now };
  // Flagging a flagged frame again replaces its reason and note: one flag per frame.
  s.frameFlags = sortFlags([...s.frameFlags.filter((f) => !sameFrame(f, flag)), flag]);
  ctx.world.touch('surveys', s.surveyId);
  ctx.note({ kind: 'flagged', line: flag.line, camera: flag.camera, frame: flag.frame, reason, note: text }, { surveys: [s.surveyId] });
  return ok(`frame ${ref.frame} flagged: ${reason}`, 'warning', [hl('surveys', s.surveyId)]);
}

export function unflagFrame(ctx: ActionContext, ref: FrameRef): ActionResult {
  const s = target(ctx, ref);
  if (!isSurvey(s)) return s;
  if (!s.frameFlags.some((f) => sameFrame(f, ref))) return fail(`frame ${ref.frame} is not flagged`);
  s.frameFlags = s.frameFlags.filter((f) => !sameFrame(f, ref));
  ctx.world.touch('surveys', s.surveyId);
  ctx.note({ kind: 'unflagged', line: ref.line, camera: ref.camera, frame: ref.frame }, { surveys: [s.surveyId] });
  return ok(`frame ${ref.frame} unflagged`, 'info', [hl('surveys', s.surveyId)]);
}
