/** The one switch from an `Action` to its handler (every synchronous action of api.ts). */
import type { Action, ActionResult } from '../../api';
import type { ActionContext } from './context';
import { list, record } from './shape';
import {
  approveSurveyQc,
  cancelSurvey,
  processApplanix,
  processPodconfig,
  rejectSurveyQc,
  startSurveyQc,
} from './survey';
import { decideCaptureQc, processCapture, publishCapture, startCaptureQc } from './capture';
import { assignSurveys, cancelReceive, ejectMedia, insertMedia, receiveMedia } from './media';
import { cleanCapture, cleanDemo, sampleOnly } from './data';
import { login, logout, setFlags } from './session';
import { reassignSurvey } from './reassign';
import { flagFrame, unflagFrame } from './frameFlags';
import { setFavourite } from './favourites';

export type SynchronousAction = Exclude<Action, { type: 'resetDemo' } | { type: 'reloadData' } | { type: 'importWorld' }>;

export function applyAction(ctx: ActionContext, action: SynchronousAction): ActionResult {
  // Issue 13: a caller may send anything; lists and records arrive as what the handlers expect.
  switch (action.type) {
    case 'login':
      return login(ctx, action.email, action.password);
    case 'logout':
      return logout(ctx);
    case 'setFlags':
      return setFlags(ctx, record(action.flags));
    case 'insertMedia':
      return insertMedia(ctx, action.host, list(action.bays), list(action.surveys));
    case 'receiveMedia':
      return receiveMedia(ctx, action.host, list(action.itemIds));
    case 'cancelReceive':
      return cancelReceive(ctx, action.host);
    case 'ejectMedia':
      return ejectMedia(ctx, action.host);
    case 'assignSurveys':
      return assignSurveys(ctx, action.mediaId, action.assignments === undefined ? undefined : list(action.assignments));
    case 'reassignSurvey':
      return reassignSurvey(ctx, action.surveyId, action.email);
    case 'cancelSurvey':
      return cancelSurvey(ctx, action.surveyId);
    case 'processApplanix':
      return processApplanix(ctx, action.surveyId);
    case 'processPodconfig':
      return processPodconfig(ctx, action.surveyId, action.files);
    case 'startSurveyQc':
      return startSurveyQc(ctx, action.surveyId);
    case 'approveSurveyQc':
      return approveSurveyQc(ctx, action.surveyId);
    case 'rejectSurveyQc':
      return rejectSurveyQc(ctx, action.surveyId, action.reason);
    case 'flagFrame':
      return flagFrame(ctx, action, action.reason, action.note);
    case 'unflagFrame':
      return unflagFrame(ctx, action);
    case 'processCapture':
      return processCapture(ctx, action.captureId, list(action.surveyIds));
    case 'startCaptureQc':
      return startCaptureQc(ctx, action.captureId);
    case 'approveCaptureQc':
      return decideCaptureQc(ctx, action.captureId, true);
    case 'rejectCaptureQc':
      return decideCaptureQc(ctx, action.captureId, false);
    case 'publishCapture':
      return publishCapture(ctx, action.captureId);
    case 'cleanCapture':
      return cleanCapture(ctx, action.captureId);
    case 'cleanDemo':
      return cleanDemo(ctx);
    case 'sampleOnly':
      return sampleOnly(ctx);
    case 'setFavourite':
      return setFavourite(ctx, action.kind, action.id, action.starred);
    default: {
      const unknown: never = action;
      return { ok: false, error: `Unknown action ${(unknown as { type: string }).type}` };
    }
  }
}
