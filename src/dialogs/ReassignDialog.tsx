/**
 * Reassign one survey (the ⋯ menu): a plain assignment to any user, the current assignee first
 * chosen. The engine refuses a survey not yet received.
 */
import { useState } from 'react';
import { Field } from '@fluentui/react-components';
import type { SurveyRow, UserRow } from '../../worker/screens';
import { surveyLabel } from '../../worker/domain/names';
import { DialogForm, formDialog } from '../components/FormDialog';
import { useAction } from '../app/useAction';
import { useCurrent, useView } from '../engine/hooks';
import { UserPicker } from './UserPicker';

type ReassignFormProps = { survey: SurveyRow; onClose: () => void };

export const ReassignDialog = formDialog(ReassignForm);

const NO_USERS: UserRow[] = [];

/** The chosen user, fresh on each opening (the survey's assignee). */
function ReassignForm({ survey, onClose }: ReassignFormProps) {
  const run = useAction();
  const me = useCurrent().user?.email ?? '';
  const users = useView({ view: 'users' })?.rows ?? NO_USERS;
  const [email, setEmail] = useState(survey.assigned?.email ?? me);
  const name = surveyLabel(survey.surveyId);
  return (
    <DialogForm
      title={`Reassign ${name}`}
      okLabel="Reassign"
      onClose={onClose}
      onOk={async () => {
        const result = await run({ type: 'reassignSurvey', surveyId: survey.surveyId, email });
        return result.ok ? null : result.error;
      }}
    >
      <Field label={`Assign ${name} to`}>
        <UserPicker users={users} value={email} onChange={setEmail} label={`Assign ${name} to`} />
      </Field>
    </DialogForm>
  );
}
