/**
 * Reassign one survey (the ⋯ menu): a plain assignment to any user, the current assignee first
 * chosen. The engine refuses a survey not yet received.
 */
import { useState } from 'react';
import { Field } from '@fluentui/react-components';
import type { Survey } from '../engine/entities';
import { shortId } from '../../worker/domain/shortId';
import { DialogForm, formDialog } from '../components/FormDialog';
import { useAction } from '../app/useAction';
import { useAllOf, useCurrent } from '../engine/hooks';
import { UserPicker } from './UserPicker';

type ReassignFormProps = { survey: Survey; onClose: () => void };

export const ReassignDialog = formDialog(ReassignForm);

/** The chosen user, fresh on each opening (the survey's assignee). */
function ReassignForm({ survey, onClose }: ReassignFormProps) {
  const run = useAction();
  const me = useCurrent().user?.email ?? '';
  const users = useAllOf('users').entities;
  const [email, setEmail] = useState(survey.assignedTo ?? me);
  const id = shortId(survey.surveyId);
  return (
    <DialogForm
      title={`Reassign survey ${id}`}
      okLabel="Reassign"
      onClose={onClose}
      onOk={async () => {
        const result = await run({ type: 'reassignSurvey', surveyId: survey.surveyId, email });
        return result.ok ? null : result.error;
      }}
    >
      <Field label={`Assign survey ${id} to`}>
        <UserPicker users={users} value={email} onChange={setEmail} label={`Assign survey ${id} to`} />
      </Field>
    </DialogForm>
  );
}
