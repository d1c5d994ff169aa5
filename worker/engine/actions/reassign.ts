/**
 * Reassign (the survey's ⋯ menu): a plain assignment of one survey to any user, at any time after
 * it was received. Unlike Assign it does not move the media on: its assignment stage is long done.
 * A survey still on media not yet received is not shown anywhere, so it cannot be reassigned.
 */
import type { ActionResult } from '../../api';
import { surveyLabel } from '../../domain/names';
import type { Id } from '../../domain/types';
import { currentStage } from '../../domain/workflow';
import { assignedLink, fail, hl, notFound, ok, own, shown, unavailable, type ActionContext } from './context';

export function reassignSurvey(ctx: ActionContext, surveyId: Id, email: string): ActionResult {
  const { world } = ctx;
  const survey = own(world.index.surveys, surveyId);
  if (!survey) return notFound('survey', surveyId);
  if (currentStage(survey.workflow).hidden) return unavailable(surveyLabel(surveyId));
  const key = typeof email === 'string' ? email.toLowerCase() : '';
  if (!own(world.index.users, key)) return fail(`Unknown user ${shown(email)}`);
  survey.assignedTo = key;
  world.touch('surveys', surveyId);
  ctx.note({ kind: 'reassigned', to: key }, { surveys: [surveyId] });
  return ok('assigned surveys', 'success', [hl('surveys', surveyId)], assignedLink(world, [surveyId]));
}
