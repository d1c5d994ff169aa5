/**
 * Assign (docs/requirements.md#req-validation-assign): the pickers start on the current user for every survey; a picker per survey
 * is offered only when the media holds more than one survey. What is chosen is sent as it is, and
 * the engine's refusal (an unknown user, a survey not on the media) shows in the dialog.
 */
import { useState } from 'react';
import { Field, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import type { Id } from '../../worker/domain/types';
import type { MediaRow, UserRow } from '../../worker/screens';
import { DialogForm, formDialog } from '../components/FormDialog';
import { useAction } from '../app/useAction';
import { useCurrent, useView } from '../engine/hooks';
import { shortId } from '../../worker/domain/shortId';
import { surveyLabel, surveyTitle } from '../../worker/domain/names';
import { UserPicker } from './UserPicker';

type AssignFormProps = { media: Pick<MediaRow, 'mediaId' | 'receiveId' | 'surveyIds'>; onClose: () => void };

export const AssignDialog = formDialog(AssignForm);

const NO_USERS: UserRow[] = [];

/** Assign's fields and drafts, fresh on each opening. */
function AssignForm({ media, onClose }: AssignFormProps) {
  const run = useAction();
  const me = useCurrent().user?.email ?? '';
  const users = useView({ view: 'users' })?.rows ?? NO_USERS;
  const [all, setAll] = useState(me);
  const [perSurvey, setPerSurvey] = useState<Record<Id, string>>(() =>
    Object.fromEntries(media.surveyIds.map((id) => [id, me])),
  );
  const many = media.surveyIds.length > 1;

  const chooseAll = (email: string) => {
    setAll(email);
    setPerSurvey(Object.fromEntries(media.surveyIds.map((id) => [id, email])));
  };

  return (
    <DialogForm
      title={`Assign surveys of ${media.receiveId ?? media.mediaId}`}
      onClose={onClose}
      onOk={async () => {
        // The engine judges every choice (a user it knows, a survey of this media) and says why not.
        const assignments = media.surveyIds.map((surveyId) => ({ surveyId, email: perSurvey[surveyId] ?? all }));
        const result = await run({ type: 'assignSurveys', mediaId: media.mediaId, assignments });
        return result.ok ? null : result.error;
      }}
    >
      <Field label={many ? 'Assign all surveys to' : 'Assign the survey to'}>
        <UserPicker users={users} value={all} onChange={chooseAll} label={many ? 'Assign all surveys to' : 'Assign the survey to'} />
      </Field>
      {many ? (
        <Table size="small" aria-label="Assignments" style={{ marginTop: 12 }}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Survey</TableHeaderCell>
              <TableHeaderCell>Assigned</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {media.surveyIds.map((id) => (
              <TableRow key={id}>
                <TableCell>{shortId(id)}</TableCell>
                <TableCell>
                  <UserPicker
                    users={users}
                    value={perSurvey[id] ?? all}
                    onChange={(email) => setPerSurvey((prev) => ({ ...prev, [id]: email }))}
                    label={`Assign ${surveyLabel(id)} to`}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <Text as="p" block style={{ marginTop: 12 }}>
          {media.surveyIds.length === 1 ? `${surveyTitle(media.surveyIds[0]!)}.` : 'This media holds no surveys.'}
        </Text>
      )}
    </DialogForm>
  );
}
