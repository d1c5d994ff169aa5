/**
 * Reassign one survey (the ⋯ menu): a plain assignment to any user, the current assignee first
 * chosen. The engine refuses a survey not yet received.
 */
import { useState } from 'react';
import { Field } from '@fluentui/react-components';
import type { Survey } from '../../worker/domain/types';
import { shortId } from '../../worker/domain/shortId';
import { FormDialog } from '../components/FormDialog';
import { useAction } from '../app/useAction';
import { useAllOf, useCurrent } from '../engine/hooks';
import { UserPicker } from './UserPicker';

export function ReassignDialog({ survey, onClose }: { survey: Survey; onClose: () => void }) {
  const run = useAction();
  const me = useCurrent().user?.email ?? '';
  const users = useAllOf('users').entities;
  const [email, setEmail] = useState(survey.assignedTo ?? me);
  const id = shortId(survey.surveyId);
  return (
    <FormDialog
      open
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
    </FormDialog>
  );
}
