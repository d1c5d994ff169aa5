/**
 * What the signed-in person's role allows, as the console shows it (issue 52,
 * docs/requirements.md#req-team-roles): in a team world, an action their role does not allow is
 * shown disabled, with the reason at hand, never hidden without a word and never refused only
 * after a dialog. The rule is the shared one (teamRules.js's actionRoleRefusal, the table in
 * roles.ts), with the role the worker's team status says; with team sync off, or no role known,
 * every action is allowed, as the one-laptop demo has it.
 */
import type { ReactElement } from 'react';
import { Button, Tooltip, type ButtonProps } from '@fluentui/react-components';
import type { Action } from '../../worker/api';
import { ROLE_RULES } from '../../worker/domain/roles';
import { actionRoleRefusal } from '../../worker/domain/teamRoles';
import { useTeamSync } from '../engine/hooks';

/** The survey an action names, as a row holds it: its id and its assignee's email. */
export interface SurveyNamed {
  surveyId: string;
  assignedTo: string | null;
}

/** The survey a row shows, as an action names it: its assignee's email from the row's person. */
export const surveyNamed = (row: { surveyId: string; assigned: { email: string } | null }): SurveyNamed => ({ surveyId: row.surveyId, assignedTo: row.assigned?.email ?? null });

export type RoleRefusal = (type: Action['type'], survey?: SurveyNamed, changesSpeed?: boolean) => string | null;

/** Why the person's role refuses an action, or null: the worker's role, the shared rule. */
export function useRoleRefusal(): RoleRefusal {
  const status = useTeamSync();
  const role = status && status.state !== 'off' ? status.role : undefined;
  const account = status?.account ?? '';
  return (type, survey, changesSpeed = false) =>
    role ? actionRoleRefusal(type, role, account, { roles: ROLE_RULES }, survey ? { id: survey.surveyId, assignedTo: survey.assignedTo } : null, changesSpeed) : null;
}

/** A button, or, where the role refuses its action, the same button disabled with the reason as its tooltip. */
export function RoleButton({ refusal, ...props }: ButtonProps & { refusal: string | null }): ReactElement {
  if (!refusal) return <Button {...props} />;
  return (
    <Tooltip content={refusal} relationship="description">
      <Button {...props} onClick={undefined} disabledFocusable />
    </Tooltip>
  );
}
