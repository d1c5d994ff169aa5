/**
 * The survey QC page's decisions (docs/requirements.md#req-survey-qc): Start QC while ready but not started; Approve Survey
 * and Reject Survey (after a confirmation) while in progress, both returning to the capture's
 * surveys list.
 */
import { useState } from 'react';
import type { SurveyQcRow } from '../../../worker/screens';
import { surveyLabel, surveyTitle } from '../../../worker/domain/names';
import { paths } from '../../app/paths';
import { useAction } from '../../app/useAction';
import { useActionThenGo } from '../../hooks/useActionThenGo';
import { alertIfRefused } from '../../app/refusal';
import { ConfirmActionDialog } from '../../dialogs/ConfirmActionDialog';
import { RejectSurveyDialog } from './RejectSurveyDialog';
import { RoleButton, surveyNamed, useRoleRefusal } from '../../app/roleRefusal';

type Decision = 'approve' | 'reject' | null;

export function SurveyQcActions({ survey }: { survey: SurveyQcRow }) {
  const run = useAction();
  const runThenGo = useActionThenGo();
  const [deciding, setDeciding] = useState<Decision>(null);
  const name = surveyLabel(survey.surveyId);
  const flagged = survey.frameFlags.length;
  const back = paths.capture(survey.captureId, 'surveys');
  const start = () => alertIfRefused(run({ type: 'startSurveyQc', surveyId: survey.surveyId }), `QC of ${name}`);
  // A technician on a colleague's survey: each decision disabled with why, before its dialog opens (issue 52).
  const refusal = useRoleRefusal();
  const named = surveyNamed(survey);
  return (
    <>
      {survey.flags.qcReady && (
        <RoleButton refusal={refusal('startSurveyQc', named)} appearance="primary" onClick={() => void start()}>
          Start QC
        </RoleButton>
      )}
      {survey.flags.qcInProgress && (
        <>
          <RoleButton refusal={refusal('approveSurveyQc', named)} appearance="primary" onClick={() => setDeciding('approve')}>
            Approve Survey
          </RoleButton>
          <RoleButton refusal={refusal('rejectSurveyQc', named)} onClick={() => setDeciding('reject')}>
            Reject Survey
          </RoleButton>
        </>
      )}
      <ConfirmActionDialog
        open={deciding === 'approve'}
        title="Approve Survey"
        run={() => runThenGo({ type: 'approveSurveyQc', surveyId: survey.surveyId }, back)}
        onClose={() => setDeciding(null)}
      >
        {flagged > 0
          ? `Approve with ${flagged} flagged frame${flagged === 1 ? '' : 's'}? ${surveyTitle(survey.surveyId)} becomes ready for processing with its capture.`
          : `Approve ${name}? It becomes ready for processing with its capture.`}
      </ConfirmActionDialog>
      <RejectSurveyDialog
        open={deciding === 'reject'}
        surveyId={survey.surveyId}
        run={(reason) => runThenGo({ type: 'rejectSurveyQc', surveyId: survey.surveyId, reason }, back)}
        onClose={() => setDeciding(null)}
      />
    </>
  );
}
