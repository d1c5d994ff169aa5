/**
 * The next step a flash can offer as a link, worked out from the action and what it touched: after
 * Assign, the assigned surveys (their capture's Surveys tab, or the one survey's capture).
 */
import type { Action, ActionResult } from '../../worker/api';
import type { FlashLink } from './flash';
import { engineClient } from '../engine/client';
import { paths } from './paths';

export async function flashLink(action: Action, result: ActionResult): Promise<FlashLink | undefined> {
  if (!result.ok) return undefined;
  if (action.type === 'assignSurveys' || action.type === 'reassignSurvey') {
    const { model } = engineClient();
    const surveyIds = (result.highlight ?? []).filter((h) => h.kind === 'surveys').map((h) => h.id);
    // The page may not hold them (assigned from a drive's row): asked of the worker if so.
    const surveys = await Promise.all(surveyIds.map((id) => model.entity('surveys', id)));
    const captureIds = new Set(surveys.map((s) => s?.captureId).filter((id): id is string => !!id));
    if (captureIds.size === 0) return undefined;
    const [first] = captureIds;
    const cpid = (await model.entity('captures', first!))?.cpid ?? '';
    return {
      href: paths.capture(first!, 'surveys'),
      text: captureIds.size === 1 ? `View the assigned surveys of ${cpid}` : `View the assigned surveys (${cpid} first)`,
    };
  }
  return undefined;
}
