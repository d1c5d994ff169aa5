/**
 * Process Applanix: confirms the positioning data of one survey (docs/requirements.md#req-modals, #req-survey-actions).
 */
import { Text } from '@fluentui/react-components';
import type { SurveyRow } from '../../worker/screens';
import { DialogForm, FormDialog } from '../components/FormDialog';
import { useAction } from '../app/useAction';
import { SurveySummary } from './SurveySummary';

export function ProcessApplanixDialog({ open, survey, onClose }: { open: boolean; survey: SurveyRow; onClose: () => void }) {
  const run = useAction();
  return (
    <FormDialog open={open} onClose={onClose}>
      <DialogForm
        title="Process Applanix"
        onClose={onClose}
        onOk={async () => {
          const result = await run({ type: 'processApplanix', surveyId: survey.surveyId });
          return result.ok ? null : result.error;
        }}
      >
        <Text as="p" block style={{ marginTop: 0 }}>
          Process the Applanix positioning data of this survey?
        </Text>
        <SurveySummary survey={survey} />
      </DialogForm>
    </FormDialog>
  );
}
