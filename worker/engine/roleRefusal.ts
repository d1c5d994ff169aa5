/**
 * The laptop refuses first (issue 52, docs/requirements.md#req-team-roles): in a team world, an
 * action the signed-in person's role does not allow is refused before it runs, in the words the
 * team server would refuse its change with. The rule is the server's own (teamRules.js's
 * actionRoleRefusal, the table in roles.ts); the engine only says what the action names. With team
 * sync off, or no role known, nothing is refused here.
 */
import type { Action } from '../api';
import { own } from './actions/context';
import { TEAM_RULES } from '../domain/teamDocRules';
import { actionRoleRefusal } from '../domain/teamRoles';
import type { SyncPort } from './syncPort';
import type { World } from './world';

/** Why the signed-in person's role does not allow `action` in this team world, or null. */
export function roleRefusalOf(action: Action, world: World, sync: SyncPort | null | undefined): string | null {
  if (!sync?.role) return null;
  const person = sync.author ?? world.current.user?.email ?? '';
  const named = (action as { surveyId?: unknown }).surveyId;
  const survey = own(world.index.surveys, named);
  const flags = action.type === 'setFlags' ? (action.flags as { speed?: unknown } | null | undefined) : undefined;
  const speed = typeof flags === 'object' && flags !== null && flags.speed !== undefined && flags.speed !== world.flags.speed;
  return actionRoleRefusal(action.type, sync.role, person, TEAM_RULES, survey ? { id: survey.surveyId, assignedTo: survey.assignedTo } : null, speed);
}
