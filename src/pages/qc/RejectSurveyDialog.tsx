/**
 * Reject Survey (issue 8): a reason is required, one of the frame-flag reasons or, with Other, a
 * description in the reviewer's words. The survey's row shows it afterwards.
 */
import { surveyLabel } from '../../../worker/domain/names';
import { useState } from 'react';
import { Field, Radio, RadioGroup, Text, Textarea } from '@fluentui/react-components';
import { FLAG_REASONS, REJECT_REASON_MAX } from '../../../worker/domain/frameFlags';
import type { ActionResult } from '../../../worker/api';
import { DialogForm, formDialog } from '../../components/FormDialog';

type RejectSurveyFormProps = { surveyId: string; run: (reason: string) => Promise<ActionResult>; onClose: () => void };

export const RejectSurveyDialog = formDialog(RejectSurveyForm);

/** The reason and its check, fresh on each opening. */
function RejectSurveyForm({ surveyId, run, onClose }: RejectSurveyFormProps) {
  const [choice, setChoice] = useState('');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<'choice' | 'text' | null>(null);
  return (
    <DialogForm
      title="Reject Survey"
      okLabel="Reject Survey"
      onClose={onClose}
      onOk={async () => {
        const reason = choice === 'Other' ? text.trim() : choice;
        if (!reason) {
          // Beside the field it is about: no reason chosen, or Other left undescribed.
          setProblem(choice ? 'text' : 'choice');
          return false;
        }
        const result = await run(reason);
        return result.ok ? null : result.error;
      }}
    >
      <Text as="p" block>
        Reject {surveyLabel(surveyId)}? A rejected survey cannot be processed.
      </Text>
      <Field label="Reason" required validationMessage={problem === 'choice' ? 'Choose a reason' : undefined}>
        <RadioGroup
          value={choice}
          onChange={(_, data) => {
            setChoice(data.value);
            setProblem(null);
          }}
        >
          {FLAG_REASONS.map((r) => (
            <Radio key={r} value={r} label={r === 'Other' ? 'Other (describe)' : r} />
          ))}
        </RadioGroup>
      </Field>
      {choice === 'Other' && (
        <Field label="Describe the reason (required)" validationMessage={problem === 'text' ? 'Say why the survey is rejected' : undefined}>
          <Textarea value={text} maxLength={REJECT_REASON_MAX} onChange={(_, data) => setText(data.value)} />
        </Field>
      )}
    </DialogForm>
  );
}
